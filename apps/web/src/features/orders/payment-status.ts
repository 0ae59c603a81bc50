import { PAYMENT_STATUSES, PAYMENT_STATUS_LABELS, type OrderSummary, type PaymentStatus } from '@vetrina/shared';

/**
 * Da pagare amber, Pagato green, Rimborsato slate, Scaduto red: outlined, so that they do not read as
 * the order status's filled badge beside them ('In attesa' is amber too).
 */
export const PAYMENT_BADGE_CLASS = {
  unpaid: 'border-amber-400 text-amber-800',
  paid: 'border-emerald-400 text-emerald-800',
  refunded: 'border-slate-400 text-slate-700',
  expired: 'border-red-400 text-red-800',
} as const satisfies Record<PaymentStatus, string>;

export const PAYMENT_STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));

export const isPaymentStatus = (v: string | null): v is PaymentStatus => v !== null && (PAYMENT_STATUSES as readonly string[]).includes(v);

/** What the team may set by hand; the server refuses the rest with the same rules (paymentMsg). */
export type PaymentAction = 'paid' | 'refunded';

/**
 * 'Segna come pagato': an unpaid order that is not cancelled and not paid by card (Stripe confirms
 * those). 'Segna come rimborsato': a paid order, whatever the method.
 */
export function paymentActions(order: Pick<OrderSummary, 'paymentStatus' | 'paymentMethod' | 'status'>): PaymentAction[] {
  if (order.paymentStatus === 'unpaid') return order.paymentMethod !== 'card' && order.status !== 'cancelled' ? ['paid'] : [];
  if (order.paymentStatus === 'paid') return ['refunded'];
  return [];
}
