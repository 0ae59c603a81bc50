import { msg, type SessionPayload, type SignUpInput, type SignInInput } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import { isUniqueViolation } from '../../db/index.js';
import { AppError, badRequest, conflict, forbidden, rateLimited, unauthenticated } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { hashToken, newId, newToken } from '../../lib/ids.js';
import { signJwt } from '../../lib/jwt.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/password.js';
import { authMails } from '../mail/templates.js';
import { authRepo } from './repo.js';

export const ACCESS_TTL_SEC = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** Two tabs refreshing at once present the same token: within this window that is a race, not theft. */
const REUSE_GRACE_MS = 10_000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_MAX_PER_ACCOUNT = 5;
const LOGIN_MAX_PER_IP = 30;
const HOUR = 3600 * 1000;

export interface IssuedSession {
  session: SessionPayload;
  /** Absent when a concurrent refresh already rotated the token (the browser holds the new one). */
  refreshToken?: string;
}

interface UserRow {
  id: string;
  email: string;
  created_at: string;
}

export function authService(ctx: AppContext) {
  const repo = authRepo(ctx.db);

  function accessToken(user: UserRow, sessionId: string): SessionPayload {
    const iat = Math.floor(clock.nowMs() / 1000);
    const exp = iat + ACCESS_TTL_SEC;
    return {
      accessToken: signJwt({ sub: user.id, sid: sessionId, email: user.email, iat, exp }, ctx.jwtSecret),
      tokenType: 'bearer',
      expiresIn: ACCESS_TTL_SEC,
      expiresAt: exp,
      user: { id: user.id, email: user.email, createdAt: user.created_at },
    };
  }

  async function newRefreshToken(db: Db, sessionId: string): Promise<string> {
    const token = newToken();
    await db
      .insertInto('refresh_tokens')
      .values({ token_hash: hashToken(token), session_id: sessionId, created_at: clock.iso(), expires_at: new Date(clock.nowMs() + REFRESH_TTL_MS).toISOString(), used_at: null })
      .execute();
    return token;
  }

  async function startSession(user: UserRow, userAgent: string | undefined): Promise<IssuedSession> {
    const sessionId = newId();
    return ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('sessions').values({ id: sessionId, user_id: user.id, created_at: clock.iso(), revoked_at: null, user_agent: userAgent?.slice(0, 300) ?? null }).execute();
      const refreshToken = await newRefreshToken(trx, sessionId);
      return { session: accessToken(user, sessionId), refreshToken };
    });
  }

  /** Revokes sessions in the database, then makes every instance refuse their access tokens. */
  async function revoke(userId: string, opts: { only?: string; except?: string }) {
    const ids = await repo.revokeSessions(ctx.db, userId, clock.iso(), opts);
    await ctx.sessions.revoked(userId, ids);
  }

  async function createLink(userId: string, kind: 'email_change' | 'password_reset' | 'email_confirm', ttlMs: number, newEmail: string | null = null) {
    const token = newToken();
    const now = clock.iso();
    await ctx.db.transaction().execute(async (trx) => {
      // Only the newest link of a kind works: asking again invalidates the previous one.
      await trx.updateTable('auth_tokens').set({ used_at: now }).where('user_id', '=', userId).where('kind', '=', kind).where('used_at', 'is', null).execute();
      await trx
        .insertInto('auth_tokens')
        .values({ id: newId(), user_id: userId, kind, new_email: newEmail, token_hash: hashToken(token), expires_at: new Date(clock.nowMs() + ttlMs).toISOString(), used_at: null, created_at: now })
        .execute();
    });
    return token;
  }

  const link = (path: string, token: string) => `${ctx.publicUrl()}${path}?token=${encodeURIComponent(token)}`;

  return {
    async signUp(input: SignUpInput, userAgent?: string): Promise<IssuedSession | null> {
      const passwordHash = await hashPassword(input.password);
      const now = clock.iso();
      const user = { id: newId(), email: input.email, created_at: now };
      try {
        await ctx.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('auth_users')
            .values({ ...user, password_hash: passwordHash, email_confirmed_at: ctx.config.requireEmailConfirmation ? null : now, updated_at: now })
            .execute();
          await trx.insertInto('users').values({ id: user.id, email: user.email, active_store_id: null, created_at: now }).execute();
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(msg.emailTaken, { field: 'email' });
        throw err;
      }
      if (ctx.config.requireEmailConfirmation) {
        const token = await createLink(user.id, 'email_confirm', 24 * HOUR);
        const back = input.redirectTo ? `&redirect=${encodeURIComponent(input.redirectTo)}` : '';
        await ctx.mailer.send(authMails.confirmSignup(user.email, `${link('/auth/confirm', token)}${back}`));
        return null;
      }
      return startSession(user, userAgent);
    },

    async signIn(input: SignInInput, ip: string, userAgent?: string): Promise<IssuedSession> {
      const acctKey = `login:acct:${input.email}`;
      const ipKey = `login:ip:${ip}`;
      const [acct, byIp] = await Promise.all([ctx.limiter.get(acctKey), ctx.limiter.get(ipKey)]);
      if (acct.count >= LOGIN_MAX_PER_ACCOUNT || byIp.count >= LOGIN_MAX_PER_IP) {
        throw rateLimited(msg.tooManyLogins, Math.max(acct.resetMs, byIp.resetMs), 'Troppi tentativi');
      }
      const user = await repo.findUserByEmail(input.email);
      const ok = await verifyPassword(input.password, user?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!user || !ok) {
        await Promise.all([ctx.limiter.incr(acctKey, LOGIN_WINDOW_MS), ctx.limiter.incr(ipKey, LOGIN_WINDOW_MS)]);
        throw new AppError(400, 'invalid_credentials', msg.invalidCredentials);
      }
      if (!user.email_confirmed_at) throw forbidden(msg.emailNotConfirmed);
      await ctx.limiter.reset(acctKey);
      return startSession(user, userAgent);
    },

    /** Rotates the refresh token; a token used twice outside the grace window revokes its whole family. */
    async refresh(token: string | undefined): Promise<IssuedSession> {
      if (!token || token.length > 200) throw unauthenticated(msg.sessionExpired);
      const row = await repo.findRefreshToken(hashToken(token));
      const now = clock.nowMs();
      if (!row || row.revoked_at || Date.parse(row.expires_at) <= now) throw unauthenticated(msg.sessionExpired);
      const user = { id: row.user_id, email: row.email, created_at: row.created_at };
      if (row.used_at) {
        if (now - Date.parse(row.used_at) <= REUSE_GRACE_MS) return { session: accessToken(user, row.session_id) };
        await revoke(row.user_id, { only: row.session_id });
        ctx.log.warn({ sessionId: row.session_id }, 'refresh token reuse detected: session revoked');
        throw unauthenticated(msg.sessionExpired);
      }
      return ctx.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('refresh_tokens')
          .set({ used_at: clock.iso() })
          .where('token_hash', '=', row.token_hash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return { session: accessToken(user, row.session_id) };
        const refreshToken = await newRefreshToken(trx, row.session_id);
        return { session: accessToken(user, row.session_id), refreshToken };
      });
    },

    async signOut(userId: string, sessionId: string, scope: 'local' | 'global' | 'others') {
      if (scope === 'local') await revoke(userId, { only: sessionId });
      else if (scope === 'others') await revoke(userId, { except: sessionId });
      else await revoke(userId, {});
    },

    /** Looks up the session a refresh cookie belongs to, without rotating it. */
    async sessionOfRefreshToken(token: string | undefined) {
      if (!token || token.length > 200) return null;
      const row = await repo.findRefreshToken(hashToken(token));
      return row && !row.revoked_at ? { userId: row.user_id, sessionId: row.session_id } : null;
    },

    async getUser(userId: string) {
      const user = await repo.findUserById(userId);
      if (!user) throw unauthenticated(msg.sessionExpired);
      return { id: user.id, email: user.email, createdAt: user.created_at };
    },

    async requestEmailChange(userId: string, newEmail: string) {
      const user = await repo.findUserById(userId);
      if (!user) throw unauthenticated(msg.sessionExpired);
      if (user.email === newEmail) throw badRequest(msg.sameEmail, 'email');
      if (await repo.findUserByEmail(newEmail)) throw conflict(msg.emailTaken, { field: 'email' });
      const token = await createLink(userId, 'email_change', 24 * HOUR, newEmail);
      await ctx.mailer.send(authMails.emailChange(newEmail, link('/auth/confirm-email', token)));
    },

    async confirmEmailChange(token: string) {
      const row = await repo.findLiveAuthToken(hashToken(token), 'email_change', clock.iso());
      if (!row?.new_email) throw badRequest(msg.linkInvalid, 'token');
      const email = row.new_email;
      try {
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await repo.consumeAuthToken(trx, row.id, clock.iso()))) throw badRequest(msg.linkInvalid, 'token');
          await trx.updateTable('auth_users').set({ email, updated_at: clock.iso() }).where('id', '=', row.user_id).execute();
          await trx.updateTable('users').set({ email }).where('id', '=', row.user_id).execute();
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(msg.emailTaken, { field: 'email' });
        throw err;
      }
      return { email };
    },

    /** Always answers the same way, so it does not reveal which e-mails have an account. */
    async requestPasswordReset(email: string, ip: string) {
      const byIp = await ctx.limiter.incr(`recover:ip:${ip}`, HOUR);
      if (byIp.count > 20) throw rateLimited(msg.tooManyRequests, byIp.resetMs);
      const byEmail = await ctx.limiter.incr(`recover:acct:${email}`, HOUR);
      if (byEmail.count > 5) return;
      const user = await repo.findUserByEmail(email);
      if (!user) return;
      const token = await createLink(user.id, 'password_reset', HOUR);
      await ctx.mailer.send(authMails.passwordReset(user.email, link('/reset-password', token)));
    },

    /** Sets the new password, signs out every other session and signs this browser in. */
    async resetPassword(token: string, password: string, userAgent?: string): Promise<IssuedSession> {
      const row = await repo.findLiveAuthToken(hashToken(token), 'password_reset', clock.iso());
      if (!row) throw badRequest(msg.linkInvalid, 'token');
      const passwordHash = await hashPassword(password);
      const now = clock.iso();
      let revokedIds: string[] = [];
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.consumeAuthToken(trx, row.id, now))) throw badRequest(msg.linkInvalid, 'token');
        // Opening the mailed link proves the mailbox, so an unconfirmed account becomes confirmed.
        const user = await trx.selectFrom('auth_users').select('email_confirmed_at').where('id', '=', row.user_id).executeTakeFirstOrThrow();
        await trx
          .updateTable('auth_users')
          .set({ password_hash: passwordHash, updated_at: now, email_confirmed_at: user.email_confirmed_at ?? now })
          .where('id', '=', row.user_id)
          .execute();
        revokedIds = await repo.revokeSessions(trx, row.user_id, now, {});
      });
      await ctx.sessions.revoked(row.user_id, revokedIds);
      const user = await repo.findUserById(row.user_id);
      if (!user) throw badRequest(msg.linkInvalid, 'token');
      await ctx.limiter.reset(`login:acct:${user.email}`);
      return startSession(user, userAgent);
    },

    async confirmSignup(token: string, userAgent?: string): Promise<IssuedSession> {
      const row = await repo.findLiveAuthToken(hashToken(token), 'email_confirm', clock.iso());
      if (!row) throw badRequest(msg.linkInvalid, 'token');
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await repo.consumeAuthToken(trx, row.id, clock.iso()))) throw badRequest(msg.linkInvalid, 'token');
        await trx.updateTable('auth_users').set({ email_confirmed_at: clock.iso() }).where('id', '=', row.user_id).execute();
      });
      const user = await repo.findUserById(row.user_id);
      if (!user) throw badRequest(msg.linkInvalid, 'token');
      return startSession(user, userAgent);
    },
  };
}
export type AuthService = ReturnType<typeof authService>;
