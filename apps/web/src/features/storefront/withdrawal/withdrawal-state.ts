import { RETURN_LIMITS, returnMsg, type WithdrawableOrder, type WithdrawalInput, type WithdrawalOrderRef } from '@vetrina/shared/returns';

/** What step one gathered, field by field, as typed. */
export interface WithdrawalDraft {
  orderNumber: string;
  email: string;
  name: string;
  /** Units chosen per order line (0 or absent: not chosen). */
  chosen: Record<string, number>;
  reason: string;
  iban: string;
}
export type DraftField = 'orderNumber' | 'email' | 'name' | 'lines' | 'reason' | 'iban';
export type DraftErrors = Partial<Record<DraftField, string>>;

export const EMPTY_DRAFT: WithdrawalDraft = { orderNumber: '', email: '', name: '', chosen: {}, reason: '', iban: '' };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The order reference of the footer form (number and e-mail), or its errors. */
export function pairRef(d: WithdrawalDraft): { ref?: WithdrawalOrderRef; errors: DraftErrors } {
  const errors: DraftErrors = {};
  const n = Number(d.orderNumber.trim().replace(/^#\s*/, ''));
  if (!Number.isInteger(n) || n < 1) errors.orderNumber = returnMsg.orderNumber;
  if (!EMAIL.test(d.email.trim())) errors.email = returnMsg.email;
  return Object.keys(errors).length ? { errors } : { ref: { orderNumber: n, email: d.email.trim() }, errors };
}

/** The lines chosen, in the order's order, with their units. */
export const chosenLines = (order: WithdrawableOrder, d: WithdrawalDraft) =>
  order.lines
    .filter((l) => !l.excluded && l.returnable > 0 && (d.chosen[l.orderItemId] ?? 0) > 0)
    .map((l) => ({ line: l, quantity: d.chosen[l.orderItemId]! }));

/** Step one's checks before 'Continua' (the server checks all of it again). */
export function draftErrors(order: WithdrawableOrder, d: WithdrawalDraft): DraftErrors {
  const errors: DraftErrors = {};
  const name = d.name.trim();
  if (name.length < RETURN_LIMITS.nameMin || name.length > RETURN_LIMITS.nameMax) errors.name = returnMsg.name;
  if (!EMAIL.test(d.email.trim())) errors.email = returnMsg.email;
  if (chosenLines(order, d).length === 0) errors.lines = returnMsg.noLines;
  if (d.reason.trim().length > RETURN_LIMITS.reasonMax) errors.reason = returnMsg.reason;
  return errors;
}

/** Step two's body: made once the shopper confirms, with the form's one key. */
export function withdrawalBody(ref: WithdrawalOrderRef, order: WithdrawableOrder, d: WithdrawalDraft, requestKey: string): WithdrawalInput {
  return {
    order: ref,
    name: d.name.trim(),
    email: d.email.trim(),
    lines: chosenLines(order, d).map(({ line, quantity }) => ({ orderItemId: line.orderItemId, quantity })),
    ...(d.reason.trim() ? { reason: d.reason.trim() } : {}),
    ...(order.needsIban && d.iban.trim() ? { iban: d.iban.trim() } : {}),
    requestKey,
  };
}

/** The form's key, once per form: a second 'Conferma il recesso' (a retry, a double tap) is the same request. */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
