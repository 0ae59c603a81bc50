import clsx from 'clsx';
import { discountPercent } from '@vetrina/shared/sale-price';
import { formatCents } from '@/lib/format';
import { useStorefront } from '../store-context';

/**
 * A price in it-IT euro, in the store's accent colour; "da" when variants cost differently. With a
 * 'Prezzo pieno' above it, that one follows struck through (named for screen readers), and with
 * `badge` the discount too ('-20%').
 */
export function Price({
  cents,
  from,
  compareAtCents,
  badge,
  className,
}: {
  cents: number;
  from?: boolean;
  compareAtCents?: number | null;
  badge?: boolean;
  className?: string;
}) {
  const percent = discountPercent(cents, compareAtCents);
  const price = (
    <span className={clsx('font-semibold tabular-nums text-(--sf-accent-ink)', percent === null && className)}>
      {from && <span className="mr-1 text-[0.85em] font-normal">da</span>}
      {formatCents(cents)}
    </span>
  );
  if (percent === null || !compareAtCents) return price;
  return (
    <span className={clsx('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      {price}
      <s className="text-[0.8em] tabular-nums opacity-70" data-testid="compare-at-price">
        <span className="sr-only">Prezzo pieno </span>
        {formatCents(compareAtCents)}
      </s>
      {badge && percent > 0 && <SaleBadge percent={percent} />}
    </span>
  );
}

/** The discount ('-20%'), shaped like the 'Esaurito' badge, in the store's accent colour. */
export function SaleBadge({ percent, className }: { percent: number; className?: string }) {
  const { theme } = useStorefront();
  return (
    <span
      className={clsx('inline-flex items-center bg-(--sf-accent) px-2.5 py-1 text-xs font-semibold text-(--sf-on-accent)', theme.badge, className)}
      data-testid="sale-badge"
    >
      -{percent}%
    </span>
  );
}
