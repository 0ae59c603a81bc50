import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { MAX_PASSKEYS, msg, passkeyMsg, type AddPasskeyInput, type FactorSummary, type Passkey, type WebauthnOptions } from '@vetrina/shared';
import { isUniqueViolation } from '../../../db/index.js';
import type { AuthPasskeysTable } from '../../../db/schema.js';
import type { AppContext } from '../../../lib/context.js';
import { AppError, conflict, notFound, unauthenticated } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import { authRepo } from '../repo.js';
import { challengeHash, signedChallenge, WEBAUTHN_CHALLENGE_TTL_MS, WEBAUTHN_TIMEOUT_MS } from './challenges.js';
import { relyingParty } from './relying-party.js';
import { passkeysRepo } from './repo.js';

/** A registration that does not verify, whatever the reason (challenge, origin, RP id, format). */
const registerFailed = () => new AppError(400, 'invalid_passkey', passkeyMsg.registerFailed);

const summary = (p: AuthPasskeysTable): Passkey => ({ id: p.id, name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at });

export const transportsOf = (p: Pick<AuthPasskeysTable, 'transports'>) => (p.transports ? (p.transports.split(',') as AuthenticatorTransport[]) : undefined);

type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** Profilo → Sicurezza → 'Passkey': register, list, rename and remove an account's passkeys. */
export function passkeysService(ctx: AppContext) {
  const repo = passkeysRepo(ctx.db);

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repo.list(userId)).map(summary);
    },

    /** The spec's factors of type 'webauthn', for GET /api/auth/user. */
    async factors(userId: string): Promise<FactorSummary[]> {
      return (await repo.list(userId)).map((p) => ({ id: p.id, factorType: 'webauthn', friendlyName: p.name, status: 'verified', createdAt: p.created_at }));
    },

    /** The options for navigator.credentials.create(): a discoverable credential, verified by the device. */
    async registrationOptions(userId: string): Promise<WebauthnOptions> {
      const user = await authRepo(ctx.db).findUserById(userId);
      if (!user) throw unauthenticated(msg.sessionExpired);
      const existing = await repo.list(userId);
      if (existing.length >= MAX_PASSKEYS) throw conflict(passkeyMsg.tooMany);
      const rp = relyingParty(ctx);
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpId,
        userName: user.email,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        timeout: WEBAUTHN_TIMEOUT_MS,
        // The same device twice would be one passkey under two names.
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const now = clock.nowMs();
      await repo.insertChallenge({
        id: newId(),
        challenge_hash: challengeHash(options.challenge),
        purpose: 'register',
        user_id: userId,
        mfa_challenge_id: null,
        expires_at: new Date(now + WEBAUTHN_CHALLENGE_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      return { options: options as unknown as WebauthnOptions['options'] };
    },

    /**
     * Verifies the browser's answer against a challenge of this account (used once) and keeps the
     * credential. The session it came from has just shown a verified passkey: like a first
     * authenticator code, that makes it two-step from now (`sessionId`, when there is one).
     */
    async register(userId: string, input: AddPasskeyInput, sessionId?: string): Promise<Passkey> {
      const challenge = signedChallenge(input.credential.response.clientDataJSON);
      if (!challenge) throw registerFailed();
      const row = await repo.takeChallenge(challengeHash(challenge), ['register'], clock.iso());
      if (!row || row.user_id !== userId) throw registerFailed();
      const rp = relyingParty(ctx);
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response: input.credential as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge,
          expectedOrigin: rp.origins,
          expectedRPID: rp.rpId,
          requireUserVerification: true,
        });
      } catch {
        throw registerFailed();
      }
      if (!verified.verified) throw registerFailed();
      const { credential } = verified.registrationInfo;
      if ((await repo.list(userId)).length >= MAX_PASSKEYS) throw conflict(passkeyMsg.tooMany);
      const passkey: AuthPasskeysTable = {
        id: newId(),
        user_id: userId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (input.credential.response.transports ?? []).filter((t) => /^[a-z-]{1,20}$/.test(t)).join(','),
        name: input.name,
        created_at: clock.iso(),
        last_used_at: null,
      };
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await passkeysRepo(trx).insert(passkey);
          if (sessionId) await authRepo(trx).markProved(sessionId, userId, passkey.created_at, 'aal2');
        });
      } catch (err) {
        // A credential id already registered (here or on another account) is refused the same way.
        if (isUniqueViolation(err)) throw registerFailed();
        throw err;
      }
      return summary(passkey);
    },

    async rename(userId: string, id: string, name: string): Promise<Passkey> {
      if (!(await repo.rename(userId, id, name))) throw notFound(passkeyMsg.notFound);
      return summary((await repo.find(userId, id))!);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.remove(userId, id))) throw notFound(passkeyMsg.notFound);
    },
  };
}
