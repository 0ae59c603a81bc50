import { describe, expect, it } from 'vitest';
import { discountCentsFor } from './pricing.js';
import { isRefundRefusal, linePaidCents, quoteRefund, refundRemaining, type PriorRefund, type RefundableOrder } from './refund-math.js';

/** A small seeded generator: the same orders every run, many of them. */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

function randomOrder(r: (n: number) => number): RefundableOrder {
  const items = Array.from({ length: 1 + r(5) }, (_, i) => {
    const quantity = 1 + r(7);
    const unit = 1 + r(20_000);
    return { id: `i${i}`, title: `Prodotto ${i}`, quantity, totalPriceCents: unit * quantity };
  });
  const subtotal = items.reduce((s, i) => s + i.totalPriceCents, 0);
  const discount = r(3) === 0 ? null : r(2) === 0 ? { kind: 'percent' as const, value: 1 + r(99) } : { kind: 'fixed' as const, value: r(subtotal + 500) };
  const discountCents = discountCentsFor(subtotal, discount);
  const shippingCents = r(2) * (1 + r(1500));
  const surchargeCents = r(3) === 0 ? r(500) : 0;
  return { items, discountCents, shippingCents, surchargeCents, totalCents: subtotal - discountCents + shippingCents + surchargeCents };
}

describe('refund amounts', () => {
  it('apportions the discount so the lines add up to the goods after it', () => {
    const paid = linePaidCents({
      items: [
        { id: 'a', title: 'A', quantity: 1, totalPriceCents: 1000 },
        { id: 'b', title: 'B', quantity: 1, totalPriceCents: 1000 },
        { id: 'c', title: 'C', quantity: 1, totalPriceCents: 1000 },
      ],
      discountCents: 100,
    });
    expect([...paid.values()]).toEqual([966, 967, 967]);
    expect([...paid.values()].reduce((s, v) => s + v, 0)).toBe(2900);
  });

  it('never returns more than was paid, and a full refund returns exactly it', () => {
    const r = rng(20261203);
    for (let run = 0; run < 3000; run++) {
      const order = randomOrder(r);
      const prior: PriorRefund[] = [];
      // Random partial refunds: some lines, some units, some shipping, sometimes an adjustment.
      for (let step = 0; step < 1 + r(4); step++) {
        const remaining = refundRemaining(order, prior);
        const lines = remaining.lines
          .filter((l) => l.quantityLeft > 0 && r(2) === 0)
          .map((l) => ({ orderItemId: l.orderItemId, quantity: 1 + r(l.quantityLeft) }));
        const shippingCents = remaining.shippingLeftCents > 0 && r(3) === 0 ? r(remaining.shippingLeftCents + 1) : 0;
        const adjustmentCents = r(5) === 0 ? r(300) - 150 : 0;
        const quote = quoteRefund(order, prior, { lines, shippingCents, adjustmentCents });
        if (!isRefundRefusal(quote)) prior.push(quote);
        expect(refundRemaining(order, prior).refundedCents).toBeLessThanOrEqual(order.totalCents);
      }
      const adjustments = prior.reduce((s, p) => s + p.adjustmentCents, 0);
      const remaining = refundRemaining(order, prior);
      const rest = quoteRefund(order, prior, {
        lines: remaining.lines.filter((l) => l.quantityLeft > 0).map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantityLeft })),
        shippingCents: remaining.shippingLeftCents,
        adjustmentCents: 0,
      });
      if (!isRefundRefusal(rest)) prior.push(rest);
      const done = refundRemaining(order, prior);
      // Everything refunded returns what was paid, less the team's deductions; an added amount leaves no room for the rest.
      if (adjustments === 0) expect(done.refundedCents).toBe(order.totalCents);
      else if (!isRefundRefusal(rest)) expect(done.refundedCents).toBe(order.totalCents + adjustments);
      expect(done.refundedCents).toBeLessThanOrEqual(order.totalCents);
      for (const l of done.lines) expect(l.amountLeftCents).toBeGreaterThanOrEqual(0);
    }
  });

  it('splits the units of a line so that all of them return the line exactly', () => {
    const order: RefundableOrder = {
      items: [{ id: 'a', title: 'Tazza', quantity: 3, totalPriceCents: 1000 }],
      discountCents: 0,
      shippingCents: 0,
      surchargeCents: 0,
      totalCents: 1000,
    };
    const prior: PriorRefund[] = [];
    const totals: number[] = [];
    for (let i = 0; i < 3; i++) {
      const q = quoteRefund(order, prior, { lines: [{ orderItemId: 'a', quantity: 1 }], shippingCents: 0, adjustmentCents: 0 });
      if (isRefundRefusal(q)) throw new Error('refused');
      prior.push(q);
      totals.push(q.totalCents);
    }
    expect(totals).toEqual([333, 333, 334]);
  });

  it('refuses more units than are left, lines not in the order, shipping over and totals over', () => {
    const order: RefundableOrder = {
      items: [{ id: 'a', title: 'Tazza', quantity: 2, totalPriceCents: 2000 }],
      discountCents: 0,
      shippingCents: 500,
      surchargeCents: 0,
      totalCents: 2500,
    };
    expect(quoteRefund(order, [], { lines: [{ orderItemId: 'a', quantity: 3 }], shippingCents: 0, adjustmentCents: 0 })).toEqual({
      kind: 'quantity-over',
      title: 'Tazza',
      left: 2,
    });
    expect(quoteRefund(order, [], { lines: [{ orderItemId: 'x', quantity: 1 }], shippingCents: 0, adjustmentCents: 0 })).toEqual({ kind: 'line-not-in-order' });
    expect(quoteRefund(order, [], { lines: [], shippingCents: 501, adjustmentCents: 0 })).toEqual({ kind: 'shipping-over', leftCents: 500 });
    expect(quoteRefund(order, [], { lines: [], shippingCents: 0, adjustmentCents: 2501 })).toEqual({ kind: 'over', leftCents: 2500 });
    expect(quoteRefund(order, [], { lines: [], shippingCents: 0, adjustmentCents: 0 })).toEqual({ kind: 'nothing' });
  });
});
