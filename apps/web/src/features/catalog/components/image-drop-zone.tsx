import { useId, useRef, useState, type DragEvent } from 'react';
import { ImagePlus } from 'lucide-react';
import { cn } from '@/lib/cn';

/** Drag-and-drop or click (keyboard: Enter/Space on the button) to pick images. */
export function ImageDropZone({
  onFiles,
  disabled,
  multiple = true,
  hint,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  multiple?: boolean;
  hint: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [over, setOver] = useState(false);
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled) onFiles([...e.dataTransfer.files]);
  };
  return (
    <div
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      className={cn('rounded-lg border-2 border-dashed transition-colors', over ? 'border-primary bg-accent' : 'border-input', disabled && 'opacity-50')}
    >
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        aria-describedby={hintId}
        className="flex w-full flex-col items-center gap-2 rounded-lg p-6 text-center focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ImagePlus className="size-8 text-muted-foreground" aria-hidden />
        <span className="text-sm font-medium">Trascina qui le immagini o fai clic per sceglierle</span>
        <span id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        multiple={multiple}
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="image-input"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </div>
  );
}
