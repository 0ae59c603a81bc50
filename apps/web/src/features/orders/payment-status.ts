import {
  manualPaymentActions,
  PAYMENT_STATUSES,
  PAYMENT_STATUS_LABELS,
  type ManualPaymentStatus,
  type OrderSummary,
  type PaymentStatus,
} from '@vetrina/shared';

/**
 * Da pagare amber, Pagato green, Rimborsato slate, Scaduto red: outlined, so that they do not read as
 * the order status's filled badge beside them ('In attesa' is amber too).
 */
export const PAYMENT_BADGE_CLASS = {
  unpaid: 'border-amber-400 text-amber-800',
  paid: 'border-emerald-400 text-emerald-800',
  partially_refunded: 'border-sky-400 text-sky-800',
  refunded: 'border-slate-400 text-slate-700',
  expired: 'border-red-400 text-red-800',
} as const satisfies Record<PaymentStatus, string>;

export const PAYMENT_STATUS_OPTIONS = PAYMENT_STATUSES.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));

export const isPaymentStatus = (v: string | null): v is PaymentStatus => v !== null && (PAYMENT_STATUSES as readonly string[]).includes(v);

/** What the team may set by hand: the shared rule the server applies too. */
export type PaymentAction = ManualPaymentStatus;
export const paymentActions = (order: Pick<OrderSummary, 'paymentStatus' | 'paymentMethod' | 'status'>): PaymentAction[] => manualPaymentActions(order);
