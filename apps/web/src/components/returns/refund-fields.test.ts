import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { returnMsg } from '@vetrina/shared/returns';
import type { RefundableOrderView } from '@vetrina/shared/returns-admin';
import { formatCents } from '@/lib/format';
import { refundableLines, refundDraft, type RefundFormState } from '@/lib/refund-form';
import { RefundFields } from './refund-fields';

const view = (over: Partial<RefundableOrderView> = {}): RefundableOrderView => ({
  items: [
    { id: 'a', title: 'Tazza', variantLabel: null, quantity: 2, totalPriceCents: 2000 },
    { id: 'b', title: 'Teiera', variantLabel: null, quantity: 1, totalPriceCents: 4000 },
  ],
  discountCents: 0,
  shippingCents: 500,
  surchargeCents: 0,
  totalCents: 6500,
  prior: [],
  method: 'stripe',
  iban: null,
  paid: true,
  ...over,
});

/** The fields as the dialog renders them for a state, as text (tags dropped, spaces normalised). */
function text(v: RefundableOrderView, state: RefundFormState) {
  const html = renderToStaticMarkup(
    createElement(RefundFields, { view: v, lines: refundableLines(v), state, draft: refundDraft(v, state), onChange: () => {}, ibanMessage: null }),
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, '’')
    .replace(/\s+/g, ' ');
}
const nbsp = (s: string) => s.replace(/\s/g, ' ');

describe('the refund fields', () => {
  it('show the live total and what is left', () => {
    const t = text(view(), { quantities: { a: 1, b: 0 }, shipping: '5', adjustment: '', iban: '' });
    expect(t).toContain(`Resta da rimborsare: ${nbsp(formatCents(6500))}`);
    expect(t).toContain(`Totale del rimborso ${nbsp(formatCents(1500))}`);
    expect(t).toContain(`Rimborso: ${nbsp(formatCents(1000))}`);
  });

  it('say why a refund cannot be made, and ask for the IBAN of a manual one', () => {
    const t = text(view({ method: 'manual' }), { quantities: { a: 2, b: 1 }, shipping: '5', adjustment: '1', iban: '' });
    expect(t).toContain(returnMsg.refundOver(nbsp(formatCents(6500))).replace(/\s/g, ' '));
    expect(t).toContain('IBAN del cliente');
    expect(text(view({ method: 'manual', iban: 'IT•• 3456' }), { quantities: { a: 1, b: 0 }, shipping: '', adjustment: '', iban: '' })).toContain('IT•• 3456');
  });
});
