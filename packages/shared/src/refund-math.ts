/**
 * What a refund returns, to the cent (docs/decisions/0051-returns.md). One function for the server,
 * the dashboard's 'Rimborsa' form and the credit note:
 * - the order's discount is apportioned over its lines in proportion to their totals, the cents
 *   left by rounding going to the largest remainders, so the lines' paid amounts add up to the
 *   goods' total after the discount exactly;
 * - within a line, k more units after r already refunded return floor(P·(r+k)/q) − floor(P·r/q),
 *   so however the units are split over refunds, all q of them return exactly P;
 * - shipping (with the cash-on-delivery surcharge) is refundable up to what was charged, and the
 *   whole never exceeds what was paid.
 */

export interface RefundableItem {
  id: string;
  title: string;
  quantity: number;
  totalPriceCents: number;
}
export interface RefundableOrder {
  items: RefundableItem[];
  discountCents: number;
  shippingCents: number;
  surchargeCents: number;
  totalCents: number;
}
export interface RefundLine {
  orderItemId: string;
  quantity: number;
}
/** A refund already made or under way (failed ones are not counted). */
export interface PriorRefund {
  lines: { orderItemId: string; quantity: number; amountCents: number }[];
  shippingCents: number;
  adjustmentCents: number;
}
export interface RefundRequest {
  lines: RefundLine[];
  shippingCents: number;
  adjustmentCents: number;
}
export interface RefundQuote {
  lines: { orderItemId: string; quantity: number; amountCents: number }[];
  itemsCents: number;
  shippingCents: number;
  adjustmentCents: number;
  totalCents: number;
}
export type RefundRefusal =
  | { kind: 'line-not-in-order' }
  | { kind: 'quantity-over'; title: string; left: number }
  | { kind: 'shipping-over'; leftCents: number }
  | { kind: 'over'; leftCents: number }
  | { kind: 'nothing' };

/** Each line's share of what was paid for the goods: its total less its part of the discount. */
export function linePaidCents(order: Pick<RefundableOrder, 'items' | 'discountCents'>): Map<string, number> {
  const subtotal = order.items.reduce((s, i) => s + i.totalPriceCents, 0);
  const discount = Math.min(Math.max(order.discountCents, 0), subtotal);
  const paid = new Map<string, number>();
  if (subtotal === 0) {
    for (const i of order.items) paid.set(i.id, 0);
    return paid;
  }
  const shares = order.items.map((i, index) => {
    const exact = discount * i.totalPriceCents;
    return { id: i.id, index, total: i.totalPriceCents, off: Math.floor(exact / subtotal), rest: exact % subtotal };
  });
  let left = discount - shares.reduce((s, x) => s + x.off, 0);
  const byRest = [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const s of byRest) {
    if (left <= 0) break;
    s.off += 1;
    left -= 1;
  }
  for (const s of shares) paid.set(s.id, s.total - s.off);
  return paid;
}

/** What is left to refund: units and cents per line, shipping, and in all. */
export function refundRemaining(order: RefundableOrder, prior: readonly PriorRefund[]) {
  const paid = linePaidCents(order);
  const lines = order.items.map((item) => {
    const done = prior.flatMap((p) => p.lines).filter((l) => l.orderItemId === item.id);
    const units = done.reduce((s, l) => s + l.quantity, 0);
    const cents = done.reduce((s, l) => s + l.amountCents, 0);
    return {
      orderItemId: item.id,
      title: item.title,
      quantityLeft: item.quantity - units,
      amountLeftCents: (paid.get(item.id) ?? 0) - cents,
      refundedUnits: units,
    };
  });
  const shippingCharged = order.shippingCents + order.surchargeCents;
  const shippingLeftCents = shippingCharged - prior.reduce((s, p) => s + p.shippingCents, 0);
  const refundedCents = prior.reduce((s, p) => s + p.lines.reduce((a, l) => a + l.amountCents, 0) + p.shippingCents + p.adjustmentCents, 0);
  return { lines, shippingLeftCents, refundedCents, totalLeftCents: order.totalCents - refundedCents };
}

/** The amounts of one refund, or why it cannot be made. */
export function quoteRefund(order: RefundableOrder, prior: readonly PriorRefund[], request: RefundRequest): RefundQuote | RefundRefusal {
  const paid = linePaidCents(order);
  const remaining = refundRemaining(order, prior);
  const wanted = new Map<string, number>();
  for (const l of request.lines) wanted.set(l.orderItemId, (wanted.get(l.orderItemId) ?? 0) + l.quantity);
  const lines: RefundQuote['lines'] = [];
  for (const [id, quantity] of wanted) {
    const item = order.items.find((i) => i.id === id);
    const left = remaining.lines.find((l) => l.orderItemId === id);
    if (!item || !left) return { kind: 'line-not-in-order' };
    if (quantity > left.quantityLeft) return { kind: 'quantity-over', title: item.title, left: left.quantityLeft };
    const p = paid.get(id) ?? 0;
    const before = Math.floor((p * left.refundedUnits) / item.quantity);
    const after = Math.floor((p * (left.refundedUnits + quantity)) / item.quantity);
    lines.push({ orderItemId: id, quantity, amountCents: after - before });
  }
  if (request.shippingCents > remaining.shippingLeftCents) return { kind: 'shipping-over', leftCents: Math.max(0, remaining.shippingLeftCents) };
  const itemsCents = lines.reduce((s, l) => s + l.amountCents, 0);
  const totalCents = itemsCents + request.shippingCents + request.adjustmentCents;
  if (totalCents > remaining.totalLeftCents) return { kind: 'over', leftCents: Math.max(0, remaining.totalLeftCents) };
  if (totalCents <= 0) return { kind: 'nothing' };
  return { lines, itemsCents, shippingCents: request.shippingCents, adjustmentCents: request.adjustmentCents, totalCents };
}

export const isRefundRefusal = (q: RefundQuote | RefundRefusal): q is RefundRefusal => 'kind' in q;
