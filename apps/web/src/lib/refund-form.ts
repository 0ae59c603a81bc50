import { EURO_FORMS, parseEuroToCents } from '@vetrina/shared/catalog-utils';
import { isAcceptedIban, normaliseIban } from '@vetrina/shared/payment-settings';
import { isRefundRefusal, quoteRefund, refundRemaining, type RefundQuote, type RefundRefusal } from '@vetrina/shared/refund-math';
import { returnMsg, type RefundInput, type ReturnLineChoice } from '@vetrina/shared/returns';
import type { RefundableOrderView } from '@vetrina/shared/returns-admin';
import { formatCents } from '@/lib/format';

/**
 * The 'Rimborsa' dialog's state and what it turns into: the amounts come from quoteRefund alone
 * (packages/shared/src/refund-math.ts), computed again at every keystroke, as the server will.
 */
export interface RefundFormState {
  /** Units to refund per order line (0: not refunded). */
  quantities: Record<string, number>;
  /** Euro text as typed ('4,90'); empty: nothing. */
  shipping: string;
  /** Euro text, may be negative (a deduction, e.g. a damaged item). */
  adjustment: string;
  /** Manual refunds without a known IBAN: the one the team types. */
  iban: string;
}

export const refundFormMsg = {
  shipping: `Importo della spedizione non valido: scrivi ad esempio ${EURO_FORMS}`,
  adjustment: `Rettifica non valida: scrivi ad esempio ${EURO_FORMS} o -5,00`,
} as const;

export interface RefundableLine {
  orderItemId: string;
  title: string;
  variantLabel: string | null;
  quantity: number;
  /** Units not refunded yet: the stepper's maximum. */
  left: number;
}

/** The order's lines with the units left to refund. */
export function refundableLines(view: RefundableOrderView): RefundableLine[] {
  const remaining = refundRemaining(view, view.prior);
  return view.items.map((item) => ({
    orderItemId: item.id,
    title: item.title,
    variantLabel: item.variantLabel,
    quantity: item.quantity,
    left: Math.max(0, remaining.lines.find((l) => l.orderItemId === item.id)?.quantityLeft ?? 0),
  }));
}

/** The form as it opens: nothing chosen, or (from a return) the return's lines, each within what is left. */
export function initialRefundState(view: RefundableOrderView, prefill: readonly ReturnLineChoice[] = []): RefundFormState {
  const quantities: Record<string, number> = {};
  for (const line of refundableLines(view)) {
    const wanted = prefill.filter((p) => p.orderItemId === line.orderItemId).reduce((s, p) => s + p.quantity, 0);
    quantities[line.orderItemId] = Math.min(wanted, line.left);
  }
  return { quantities, shipping: '', adjustment: '', iban: '' };
}

export function refusalMessage(r: RefundRefusal): string {
  switch (r.kind) {
    case 'line-not-in-order':
      return returnMsg.lineNotInOrder;
    case 'quantity-over':
      return returnMsg.quantityOver(r.title, r.left);
    case 'shipping-over':
      return returnMsg.shippingOver(formatCents(r.leftCents));
    case 'over':
      return returnMsg.refundOver(formatCents(r.leftCents));
    case 'nothing':
      return returnMsg.refundNothing;
  }
}

export type RefundDraft =
  { ok: true; quote: RefundQuote } | { ok: false; field: 'shipping' | 'adjustment' | null; message: string; refusal?: RefundRefusal['kind'] };

/** The typed state, read and quoted: the amount to confirm, or the one reason it cannot be made. */
export function refundDraft(view: RefundableOrderView, state: RefundFormState): RefundDraft {
  if (!view.paid) return { ok: false, field: null, message: returnMsg.refundUnpaid };
  const shippingCents = state.shipping.trim() === '' ? 0 : parseEuroToCents(state.shipping);
  if (shippingCents === null) return { ok: false, field: 'shipping', message: refundFormMsg.shipping };
  const adjustmentCents = state.adjustment.trim() === '' ? 0 : parseEuroToCents(state.adjustment, { allowNegative: true });
  if (adjustmentCents === null) return { ok: false, field: 'adjustment', message: refundFormMsg.adjustment };
  const lines = Object.entries(state.quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
  const quote = quoteRefund(view, view.prior, { lines, shippingCents, adjustmentCents });
  if (isRefundRefusal(quote)) {
    return { ok: false, field: quote.kind === 'shipping-over' ? 'shipping' : null, message: refusalMessage(quote), refusal: quote.kind };
  }
  return { ok: true, quote };
}

/** Whether the form must ask for the shopper's IBAN: a manual refund with none on record. */
export const needsIban = (view: RefundableOrderView) => view.method === 'manual' && !view.iban;

/** The IBAN typed, when one is asked for: the error to show, or null. */
export function ibanError(view: RefundableOrderView, iban: string): string | null {
  if (!needsIban(view)) return null;
  if (!iban.trim()) return returnMsg.refundIbanRequired;
  return isAcceptedIban(iban) ? null : returnMsg.iban;
}

/** The body of POST …/orders/:orderId/refunds. */
export function toRefundInput(view: RefundableOrderView, state: RefundFormState, quote: RefundQuote, returnId?: string): RefundInput {
  const input: RefundInput = {
    lines: quote.lines.map((l) => ({ orderItemId: l.orderItemId, quantity: l.quantity })),
    shippingCents: quote.shippingCents,
    adjustmentCents: quote.adjustmentCents,
  };
  if (returnId) input.returnId = returnId;
  if (needsIban(view)) input.iban = normaliseIban(state.iban);
  return input;
}

/** What is left to refund in all and of the shipping (the form's hints). */
export function leftToRefund(view: RefundableOrderView) {
  const r = refundRemaining(view, view.prior);
  return { totalCents: Math.max(0, r.totalLeftCents), shippingCents: Math.max(0, r.shippingLeftCents) };
}
