import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { FRESH_PROOF_MS, msg, type PasskeyProofInput, type Reauthenticated, type WebauthnOptions } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { unauthenticated } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import { authRepo } from '../repo.js';
import { challengeHash, signedChallenge, WEBAUTHN_CHALLENGE_TTL_MS, WEBAUTHN_TIMEOUT_MS } from './challenges.js';
import { relyingParty } from './relying-party.js';
import { passkeysRepo } from './repo.js';
import { transportsOf } from './service.js';
import { invalidPasskey, verifyAssertion } from './sign-in.js';

/**
 * 'Conferma la tua identità' with a passkey: a challenge bound to the signed-in account, answered
 * by one of its passkeys. The session is proved now and counts as two-step from here on.
 */
export function passkeyProof(ctx: AppContext) {
  const repo = passkeysRepo(ctx.db);
  return {
    async options(user: { id: string }): Promise<WebauthnOptions> {
      const passkeys = await repo.list(user.id);
      if (!passkeys.length) throw invalidPasskey();
      const rp = relyingParty(ctx);
      const options = await generateAuthenticationOptions({
        rpID: rp.rpId,
        allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p) })),
        userVerification: 'required',
        timeout: WEBAUTHN_TIMEOUT_MS,
      });
      const now = clock.nowMs();
      await repo.insertChallenge({
        id: newId(),
        challenge_hash: challengeHash(options.challenge),
        purpose: 'reauth',
        user_id: user.id,
        mfa_challenge_id: null,
        expires_at: new Date(now + WEBAUTHN_CHALLENGE_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      return { options: options as unknown as WebauthnOptions['options'] };
    },

    async prove(user: { id: string; sessionId: string }, input: PasskeyProofInput): Promise<Reauthenticated> {
      const challenge = signedChallenge(input.credential.response.clientDataJSON);
      if (!challenge) throw invalidPasskey();
      const now = clock.iso();
      const row = await repo.takeChallenge(challengeHash(challenge), ['reauth'], now);
      if (!row || row.user_id !== user.id) throw invalidPasskey();
      await verifyAssertion(ctx, input.credential, challenge, user.id, now, async (trx) => {
        if (!(await authRepo(trx).markProved(user.sessionId, user.id, now, 'aal2'))) throw unauthenticated(msg.sessionExpired);
      });
      return { aal: 'aal2', freshUntil: new Date(Date.parse(now) + FRESH_PROOF_MS).toISOString() };
    },
  };
}
