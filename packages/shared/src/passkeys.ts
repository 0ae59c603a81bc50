import { z } from 'zod';

/** Passkeys (WebAuthn, issue 49 point 2): sign in with one alone, or use one as the second step. */
export const passkeyMsg = {
  /** Malformed, replayed, expired, unknown, another account's or another site's: one message. */
  invalidPasskey: 'Passkey non riconosciuta o richiesta scaduta. Riprova.',
  registerFailed: 'Impossibile registrare la passkey. Riprova.',
  nameRequired: 'Dai un nome alla passkey',
  nameTooLong: 'Nome troppo lungo (massimo 60 caratteri)',
  notFound: 'Passkey non trovata',
  tooMany: 'Hai già registrato il numero massimo di passkey (10)',
} as const;

/** Passkeys one account may register: enough for every device, few enough to list. */
export const MAX_PASSKEYS = 10;

export const passkeyNameField = z.string({ error: passkeyMsg.nameRequired }).trim().min(1, passkeyMsg.nameRequired).max(60, passkeyMsg.nameTooLong);

export const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });

/** base64url text as the browser sends it; anything else reads as a bad passkey. */
const b64 = (max: number) => z.string({ error: passkeyMsg.invalidPasskey }).max(max, passkeyMsg.invalidPasskey);
const credentialBase = {
  id: b64(1400),
  rawId: b64(1400),
  type: z.literal('public-key', { error: passkeyMsg.invalidPasskey }),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).optional().default({}),
};

/** What navigator.credentials.create() answers (RegistrationResponseJSON), bounded in size. */
export const registrationCredentialSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64(4000),
    attestationObject: b64(16000),
    transports: z.array(z.string().max(40)).max(10).optional(),
  }),
});

/** What navigator.credentials.get() answers (AuthenticationResponseJSON), bounded in size. */
export const authenticationCredentialSchema = z.looseObject({
  ...credentialBase,
  response: z.looseObject({
    clientDataJSON: b64(4000),
    authenticatorData: b64(4000),
    signature: b64(1000),
    userHandle: b64(200).optional(),
  }),
});

/** The WebAuthn options the browser hands to navigator.credentials (JSON form); the browser library reads them. */
export const webauthnOptionsSchema = z.object({ options: z.looseObject({ challenge: z.string() }) });
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const addPasskeySchema = z.strictObject({ name: passkeyNameField, credential: registrationCredentialSchema });
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

export const renamePasskeySchema = z.strictObject({ name: passkeyNameField });
export type RenamePasskeyInput = z.infer<typeof renamePasskeySchema>;

/** The sign-in challenge of the password step, when the passkey is the second step. */
const signInChallengeField = z.string({ error: passkeyMsg.invalidPasskey }).max(200, passkeyMsg.invalidPasskey);

export const passkeySignInOptionsSchema = z.strictObject({ challengeId: signInChallengeField.optional() });
export type PasskeySignInOptionsInput = z.infer<typeof passkeySignInOptionsSchema>;

export const passkeySignInSchema = z.strictObject({ credential: authenticationCredentialSchema, challengeId: signInChallengeField.optional() });
export type PasskeySignInInput = z.infer<typeof passkeySignInSchema>;

/** 'Conferma la tua identità' with a passkey of the signed-in account. */
export const passkeyProofSchema = z.strictObject({ credential: authenticationCredentialSchema });
export type PasskeyProofInput = z.infer<typeof passkeyProofSchema>;
