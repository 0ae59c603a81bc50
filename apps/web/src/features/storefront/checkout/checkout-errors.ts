import { paymentMsg } from '@vetrina/shared/payments';
import { ApiError, type ApiErrorCode } from '@/lib/api-error';

export const TOO_MANY = { title: 'Troppi tentativi', description: 'Hai raggiunto il limite di ordini. Riprova tra qualche ora.' };
export const NOT_CREATED = "Errore durante la creazione dell'ordine";
export const FALLBACK = "Impossibile creare l'ordine";

export interface CheckoutFailure {
  title: string;
  description: string;
  /** The server answered and created nothing: the next attempt gets a new idempotency key. */
  final: boolean;
  code?: ApiErrorCode;
  /** The request field the server blamed ('paymentMethod'…). */
  field?: string;
}

/** Spec §8: 'Troppi tentativi' on 429 or "Too many"; else the server's message; else the fallbacks. */
export function checkoutFailure(err: unknown): CheckoutFailure {
  const message = err instanceof Error ? err.message : '';
  const status = err instanceof ApiError ? err.status : 0;
  if (status === 429 || /too many/i.test(message)) return { ...TOO_MANY, final: true, code: 'rate_limited' };
  if (err instanceof ApiError) {
    // Stripe could not be reached: the server cancelled the order it had just created, so a new
    // attempt (another method, or the card again) must not replay that order.
    const final = (status >= 400 && status < 500) || err.code === 'payment_unavailable';
    // No error body (a proxy's HTML page, an empty answer): the spec's generic text.
    const description = err.code === 'http_error' ? NOT_CREATED : err.message || NOT_CREATED;
    return { title: err.title ?? 'Errore', description, final, code: err.code, ...(err.field ? { field: err.field } : {}) };
  }
  if (err instanceof Error && message === NOT_CREATED) return { title: 'Errore', description: NOT_CREATED, final: true };
  // Network failure: the order may or may not exist, so the retry keeps the same key.
  return { title: 'Errore', description: FALLBACK, final: false };
}

/**
 * The failures after which the payment methods on screen may be out of date: the total changed
 * (a price, or the merchant's surcharge), the chosen method was refused (switched off, a new
 * cash-on-delivery maximum) or the card payment is not available right now.
 */
export const staleMethods = (failure: CheckoutFailure) =>
  failure.code === 'price_changed' ||
  failure.code === 'payment_unavailable' ||
  failure.field === 'paymentMethod' ||
  failure.description === paymentMsg.unavailable;

/** One key per checkout attempt, reused by retries and double clicks so they create one order. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; getRandomValues does not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
