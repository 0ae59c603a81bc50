import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { Minus, Plus } from 'lucide-react';

interface Props {
  value: number;
  max: number;
  onChange: (value: number) => void;
  label: string;
  /** In the cart, minus at 1 sets 0, which removes the line. */
  allowZero?: boolean;
  disabled?: boolean;
  size?: 'sm' | 'md';
}

/** Minus, a typed quantity and plus, kept between 1 and `max` (spec §9). */
export function QuantityStepper({ value, max, onChange, label, allowZero, disabled, size = 'md' }: Props) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const min = allowZero ? 0 : 1;
  const upper = Math.max(1, max);
  const commit = (raw: string) => {
    const n = Number.parseInt(raw, 10);
    if (Number.isNaN(n)) return setDraft(String(value));
    const next = Math.min(Math.max(n, min), upper);
    setDraft(String(next));
    if (next !== value) onChange(next);
  };
  const box = size === 'sm' ? 'size-8' : 'size-11';
  const step = 'inline-flex items-center justify-center transition hover:bg-black/5 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div role="group" aria-label={label} className={clsx('inline-flex items-center border border-current/25', size === 'sm' ? 'rounded-full' : 'rounded-lg')}>
      <button
        type="button"
        className={clsx(step, box, 'rounded-l-[inherit]')}
        onClick={() => onChange(value - 1)}
        disabled={disabled || value <= min}
        aria-label="Diminuisci quantità"
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label="Quantità"
        value={draft}
        disabled={disabled}
        onChange={(e) => setDraft(e.target.value.replace(/\D/g, '').slice(0, 2))}
        onBlur={(e) => commit(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && commit(e.currentTarget.value)}
        className={clsx(
          'w-10 bg-transparent text-center tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-(--sf-primary-ink)',
          size === 'sm' ? 'h-8 text-sm' : 'h-11',
        )}
      />
      <button
        type="button"
        className={clsx(step, box, 'rounded-r-[inherit]')}
        onClick={() => onChange(value + 1)}
        disabled={disabled || value >= upper}
        aria-label="Aumenta quantità"
      >
        <Plus aria-hidden className="size-4" />
      </button>
    </div>
  );
}
