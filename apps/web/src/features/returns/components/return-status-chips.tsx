import { RETURN_STATUSES, RETURN_STATUS_LABELS, type ReturnStatus } from '@vetrina/shared/returns';
import { cn } from '@/lib/cn';

/** 'Tutti' and one chip per state; the pressed one filters the list. */
export function ReturnStatusChips({ value, onChange }: { value: ReturnStatus | undefined; onChange: (s: ReturnStatus | null) => void }) {
  const chip = (active: boolean) =>
    cn(
      'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
      active ? 'border-primary bg-primary text-primary-foreground' : 'bg-background text-muted-foreground hover:text-foreground',
    );
  return (
    <div role="group" aria-label="Filtra per stato" className="flex flex-wrap gap-2">
      <button type="button" aria-pressed={!value} className={chip(!value)} onClick={() => onChange(null)}>
        Tutti
      </button>
      {RETURN_STATUSES.map((s) => (
        <button key={s} type="button" aria-pressed={value === s} className={chip(value === s)} onClick={() => onChange(s)}>
          {RETURN_STATUS_LABELS[s]}
        </button>
      ))}
    </div>
  );
}
