import { useId, useState, type KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** 'Valori' as chips: a comma or Enter adds what was typed (several at once when pasted with commas). */
export function OptionValuesInput({
  optionName,
  values,
  onAdd,
  onRemove,
}: {
  optionName: string;
  values: string[];
  onAdd: (values: string[]) => void;
  onRemove: (value: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const commit = (raw: string) => {
    const parts = raw
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
    if (parts.length) onAdd(parts);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      commit(text);
    } else if (e.key === 'Backspace' && text === '' && values.length) onRemove(values[values.length - 1]!);
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Valori</Label>
      <div className="flex min-h-10 flex-wrap items-center gap-1.5 rounded-md border bg-background px-2 py-1.5 focus-within:ring-2 focus-within:ring-ring">
        {values.map((v) => (
          <span key={v} className="inline-flex max-w-full items-center gap-1 rounded-full bg-secondary px-2.5 py-0.5 text-sm" data-testid="option-value">
            <span className="truncate" title={v}>
              {v}
            </span>
            <button
              type="button"
              className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground"
              onClick={() => onRemove(v)}
              aria-label={`Rimuovi il valore ${v} da ${optionName || 'opzione'}`}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </span>
        ))}
        <Input
          id={id}
          value={text}
          maxLength={200}
          onChange={(e) => (e.target.value.includes(',') ? commit(e.target.value) : setText(e.target.value))}
          onKeyDown={onKeyDown}
          onBlur={() => commit(text)}
          placeholder={values.length ? 'Aggiungi…' : 'Es. Rosso, Blu'}
          aria-describedby={`${id}-hint`}
          className="h-7 min-w-24 flex-1 border-0 px-1 shadow-none focus-visible:ring-0"
        />
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Separa i valori con una virgola o premi Invio.
      </p>
    </div>
  );
}
