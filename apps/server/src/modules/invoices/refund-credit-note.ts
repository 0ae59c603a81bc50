import { isVatNature, splitVat, VAT_CODES, type VatCode } from '@vetrina/shared';
import { SHIPPING_LINE, STAMP_DUTY_THRESHOLD_CENTS, SURCHARGE_LINE } from './build-document.js';
import type { InvoiceDocument, InvoiceLine, InvoiceSummaryRow } from './document.js';

/**
 * The credit note (TD04) of a refund: exactly the refunded lines and amounts, at the VAT codes of
 * the invoice it corrects (docs/decisions/0051-returns.md).
 * - A goods line: its description, the units refunded and what the refund returns for them (the
 *   discount already apportioned by refund-math.ts), split at that line's code on the invoice.
 * - Shipping: at the code of the invoice's shipping line, the part above it at the code of its
 *   cash-on-delivery surcharge line.
 * - The adjustment (a goodwill sum, or a deduction when negative) is a variation of the whole sale
 *   (art. 26 DPR 633/72): it is split over the invoice's VAT codes in proportion to their amounts,
 *   one 'Rettifica' line per code, so no rate is credited VAT it was never charged. A negative line
 *   is accepted by the format, as the invoice's own discount lines are.
 */
export interface RefundForCredit {
  lines: { orderItemId: string; quantity: number; amountCents: number }[];
  shippingCents: number;
  adjustmentCents: number;
}

const ADJUSTMENT_LINE = 'Rettifica del rimborso';

/** Splits `total` in proportion to `weights` (largest remainder; ties to the first), keeping its sign. */
function apportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const abs = Math.abs(total);
  const parts = weights.map((w) => Math.floor((abs * w) / sum));
  const rests = weights.map((w, i) => ({ i, r: (abs * w) % sum })).sort((a, b) => b.r - a.r || a.i - b.i);
  let left = abs - parts.reduce((a, b) => a + b, 0);
  for (const { i } of rests) {
    if (left <= 0) break;
    parts[i] = (parts[i] ?? 0) + 1;
    left -= 1;
  }
  return parts.map((p) => (total < 0 ? -p : p));
}

/**
 * The credit note's lines, summary and totals. `itemIds` are the order's line ids in the order
 * the invoice printed them (its first lines, one per order line); `defaultCode` is for an invoice
 * that had no shipping line.
 */
export function refundCreditDocument(
  invoice: InvoiceDocument,
  itemIds: readonly string[],
  refund: RefundForCredit,
  head: { number: string; date: string; transmissionId: string; refundedOn: string | null; defaultCode: VatCode },
): InvoiceDocument {
  const lines: InvoiceLine[] = [];
  const push = (description: string, quantity: number, grossCents: number, vatCode: VatCode) => {
    if (grossCents === 0) return;
    lines.push({ number: lines.length + 1, description, quantity, grossCents, vatCode, ...splitVat(grossCents, vatCode) });
  };
  for (const l of refund.lines) {
    const source = invoice.lines[itemIds.indexOf(l.orderItemId)];
    if (!source) throw new Error(`refund line ${l.orderItemId} is not on invoice ${invoice.number}`);
    push(source.description, l.quantity, l.amountCents, source.vatCode);
  }
  const after = invoice.lines.slice(itemIds.length);
  const shipping = after.find((l) => l.description === SHIPPING_LINE);
  const surcharge = after.find((l) => l.description === SURCHARGE_LINE);
  const shippingPart = shipping ? Math.min(refund.shippingCents, shipping.grossCents) : surcharge ? 0 : refund.shippingCents;
  push(SHIPPING_LINE, 1, shippingPart, shipping?.vatCode ?? head.defaultCode);
  if (surcharge) push(SURCHARGE_LINE, 1, refund.shippingCents - shippingPart, surcharge.vatCode);

  if (refund.adjustmentCents !== 0) {
    const gross = invoice.summary.map((r) => Math.max(0, r.taxableCents + r.vatCents));
    const parts = apportion(refund.adjustmentCents, gross);
    invoice.summary.forEach((r, k) => push(ADJUSTMENT_LINE, 1, parts[k] ?? 0, r.vatCode));
  }

  const byCode = new Map<VatCode, InvoiceSummaryRow>();
  for (const l of lines) {
    const row = byCode.get(l.vatCode) ?? { vatCode: l.vatCode, taxableCents: 0, vatCents: 0 };
    row.taxableCents += l.taxableCents;
    row.vatCents += l.vatCents;
    byCode.set(l.vatCode, row);
  }
  const summary = [...byCode.values()].sort((a, b) => VAT_CODES.indexOf(a.vatCode) - VAT_CODES.indexOf(b.vatCode));
  const taxableCents = summary.reduce((s, r) => s + r.taxableCents, 0);
  const vatCents = summary.reduce((s, r) => s + r.vatCents, 0);
  const exemptCents = summary.filter((r) => isVatNature(r.vatCode)).reduce((s, r) => s + r.taxableCents, 0);
  return {
    ...invoice,
    kind: 'credit_note',
    number: head.number,
    date: head.date,
    transmissionId: head.transmissionId,
    lines,
    summary,
    taxableCents,
    vatCents,
    totalCents: taxableCents + vatCents,
    // The money goes back to the shopper: no IBAN of the seller's to pay to.
    iban: null,
    paidOn: head.refundedOn,
    refersTo: { number: invoice.number, date: invoice.date },
    stampDuty: exemptCents > STAMP_DUTY_THRESHOLD_CENTS,
  };
}
