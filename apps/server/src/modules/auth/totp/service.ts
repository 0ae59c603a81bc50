import {
  teamTwoStepMsg,
  twoStepMsg,
  type DisableFactorInput,
  type RegenerateRecoveryCodesInput,
  type EnrolFactorInput,
  type FactorSummary,
  type SecondStep,
} from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import type { AuthFactorsTable } from '../../../db/schema.js';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { hashToken, newId, newToken } from '../../../lib/ids.js';
import { devicesService } from '../devices/service.js';
import { authRepo } from '../repo.js';
import { sessionsService, type IssuedSession } from '../sessions.js';
import { confirmPassword, throttledCode } from '../throttle.js';
import { matchingStep, newRecoveryCodes, newTotpSecret, recoveryCodeHash } from './codes.js';
import { passkeysRepo } from '../passkeys/repo.js';
import { totpRepo } from './repo.js';

/** The step between the password and the code lives five minutes. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Wrong, reused, expired and malformed codes, and unknown challenges, all read the same. */
const invalidCode = () => new AppError(400, 'invalid_code', twoStepMsg.invalidCode, { field: 'code' });

const summary = (f: AuthFactorsTable): FactorSummary => ({
  id: f.id,
  factorType: f.factor_type,
  friendlyName: f.friendly_name,
  status: f.status,
  createdAt: f.created_at,
});

/** The sealed secret is bound to its account: copied to another row it does not open. */
const sealScope = (userId: string) => `auth-factor:${userId}`;

