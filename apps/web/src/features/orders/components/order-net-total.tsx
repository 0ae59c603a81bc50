import type { OrderSummary } from '@vetrina/shared';
import { cn } from '@/lib/cn';
import { netTotal } from '../net-total';

/** The order's total net of its refunds and, under it, 'rimborsati …' when some went back (the original total on hover). */
export function OrderNetTotal({ order, className }: { order: Pick<OrderSummary, 'totalCents' | 'refundedCents'>; className?: string }) {
  const t = netTotal(order);
  return (
    <span className="block" title={t.original ?? undefined}>
      <span className={cn('block font-medium tabular-nums', className)}>{t.net}</span>
      {t.refunded && (
        <span className="block text-xs text-muted-foreground tabular-nums">
          {t.refunded}
          <span className="sr-only">, {t.original}</span>
        </span>
      )}
    </span>
  );
}
