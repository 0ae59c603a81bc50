import { describe, expect, it } from 'vitest';
import { returnMsg } from '@vetrina/shared/returns';
import type { RefundableOrderView } from '@vetrina/shared/returns-admin';
import { formatCents } from '@/lib/format';
import { ibanError, initialRefundState, refundableLines, refundDraft, refundFormMsg, toRefundInput, type RefundFormState } from './refund-form';

/** Two lines (3 × 10,00 € and 1 × 25,00 €), 5,00 € off, 4,90 € shipping: 54,90 € paid. */
const view = (over: Partial<RefundableOrderView> = {}): RefundableOrderView => ({
  items: [
    { id: 'a', title: 'Tazza', variantLabel: 'Blu', quantity: 3, totalPriceCents: 3000 },
    { id: 'b', title: 'Teiera', variantLabel: null, quantity: 1, totalPriceCents: 2500 },
  ],
  discountCents: 500,
  shippingCents: 490,
  surchargeCents: 0,
  totalCents: 5490,
  prior: [],
  method: 'stripe',
  iban: null,
  paid: true,
  ...over,
});
const state = (over: Partial<RefundFormState> = {}): RefundFormState => ({ quantities: { a: 0, b: 0 }, shipping: '', adjustment: '', iban: '', ...over });

describe('the refund dialog', () => {
  it('opens with the return’s lines, never above what is left to refund', () => {
    const v = view({ prior: [{ lines: [{ orderItemId: 'a', quantity: 2, amountCents: 1818 }], shippingCents: 0, adjustmentCents: 0 }] });
    expect(refundableLines(v).map((l) => l.left)).toEqual([1, 1]);
    expect(initialRefundState(v, [{ orderItemId: 'a', quantity: 3 }]).quantities).toEqual({ a: 1, b: 0 });
    expect(initialRefundState(view()).quantities).toEqual({ a: 0, b: 0 });
  });

  it('quotes one unit with its share of the discount, plus shipping and an adjustment', () => {
    // 3.000 of 5.500 bear 272,72… of the 500 cents off: the line paid 2.727, one unit 909.
    const draft = refundDraft(view(), state({ quantities: { a: 1, b: 0 }, shipping: '4,90', adjustment: '-1,50' }));
    expect(draft).toMatchObject({ ok: true, quote: { itemsCents: 909, shippingCents: 490, adjustmentCents: -150, totalCents: 1249 } });
  });

  it('refunds everything paid when all lines and the shipping are chosen', () => {
    const draft = refundDraft(view(), state({ quantities: { a: 3, b: 1 }, shipping: '4,90' }));
    expect(draft.ok && draft.quote.totalCents).toBe(5490);
  });

  it('names what is wrong in the shopper’s words of returnMsg', () => {
    expect(refundDraft(view(), state())).toMatchObject({ ok: false, message: returnMsg.refundNothing });
    expect(refundDraft(view(), state({ shipping: '5,00' }))).toMatchObject({ ok: false, field: 'shipping', message: returnMsg.shippingOver(formatCents(490)) });
    expect(refundDraft(view(), state({ quantities: { a: 4, b: 0 } }))).toMatchObject({ ok: false, message: returnMsg.quantityOver('Tazza', 3) });
    expect(refundDraft(view(), state({ quantities: { a: 3, b: 1 }, shipping: '4,90', adjustment: '0,01' }))).toMatchObject({
      ok: false,
      message: returnMsg.refundOver(formatCents(5490)),
    });
    expect(refundDraft(view({ paid: false }), state({ quantities: { a: 1, b: 0 } }))).toMatchObject({ ok: false, message: returnMsg.refundUnpaid });
  });

  it('refuses amounts that are not euros, and a negative shipping', () => {
    expect(refundDraft(view(), state({ shipping: '4,905' }))).toMatchObject({ ok: false, field: 'shipping', message: refundFormMsg.shipping });
    expect(refundDraft(view(), state({ shipping: '-1' }))).toMatchObject({ ok: false, field: 'shipping' });
    expect(refundDraft(view(), state({ adjustment: 'dieci' }))).toMatchObject({ ok: false, field: 'adjustment', message: refundFormMsg.adjustment });
  });

  it('asks for an IBAN only for a manual refund without one, and checks it', () => {
    expect(ibanError(view(), '')).toBeNull();
    expect(ibanError(view({ method: 'manual', iban: 'IT•• •••• 3456' }), '')).toBeNull();
    const manual = view({ method: 'manual' });
    expect(ibanError(manual, ' ')).toBe(returnMsg.refundIbanRequired);
    expect(ibanError(manual, 'IT60 X054 2811 1010 0000 0123 450')).toBe(returnMsg.iban);
    expect(ibanError(manual, 'it60 x054 2811 1010 0000 0123 456')).toBeNull();
  });

  it('sends the quoted lines with the return and the IBAN in electronic form', () => {
    const manual = view({ method: 'manual' });
    const s = state({ quantities: { a: 0, b: 1 }, iban: 'it60 x054 2811 1010 0000 0123 456' });
    const draft = refundDraft(manual, s);
    if (!draft.ok) throw new Error(draft.message);
    expect(toRefundInput(manual, s, draft.quote, 'r1')).toEqual({
      lines: [{ orderItemId: 'b', quantity: 1 }],
      shippingCents: 0,
      adjustmentCents: 0,
      returnId: 'r1',
      iban: 'IT60X0542811101000000123456',
    });
    expect(toRefundInput(view(), s, draft.quote)).not.toHaveProperty('iban');
  });
});
