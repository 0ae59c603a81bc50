import { describe, expect, it } from 'vitest';
import { createDocument } from './document-factory.js';
import { buildFatturaXml } from './fatturapa.js';
import { loadFatturapa } from './fatturapa-lib.js';
import { refundCreditDocument } from './refund-credit-note.js';

const head = { number: '2026/0007', date: '2026-03-10', transmissionId: '0ABCE', refundedOn: '2026-03-09', defaultCode: '22' as const };
/** An invoice of a 22% line, a 10% line, a discount line each, shipping and the cash-on-delivery surcharge. */
const invoice = createDocument([
  { description: 'Lampada', quantity: 2, grossCents: 6000, vatCode: '22' },
  { description: 'Libro', quantity: 1, grossCents: 4000, vatCode: '10' },
  { description: 'Sconto', grossCents: -600, vatCode: '22' },
  { description: 'Sconto', grossCents: -400, vatCode: '10' },
  { description: 'Spese di spedizione', grossCents: 599, vatCode: '22' },
  { description: 'Supplemento pagamento alla consegna', grossCents: 300, vatCode: '22' },
]);

describe('the credit note of a refund', () => {
  it('credits the lines at their codes, shipping beyond its line as the surcharge, and splits the adjustment over the codes', async () => {
    await loadFatturapa();
    const doc = refundCreditDocument(
      invoice,
      ['lamp', 'book'],
      { lines: [{ orderItemId: 'lamp', quantity: 1, amountCents: 2700 }], shippingCents: 799, adjustmentCents: -990 },
      head,
    );
    expect(doc.lines.map((l) => [l.description, l.quantity, l.grossCents, l.vatCode])).toEqual([
      ['Lampada', 1, 2700, '22'],
      ['Spese di spedizione', 1, 599, '22'],
      ['Supplemento pagamento alla consegna', 1, 200, '22'],
      // 22%: 5400 + 599 + 300 = 6299 of 9899; 10%: 3600: −990 splits −630 / −360.
      ['Rettifica del rimborso', 1, -630, '22'],
      ['Rettifica del rimborso', 1, -360, '10'],
    ]);
    expect(doc.totalCents).toBe(2700 + 799 - 990);
    expect(doc.summary.reduce((s, r) => s + r.taxableCents + r.vatCents, 0)).toBe(doc.totalCents);
    expect(doc).toMatchObject({ kind: 'credit_note', number: '2026/0007', refersTo: { number: invoice.number, date: invoice.date }, iban: null });
    expect(() => buildFatturaXml(doc)).not.toThrow();
  });

  it('refuses a line the invoice does not have', () => {
    expect(() =>
      refundCreditDocument(invoice, ['lamp'], { lines: [{ orderItemId: 'x', quantity: 1, amountCents: 1 }], shippingCents: 0, adjustmentCents: 0 }, head),
    ).toThrow();
  });
});