/** 'Verifica in due passaggi': enrolment, confirmation, the sign-in challenge and turning it off. */
export function twoStepService(ctx: AppContext) {
  const repo = totpRepo(ctx.db);

  /** Accepts a six-digit code of the factor once: the step is recorded with a conditional update. */
  async function useTotp(db: Db, factor: AuthFactorsTable, code: string): Promise<boolean> {
    const secret = ctx.secrets.open(sealScope(factor.user_id), factor.secret_sealed);
    if (!secret) return false;
    const step = await matchingStep(secret, code);
    return step !== null && (await totpRepo(db).useStep(factor.id, step));
  }

  /** A six-digit code, or else a recovery code (each works once). */
  async function useAnyCode(db: Db, factor: AuthFactorsTable, code: string): Promise<boolean> {
    const trimmed = code.trim();
    if (/^\d{6}$/.test(trimmed)) return useTotp(db, factor, trimmed);
    const hash = recoveryCodeHash(trimmed);
    return hash !== null && totpRepo(db).useRecoveryCode(factor.user_id, hash, clock.iso());
  }

  return {
    async list(userId: string): Promise<FactorSummary[]> {
      return (await repo.listFactors(userId)).map(summary);
    },

    /** A new, unconfirmed authenticator: the URI, its QR code and the key as text ('Chiave'). */
    async enrol(userId: string, input: EnrolFactorInput) {
      if (await repo.findVerifiedFactor(userId)) throw conflict(twoStepMsg.alreadyOn);
      const user = await authRepo(ctx.db).findUserById(userId);
      if (!user) throw unauthenticated(twoStepMsg.invalidCode);
      const { secret, uri, qrCode } = await newTotpSecret(user.email);
      const row = {
        id: newId(),
        user_id: userId,
        factor_type: 'totp' as const,
        friendly_name: input.friendlyName || null,
        secret_sealed: ctx.secrets.seal(sealScope(userId), secret),
        created_at: clock.iso(),
      };
      await ctx.db.transaction().execute((trx) => totpRepo(trx).insertFactor(row));
      return { factor: summary({ ...row, status: 'unverified', last_used_step: null, verified_at: null }), totp: { uri, qrCode, secret } };
    },

    /** 'Conferma la tua identità' with a code: a current code or an unused recovery code, throttled. */
    async proveWithCode(userId: string, code: string): Promise<void> {
      const factor = await repo.findVerifiedFactor(userId);
      await throttledCode(ctx, userId, async () => {
        if (!factor || !(await useAnyCode(ctx.db, factor, code))) throw invalidCode();
      });
    },

    /**
     * The first right code turns the factor on and returns the ten recovery codes, shown once. The
     * session it was turned on from has just shown a second factor: it counts as two-step from now
     * (its next access token says so).
     */
    async confirm(userId: string, sessionId: string, factorId: string, code: string) {
      const factor = await repo.findFactor(userId, factorId);
      if (!factor || factor.status !== 'unverified') throw invalidCode();
      const codes = newRecoveryCodes();
      await throttledCode(ctx, userId, () =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await useTotp(trx, factor, code.trim()))) throw invalidCode();
          const now = clock.iso();
          await totpRepo(trx).markVerified(factor.id, now);
          await authRepo(trx).markProved(sessionId, userId, now, 'aal2');
          const hashes = codes.map((c) => recoveryCodeHash(c)!);
          await totpRepo(trx).replaceRecoveryCodes(
            userId,
            hashes,
            hashes.map(() => newId()),
            now,
          );
        }),
      );
      return { factor: summary({ ...factor, status: 'verified' }), recoveryCodes: codes };
    },

    /** Turning it off needs a current code (or a recovery code) or the password. */
    async disable(userId: string, factorId: string, proof: DisableFactorInput) {
      const factor = await repo.findFactor(userId, factorId);
      if (!factor) throw notFound('Verifica in due passaggi non trovata');
      if (proof.password) await confirmPassword(ctx, userId, proof.password);
      else if (proof.code !== undefined && factor.status === 'verified') {
        const code = proof.code;
        await throttledCode(ctx, userId, async () => {
          if (!(await useAnyCode(ctx.db, factor, code))) throw invalidCode();
        });
      } else if (factor.status === 'verified') throw badRequest(twoStepMsg.proofRequired, 'code');
      await ctx.db.transaction().execute((trx) => totpRepo(trx).deleteAll(userId));
    },

    /**
     * 'Genera nuovi codici di recupero': after a current code (or an unused recovery code) or the
     * password, ten new codes replace the old ones in one statement pair, so the old stop working.
     */
    async regenerateRecoveryCodes(userId: string, factorId: string, proof: RegenerateRecoveryCodesInput): Promise<string[]> {
      const factor = await repo.findFactor(userId, factorId);
      if (!factor || factor.status !== 'verified') throw notFound(teamTwoStepMsg.factorNotFound);
      const codes = newRecoveryCodes();
      const hashes = codes.map((c) => recoveryCodeHash(c)!);
      const replace = (db: Db) =>
        totpRepo(db).replaceRecoveryCodes(
          userId,
          hashes,
          hashes.map(() => newId()),
          clock.iso(),
        );
      if (proof.password !== undefined) {
        await confirmPassword(ctx, userId, proof.password);
        await ctx.db.transaction().execute(replace);
      } else {
        const code = proof.code ?? '';
        await throttledCode(ctx, userId, () =>
          ctx.db.transaction().execute(async (trx) => {
            if (!(await useAnyCode(trx, factor, code))) throw invalidCode();
            await replace(trx);
          }),
        );
      }
      return codes;
    },

    /**
     * Called by sign-in after a right password: a challenge when the account has the second step on
     * (an authenticator app, a passkey or both), with the factors that can answer it.
     */
    async challengeFor(userId: string): Promise<SecondStep | null> {
      const factors: SecondStep['factors'] = [];
      if (await repo.findVerifiedFactor(userId)) factors.push('totp');
      if (await passkeysRepo(ctx.db).hasAny(userId)) factors.push('webauthn');
      if (!factors[0]) return null;
      const token = newToken();
      const expiresMs = clock.nowMs() + CHALLENGE_TTL_MS;
      await repo.insertChallenge({ id: newId(), userId, tokenHash: hashToken(token), expiresAt: new Date(expiresMs).toISOString(), now: clock.iso() });
      return { challengeId: token, expiresAt: Math.floor(expiresMs / 1000), factorType: factors[0], factors };
    },

    /** The 'Codice di verifica' step: a right code (or recovery code) uses the challenge and opens the session. */
    async verifyChallenge(challengeId: string, code: string, userAgent?: string, ip?: string): Promise<IssuedSession> {
      const challenge = await repo.findLiveChallenge(hashToken(challengeId), clock.iso());
      if (!challenge) throw invalidCode();
      const factor = await repo.findVerifiedFactor(challenge.user_id);
      if (!factor) throw invalidCode();
      await throttledCode(ctx, challenge.user_id, () =>
        ctx.db.transaction().execute(async (trx) => {
          if (!(await useAnyCode(trx, factor, code))) throw invalidCode();
          if (!(await totpRepo(trx).consumeChallenge(challenge.id, clock.iso()))) throw invalidCode();
        }),
      );
      const user = { id: challenge.user_id, email: challenge.email, created_at: challenge.created_at };
      const noticeNewDevice = await devicesService(ctx).beforeSignIn(user, userAgent, ip);
      const issued = await sessionsService(ctx).start(user, userAgent, ip, 'aal2');
      await noticeNewDevice();
      return issued;
    },
  };
}
export type TwoStepService = ReturnType<typeof twoStepService>;
