import clsx from 'clsx';
import { formatCents } from '@/lib/format';

/** A price in it-IT euro, in the store's accent colour; "da" when variants cost differently. */
export function Price({ cents, from, className }: { cents: number; from?: boolean; className?: string }) {
  return (
    <span className={clsx('font-semibold tabular-nums text-(--sf-accent-ink)', className)}>
      {from && <span className="mr-1 text-[0.85em] font-normal">da</span>}
      {formatCents(cents)}
    </span>
  );
}
