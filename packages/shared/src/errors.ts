import { z } from 'zod';

/**
 * Every `code` the server sends in an error: the HTTP error body (`{ error: { code, message } }`)
 * and the real-time socket's error frames. The server's `AppError`, its error handler, the time
 * limits and the socket take an `ErrorCode`, so a code missing here fails the typecheck
 * (apps/server/src/lib/errors.test.ts checks that it does); the web app handles failures by it.
 */
export const ERROR_CODES = [
  // Generic, from the error handler and the helpers of apps/server/src/lib/errors.ts.
  'validation',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'timeout',
  'internal',
  // Sign-in, accounts and invitations.
  'invalid_credentials',
  'invalid_password',
  'invalid_code',
  'invalid_passkey',
  'email_unverified',
  'too_many_unconfirmed',
  'invitation_email_mismatch',
  'expired',
  'mail_failed',
  // Account security: the store asks for two-step sign-in; the change asks for a fresh proof.
  'two_step_required',
  'reauth_required',
  // Checkout and payments.
  'unavailable',
  'out_of_stock',
  'price_changed',
  'discount_exhausted',
  'discount_used',
  'idempotency_conflict',
  'payment_unavailable',
  'bad_signature',
  // Invoices.
  'invoice_invalid',
  // The real-time socket's error frames.
  'bad_request',
  'too_many',
  'too_many_connections',
  'token_expired',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);
/** Whether a code read from an answer is one this build knows (a newer server may send others). */
export const isErrorCode = (code: string): code is ErrorCode => KNOWN_CODES.has(code);

/** The one shape every failing API response has (declared once for every route's 4xx and 5xx). */
export const apiErrorBodySchema = z.object({
  error: z.object({
    /** One of ErrorCode; kept open so an older client reads a newer server's codes. */
    code: z.string(),
    /** Italian, for the user. */
    message: z.string(),
    /** The request field the message is about, when there is one. */
    field: z.string().optional(),
    title: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
