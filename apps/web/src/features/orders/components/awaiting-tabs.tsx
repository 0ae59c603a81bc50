import { confirmationMsg } from '@vetrina/shared';
import { cn } from '@/lib/cn';

/**
 * 'Tutti gli ordini' / 'Da confermare (N)': cash-on-delivery and pickup orders the shopper has not
 * confirmed yet, apart, with their count (the store's, whatever the other filters).
 */
export function AwaitingTabs({
  awaitingOnly,
  count,
  onChange,
}: {
  awaitingOnly: boolean;
  count: number | undefined;
  onChange: (awaitingOnly: boolean) => void;
}) {
  const tab = (active: boolean) =>
    cn(
      'inline-flex items-center gap-2 rounded-sm px-3 py-1.5 text-sm font-medium',
      active ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
    );
  return (
    <div role="group" aria-label="Quali ordini" className="inline-flex h-10 w-fit items-center rounded-md bg-muted p-1">
      <button type="button" aria-pressed={!awaitingOnly} className={tab(!awaitingOnly)} onClick={() => onChange(false)}>
        Tutti gli ordini
      </button>
      <button type="button" aria-pressed={awaitingOnly} className={tab(awaitingOnly)} onClick={() => onChange(true)} data-testid="awaiting-tab">
        {confirmationMsg.awaitingLabel}
        {count !== undefined && (
          <span className={cn('rounded-full px-2 text-xs tabular-nums', count > 0 ? 'bg-amber-200 text-amber-950' : 'bg-background/60')}>{count}</span>
        )}
      </button>
    </div>
  );
}
