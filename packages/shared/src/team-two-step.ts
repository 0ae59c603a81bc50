import { z } from 'zod';
import { currentPasswordField } from './auth.js';
import { twoStepMsg } from './two-step.js';

/**
 * 'Richiedi la verifica in due passaggi al team' (issue 49, point 3) and 'Genera nuovi codici di
 * recupero' (point 1): the store's setting and the account's new set of recovery codes.
 */
export const teamTwoStepMsg = {
  settingLabel: 'Richiedi la verifica in due passaggi al team',
  storeRequires: 'Questo store richiede la verifica in due passaggi',
  ownerFactorMissing: 'Attiva prima la verifica in due passaggi sul tuo account (Profilo → Sicurezza), poi richiedila al team.',
  ownerSessionAal1: 'Hai effettuato questo accesso con la sola password: conferma la tua identità con un codice di verifica, poi richiedila al team.',
  turnedOn: 'Verifica in due passaggi richiesta al team',
  turnedOff: 'Verifica in due passaggi non più richiesta al team',
  invalidValue: 'Scegli se richiedere la verifica in due passaggi',
  regenerate: 'Genera nuovi codici di recupero',
  factorNotFound: 'Verifica in due passaggi non attiva',
} as const;

/** PUT /api/stores/:storeId/security: the owner's choice for the whole team. */
export const storeSecuritySchema = z.strictObject({
  twoStepRequired: z.boolean({ error: teamTwoStepMsg.invalidValue }),
});
export type StoreSecurityInput = z.infer<typeof storeSecuritySchema>;

/** New recovery codes need a current code (or an unused recovery code) or the password. */
export const regenerateRecoveryCodesSchema = z
  .strictObject({
    code: z.string({ error: twoStepMsg.invalidCode }).max(64, twoStepMsg.invalidCode).optional(),
    password: currentPasswordField.optional(),
  })
  .refine((v) => v.password !== undefined || (v.code !== undefined && v.code.trim() !== ''), { message: twoStepMsg.proofRequired, path: ['code'] });
export type RegenerateRecoveryCodesInput = z.infer<typeof regenerateRecoveryCodesSchema>;

/** Shown once: the old codes stopped working, only the hashes of these are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof recoveryCodesSchema>;
