import { LayoutGrid, Table2 } from 'lucide-react';
import { cn } from '@/lib/cn';

type View = 'cards' | 'table';
const OPTIONS: Array<{ value: View; label: string; Icon: typeof LayoutGrid }> = [
  { value: 'cards', label: 'Vista a schede', Icon: LayoutGrid },
  { value: 'table', label: 'Vista tabella', Icon: Table2 },
];

/** Two pressed-or-not buttons: the list as the spec's cards or as a dense table. */
export function ViewToggle({ value, onChange }: { value: View; onChange: (view: View) => void }) {
  return (
    <div role="group" aria-label="Vista dell'elenco" className="inline-flex h-10 rounded-md border border-input bg-background p-0.5">
      {OPTIONS.map(({ value: v, label, Icon }) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          aria-label={label}
          title={label}
          onClick={() => onChange(v)}
          className={cn(
            'inline-flex items-center gap-1.5 rounded-sm px-2.5 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === v && 'bg-muted text-foreground',
          )}
        >
          <Icon aria-hidden className="size-4" />
          <span className="hidden lg:inline">{label}</span>
        </button>
      ))}
    </div>
  );
}
