import { z } from 'zod';
import { msg } from './messages.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;
export const EMAIL_MAX = 254;

/** E-mails are compared and stored trimmed and lower-cased. */
export const emailField = z.string({ error: msg.emailInvalid }).trim().toLowerCase().max(EMAIL_MAX, msg.emailTooLong).email(msg.emailInvalid);

const newPassword = z.string({ error: msg.passwordMin }).min(PASSWORD_MIN, msg.passwordMin).max(PASSWORD_MAX, msg.passwordTooLong);

/** A password the user already has (sign-in, or confirming a sensitive change). */
export const currentPasswordField = z.string({ error: msg.passwordRequired }).min(1, msg.passwordRequired).max(PASSWORD_MAX, msg.passwordTooLong);

export const signInSchema = z.strictObject({
  email: emailField,
  password: currentPasswordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A same-site path to return to after confirming the e-mail (e.g. an invitation link). */
export const redirectPathField = z
  .string()
  .max(500, 'Indirizzo di ritorno non valido')
  .regex(/^\/(?![/\\])/, 'Indirizzo di ritorno non valido');

export const signUpSchema = z.strictObject({
  email: emailField,
  password: newPassword,
  redirectTo: redirectPathField.optional(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signOutSchema = z.strictObject({
  scope: z.enum(['local', 'global', 'others'], { error: 'Ambito di uscita non valido' }).default('local'),
});
export type SignOutInput = z.input<typeof signOutSchema>;

/** Changing the e-mail needs the current password: a stolen session alone cannot take the account. */
export const emailChangeSchema = z.strictObject({
  email: emailField,
  password: currentPasswordField,
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

export const recoverSchema = z.strictObject({ email: emailField });

/** Asking for a verification link; the web page offers `redirectTo` after the link is opened. */
export const verifyEmailRequestSchema = z.strictObject({ redirectTo: redirectPathField.optional() });
export type RecoverInput = z.infer<typeof recoverSchema>;

const tokenField = z.string({ error: msg.linkInvalid }).min(16, msg.linkInvalid).max(200, msg.linkInvalid);

export const tokenSchema = z.strictObject({ token: tokenField });
export type TokenInput = z.infer<typeof tokenSchema>;

export const resetPasswordSchema = z.strictObject({ token: tokenField, password: newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

// Response schemas: the routes serialise through them, the web client parses with them.

/** The session the API hands to the browser: the access token lives in memory only. */
export const sessionUserSchema = z.object({ id: z.string(), email: z.string(), createdAt: z.string() });
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionPayloadSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  expiresIn: z.number(),
  /** Seconds since the epoch. */
  expiresAt: z.number(),
  user: sessionUserSchema,
});
export type SessionPayload = z.infer<typeof sessionPayloadSchema>;

/** Sign-in, refresh, password reset and sign-up confirmation answer with the new session. */
export const sessionResponseSchema = z.object({ session: sessionPayloadSchema });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** With REQUIRE_EMAIL_CONFIRMATION the account waits for its link: no session yet. */
export const signUpResultSchema = z.union([sessionResponseSchema, z.object({ session: z.null(), confirmationSent: z.literal(true) })]);
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/** A second sign-in factor (an authenticator app or a passkey); the spec's user carries them as `factors`. */
export const factorSummarySchema = z.object({
  id: z.string(),
  factorType: z.enum(['totp', 'webauthn']),
  friendlyName: z.string().nullable(),
  status: z.enum(['unverified', 'verified']),
  createdAt: z.string(),
});
export type FactorSummary = z.infer<typeof factorSummarySchema>;

export const authUserResponseSchema = z.object({ user: sessionUserSchema.extend({ factors: z.array(factorSummarySchema) }) });

/** An address that a link just confirmed (e-mail change, verification). */
export const confirmedEmailSchema = z.object({ email: z.string() });

/** Accepted for processing (a mail goes out, or nothing happens when the address is unknown). */
export const acceptedResponseSchema = z.object({ ok: z.literal(true) });

export type AuthEvent = 'INITIAL_SESSION' | 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'PASSWORD_RECOVERY' | 'MFA_CHALLENGE_VERIFIED';
