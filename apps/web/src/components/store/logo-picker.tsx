import { useEffect, useId, useState, type DragEvent } from 'react';
import { ImageUp, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { formatKb } from '@/lib/format';
import { logoFileError } from '@/lib/stores';
import { cn } from '@/lib/cn';

interface LogoPickerProps {
  /** The file chosen and not saved yet (held locally until saved, spec §3). */
  file: File | null;
  /** The logo already saved, shown when no new file is chosen. */
  currentUrl?: string | null;
  onChange: (file: File | null) => void;
  /** Removes the saved logo (settings); without it only a chosen file can be removed. */
  onRemoveCurrent?: () => void;
  disabled?: boolean;
}

/** Logo: drag-and-drop or click, preview, file name and size in KB, remove (spec §2 onboarding step 2). */
export function LogoPicker({ file, currentUrl, onChange, onRemoveCurrent, disabled }: LogoPickerProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (f: File | undefined) => {
    if (!f || disabled) return;
    const error = logoFileError(f);
    if (error) return void toast.error('Errore', { description: error });
    onChange(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length > 1) return void toast.error('Errore', { description: 'Too many files' });
    choose(e.dataTransfer.files[0]);
  };
  const shown = preview ?? currentUrl ?? null;

  return (
    <div className="grid gap-3">
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="peer sr-only"
        disabled={disabled}
        data-testid="logo-input"
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors hover:bg-muted/60 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2',
          dragging && 'border-primary bg-accent',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        {shown ? (
          <img src={shown} alt="Anteprima del logo" className="size-24 rounded-lg border bg-white object-contain" />
        ) : (
          <ImageUp className="size-10 text-muted-foreground" aria-hidden />
        )}
        <span className="text-sm font-medium">
          {shown ? 'Trascina qui un nuovo logo o fai clic per cambiarlo' : 'Trascina qui il logo o fai clic per sceglierlo'}
        </span>
        <span className="text-xs text-muted-foreground">PNG, JPG, WEBP (max 2MB)</span>
      </label>
      {file && (
        <div className="flex items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm">
          <span className="min-w-0 truncate" data-testid="logo-file-info">
            <span className="font-medium">{file.name}</span> <span className="text-muted-foreground">· {formatKb(file.size)}</span>
          </span>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            <Trash2 aria-hidden /> Rimuovi
          </Button>
        </div>
      )}
      {!file && currentUrl && onRemoveCurrent && (
        <Button variant="outline" size="sm" className="justify-self-start" onClick={onRemoveCurrent} disabled={disabled}>
          <Trash2 aria-hidden /> Rimuovi logo
        </Button>
      )}
    </div>
  );
}
