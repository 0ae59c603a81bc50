import type { OrderSummary } from '@vetrina/shared';
import { formatCents } from '@/lib/format';

/**
 * An order's total as the lists show it: net of what its refunds returned, with the small line
 * 'rimborsati 25,99 €' and, for the mouse and screen readers, the original total.
 */
export function netTotal(o: Pick<OrderSummary, 'totalCents' | 'refundedCents'>): { net: string; refunded: string | null; original: string | null } {
  const net = formatCents(o.totalCents - o.refundedCents);
  if (o.refundedCents <= 0) return { net, refunded: null, original: null };
  return { net, refunded: `rimborsati ${formatCents(o.refundedCents)}`, original: `Totale dell’ordine ${formatCents(o.totalCents)}` };
}
