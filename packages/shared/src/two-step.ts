import { z } from 'zod';
import { currentPasswordField, factorSummarySchema, sessionPayloadSchema } from './auth.js';

/** 'Verifica in due passaggi' (issue 49, point 1): TOTP with an authenticator app and recovery codes. */
export const twoStepMsg = {
  invalidCode: 'Codice non valido o scaduto',
  alreadyOn: 'La verifica in due passaggi è già attiva',
  tooManyCodes: 'Troppi codici errati. Riprova tra qualche minuto.',
  proofRequired: 'Inserisci un codice di verifica o la password',
} as const;

export const RECOVERY_CODE_COUNT = 10;

/** Any text: the service decides (six digits, or a recovery code), so a wrong shape gets the same message. */
const codeField = z.string({ error: twoStepMsg.invalidCode }).max(64, twoStepMsg.invalidCode);

export const factorListSchema = z.object({ factors: z.array(factorSummarySchema) });

export const enrolFactorSchema = z.strictObject({
  factorType: z.literal('totp', { error: 'Tipo di verifica non supportato' }),
  friendlyName: z.string().trim().max(60, 'Nome troppo lungo (massimo 60 caratteri)').optional(),
});
export type EnrolFactorInput = z.infer<typeof enrolFactorSchema>;

/** The new factor with what the authenticator app needs: the otpauth URI, its QR (SVG) and the key. */
export const enrolledFactorSchema = z.object({
  factor: factorSummarySchema,
  totp: z.object({ uri: z.string(), qrCode: z.string(), secret: z.string() }),
});
export type EnrolledFactor = z.infer<typeof enrolledFactorSchema>;

export const confirmFactorSchema = z.strictObject({ code: codeField });
/** Shown once: the recovery codes are stored hashed. */
export const confirmedFactorSchema = z.object({ factor: factorSummarySchema, recoveryCodes: z.array(z.string()) });
export type ConfirmedFactor = z.infer<typeof confirmedFactorSchema>;

/** Turning it off needs a current code or the password. */
export const disableFactorSchema = z.strictObject({ code: codeField.optional(), password: currentPasswordField.optional() });
export type DisableFactorInput = z.infer<typeof disableFactorSchema>;

/**
 * After a right password, an account with the second step gets a challenge instead of a session.
 * `factors` lists what can answer it (an authenticator app's code, a passkey); `factorType` is the
 * one the form offers first.
 */
export const secondStepFactorSchema = z.enum(['totp', 'webauthn']);
export const secondStepSchema = z.object({
  challengeId: z.string(),
  expiresAt: z.number(),
  factorType: secondStepFactorSchema,
  factors: z.array(secondStepFactorSchema),
});
export type SecondStep = z.infer<typeof secondStepSchema>;
export const signInResultSchema = z.union([z.object({ session: sessionPayloadSchema }), z.object({ session: z.null(), secondStep: secondStepSchema })]);
export type SignInResult = z.infer<typeof signInResultSchema>;

export const verifyChallengeSchema = z.strictObject({
  challengeId: z.string({ error: twoStepMsg.invalidCode }).max(200, twoStepMsg.invalidCode),
  code: codeField,
});
export type VerifyChallengeInput = z.infer<typeof verifyChallengeSchema>;
