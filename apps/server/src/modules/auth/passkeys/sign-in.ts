import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { msg, passkeyMsg, type PasskeySignInInput, type WebauthnOptions } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import { AppError, forbidden, rateLimited } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { hashToken, newId } from '../../../lib/ids.js';
import { takeSlots } from '../../../lib/rate-limiter.js';
import { devicesService } from '../devices/service.js';
import { authRepo } from '../repo.js';
import { sessionsService, type IssuedSession } from '../sessions.js';
import { throttledCode } from '../throttle.js';
import { totpRepo } from '../totp/repo.js';
import { challengeHash, signedChallenge, WEBAUTHN_CHALLENGE_TTL_MS, WEBAUTHN_TIMEOUT_MS } from './challenges.js';
import { relyingParty } from './relying-party.js';
import { passkeysRepo } from './repo.js';
import { transportsOf } from './service.js';

/** Unknown, used or expired challenge, another account's or another site's passkey, a bad signature: one answer. */
export const invalidPasskey = () => new AppError(400, 'invalid_passkey', passkeyMsg.invalidPasskey);

const WINDOW_MS = 15 * 60 * 1000;
/** Per client address and 15 minutes: options asked for and answers sent (the passkey's account has its own count). */
const PER_IP = { options: 60, answers: 30 } as const;

const perIp = (ctx: AppContext, what: keyof typeof PER_IP, ip: string) =>
  takeSlots(ctx.limiter, [{ key: `passkey-${what}:${ip}`, max: PER_IP[what], windowMs: WINDOW_MS }], (resetMs) =>
    rateLimited(msg.tooManyLogins, resetMs, 'Troppi tentativi'),
  );

/**
 * Checks a passkey's answer to `challenge` (already taken, once): the credential must exist and, when
 * `userId` is set, belong to that account; the signature, origin, RP id and user verification are
 * checked by the library; the counter moves in a transaction with `alsoInTransaction`. Failures are
 * counted against the account's code limit and all read the same.
 */
export async function verifyAssertion(
  ctx: AppContext,
  credential: PasskeySignInInput['credential'],
  challenge: string,
  userId: string | null,
  now: string,
  alsoInTransaction: (trx: Db) => Promise<void> = async () => undefined,
) {
  const passkey = await passkeysRepo(ctx.db).findByCredentialId(credential.id);
  if (!passkey || (userId !== null && passkey.user_id !== userId)) throw invalidPasskey();
  const handle = credential.response.userHandle;
  if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.user_id) throw invalidPasskey();
  await throttledCode(ctx, passkey.user_id, async () => {
    const rp = relyingParty(ctx);
    let verified;
    try {
      verified = await verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origins,
        expectedRPID: rp.rpId,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: passkey.counter,
          transports: transportsOf(passkey),
        },
        requireUserVerification: true,
      });
    } catch {
      throw invalidPasskey();
    }
    if (!verified.verified) throw invalidPasskey();
    await ctx.db.transaction().execute(async (trx) => {
      if (!(await passkeysRepo(trx).recordUse(passkey.id, passkey.counter, verified.authenticationInfo.newCounter, now))) throw invalidPasskey();
      await alsoInTransaction(trx);
    });
  });
  return passkey;
}

/**
 * 'Accedi con una passkey', alone or as the second step after the password. Either way the
 * session is opened at 'aal2' through the same new-device notice as password sign-in.
 */
export function passkeySignIn(ctx: AppContext) {
  const repo = passkeysRepo(ctx.db);

  return {
    /**
     * The options for navigator.credentials.get(). Without a sign-in challenge any passkey of this
     * site may answer (the browser lists them); with one, only the passkeys of that account.
     */
    async options(ip: string, signInChallengeId?: string): Promise<WebauthnOptions> {
      await perIp(ctx, 'options', ip);
      const now = clock.nowMs();
      let bound: { userId: string; mfaChallengeId: string } | null = null;
      let allowCredentials: { id: string; transports?: ReturnType<typeof transportsOf> }[] | undefined;
      if (signInChallengeId !== undefined) {
        const step = await totpRepo(ctx.db).findLiveChallenge(hashToken(signInChallengeId), new Date(now).toISOString());
        const passkeys = step ? await repo.list(step.user_id) : [];
        if (!step || !passkeys.length) throw invalidPasskey();
        bound = { userId: step.user_id, mfaChallengeId: step.id };
        allowCredentials = passkeys.map((p) => ({ id: p.credential_id, transports: transportsOf(p) }));
      }
      const rp = relyingParty(ctx);
      const options = await generateAuthenticationOptions({ rpID: rp.rpId, allowCredentials, userVerification: 'required', timeout: WEBAUTHN_TIMEOUT_MS });
      await repo.insertChallenge({
        id: newId(),
        challenge_hash: challengeHash(options.challenge),
        purpose: bound ? 'second_step' : 'sign_in',
        user_id: bound?.userId ?? null,
        mfa_challenge_id: bound?.mfaChallengeId ?? null,
        expires_at: new Date(now + WEBAUTHN_CHALLENGE_TTL_MS).toISOString(),
        created_at: new Date(now).toISOString(),
      });
      return { options: options as unknown as WebauthnOptions['options'] };
    },

    /** Verifies the assertion against a live challenge (used once, right or wrong) and opens the session. */
    async signIn(input: PasskeySignInInput, userAgent: string | undefined, ip: string): Promise<IssuedSession> {
      const giveBack = await perIp(ctx, 'answers', ip);
      const challenge = signedChallenge(input.credential.response.clientDataJSON);
      if (!challenge) throw invalidPasskey();
      const now = clock.iso();
      const row = await repo.takeChallenge(challengeHash(challenge), ['sign_in', 'second_step'], now);
      if (!row) throw invalidPasskey();
      // A second-step challenge answers the password step it was asked for, and nothing else.
      if (row.purpose === 'second_step' && (input.challengeId === undefined || !(await sameStep(row.mfa_challenge_id, input.challengeId))))
        throw invalidPasskey();
      const passkey = await verifyAssertion(ctx, input.credential, challenge, row.user_id, now, async (trx) => {
        if (row.mfa_challenge_id && !(await totpRepo(trx).consumeChallenge(row.mfa_challenge_id, now))) throw invalidPasskey();
      });
      await giveBack();

      const user = await authRepo(ctx.db).findUserById(passkey.user_id);
      if (!user) throw invalidPasskey();
      if (!user.email_confirmed_at) throw forbidden(msg.emailNotConfirmed);
      const noticeNewDevice = await devicesService(ctx).beforeSignIn(user, userAgent, ip);
      const issued = await sessionsService(ctx).start(user, userAgent, ip, 'aal2');
      await noticeNewDevice();
      return issued;
    },
  };

  /** Is `token` the sign-in challenge with this id (and still live)? */
  async function sameStep(mfaChallengeId: string | null, token: string): Promise<boolean> {
    if (!mfaChallengeId) return false;
    const step = await totpRepo(ctx.db).findLiveChallenge(hashToken(token), clock.iso());
    return step?.id === mfaChallengeId;
  }
}
