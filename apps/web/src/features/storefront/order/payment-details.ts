import type { PublicOrder } from '@vetrina/shared/payments';

/** An IBAN as banks print it, in groups of four ('IT60 X054 2811 1010 0000 0123 456'), for reading. */
export const groupIban = (iban: string) => compactIban(iban).replace(/(.{4})(?=.)/g, '$1 ');

/** An IBAN as a bank's form takes it: no spaces, capitals. */
export const compactIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** An amount as a bank's form takes it: '1234,50' (Italian decimal comma, no thousands separator, no €). */

export type PaymentView = 'paid' | 'partially_refunded' | 'refunded' | 'expired' | 'cancelled' | 'confirming' | 'not-confirmed' | 'instructions';
export type CardConfirmation = 'idle' | 'confirming' | 'timed-out';

/**
 * What the payment box says. The payment status first; an order cancelled before it was paid asks
 * for nothing; after Stripe's return the shopper waits for the confirmation instead of paying again.
 */
export function paymentView(order: Pick<PublicOrder, 'status' | 'paymentStatus'>, confirmation: CardConfirmation): PaymentView {
  if (order.paymentStatus !== 'unpaid') return order.paymentStatus;
  if (order.status === 'cancelled') return 'cancelled';
  if (confirmation === 'confirming') return 'confirming';
  if (confirmation === 'timed-out') return 'not-confirmed';
  return 'instructions';
}

/** Stripe sends the shopper back to the order page with ?pagamento=completato. */
export const CARD_RETURN_PARAM = 'pagamento';
export const isCardReturn = (search: URLSearchParams) => search.get(CARD_RETURN_PARAM) === 'completato';

/** Whether the page should wait for Stripe's confirmation (the webhook may land a few seconds after the shopper). */
export const awaitsCardConfirmation = (order: Pick<PublicOrder, 'status' | 'paymentStatus' | 'paymentMethod'> | undefined, search: URLSearchParams) =>
  order !== undefined && order.paymentMethod === 'card' && order.paymentStatus === 'unpaid' && order.status !== 'cancelled' && isCardReturn(search);
