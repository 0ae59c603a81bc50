import { z } from 'zod';
import { currentPasswordField } from './auth.js';
import { twoStepMsg } from './two-step.js';

/**
 * What moves money or power asks for a fresh proof, and a store may ask its team for two-step
 * sign-in (issue 49, points 3 and 4).
 */
export const accountSecurityMsg = {
  reauthTitle: 'Conferma la tua identità',
  reauthRequired: 'Per questa modifica conferma la tua identità con la password o un codice di verifica.',
  twoStepRequired: 'Questo store richiede la verifica in due passaggi: attivala nel tuo profilo per continuare.',
} as const;

/** A proof counts for five minutes: 4:59 after it a sensitive change goes through, 5:01 after it is refused. */
export const FRESH_PROOF_MS = 5 * 60 * 1000;

/** 'Conferma la tua identità': the password, or a code of the authenticator app (or a recovery code). */
export const reauthenticateSchema = z
  .strictObject({
    password: currentPasswordField.optional(),
    code: z.string({ error: twoStepMsg.invalidCode }).max(64, twoStepMsg.invalidCode).optional(),
  })
  .refine((v) => v.password !== undefined || v.code !== undefined, { message: twoStepMsg.proofRequired, path: ['password'] });
export type ReauthenticateInput = z.infer<typeof reauthenticateSchema>;

/** After a proof: the session's level ('aal2' when a code was shown) and until when the proof counts. */
export const reauthenticatedSchema = z.object({ aal: z.enum(['aal1', 'aal2']), freshUntil: z.string() });
export type Reauthenticated = z.infer<typeof reauthenticatedSchema>;
