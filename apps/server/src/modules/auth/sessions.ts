import { msg, type SessionPayload } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import { unauthenticated } from '../../lib/errors.js';
import { clock } from '../../lib/clock.js';
import { hashToken, newId, newToken } from '../../lib/ids.js';
import { signJwt } from '../../lib/jwt.js';
import { deviceFacts, deviceKey } from './devices/describe.js';
import { devicesRepo } from './devices/repo.js';
import { authRepo } from './repo.js';

export const ACCESS_TTL_SEC = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** Two tabs refreshing at once present the same token: within this window that is a race, not theft. */
const REUSE_GRACE_MS = 10_000;

export interface IssuedSession {
  session: SessionPayload;
  /** Absent when a concurrent refresh already rotated the token (the browser holds the new one). */
  refreshToken?: string;
}

export interface AccountRow {
  id: string;
  email: string;
  created_at: string;
}

/** 'aal2': the session was opened with a second factor or a passkey (or proved with one since). */
export type Aal = 'aal1' | 'aal2';

export type RevokeScope = { only: string } | { except: string } | 'all';

/** Sessions: a short-lived access token (JWT) plus a rotating refresh token stored hashed. */
export function sessionsService(ctx: AppContext) {
  const repo = authRepo(ctx.db);

  function accessToken(user: AccountRow, sessionId: string, aal: Aal): SessionPayload {
    const iat = Math.floor(clock.nowMs() / 1000);
    const exp = iat + ACCESS_TTL_SEC;
    return {
      accessToken: signJwt({ sub: user.id, sid: sessionId, email: user.email, aal, iat, exp }, ctx.jwtSecret),
      tokenType: 'bearer',
      expiresIn: ACCESS_TTL_SEC,
      expiresAt: exp,
      user: { id: user.id, email: user.email, createdAt: user.created_at },
    };
  }

  async function newRefreshToken(db: Db, sessionId: string): Promise<string> {
    const token = newToken();
    await authRepo(db).insertRefreshToken({
      tokenHash: hashToken(token),
      sessionId,
      now: clock.iso(),
      expiresAt: new Date(clock.nowMs() + REFRESH_TTL_MS).toISOString(),
    });
    return token;
  }

  /**
   * Revokes sessions in the database (inside `db` when it is a transaction) and returns a function
   * to call after commit: it makes every instance refuse their access tokens and sockets at once.
   */
  async function revoke(db: Db, userId: string, scope: RevokeScope): Promise<() => Promise<void>> {
    const ids = await authRepo(db).revokeSessions(userId, clock.iso(), scope === 'all' ? {} : scope);
    return () => ctx.sessions.revoked(userId, ids);
  }

  return {
    accessToken,
    revoke,

    /** Revokes now (outside any transaction) and tells every instance. */
    async revokeNow(userId: string, scope: RevokeScope): Promise<void> {
      await (
        await revoke(ctx.db, userId, scope)
      )();
    },

    /** `ip` is kept only cut to its network (modules/auth/devices). Signing in proves the holder now. */
    async start(user: AccountRow, userAgent: string | undefined, ip?: string, aal: Aal = 'aal1'): Promise<IssuedSession> {
      const sessionId = newId();
      const device = deviceFacts(userAgent, ip);
      return ctx.db.transaction().execute(async (trx) => {
        await authRepo(trx).insertSession({
          id: sessionId,
          userId: user.id,
          userAgent: userAgent?.slice(0, 300) ?? null,
          ipPrefix: device.ipPrefix,
          deviceKey: deviceKey(device),
          now: clock.iso(),
          aal,
        });
        const refreshToken = await newRefreshToken(trx, sessionId);
        return { session: accessToken(user, sessionId, aal), refreshToken };
      });
    },

    /** Rotates the refresh token; a token used twice outside the grace window revokes its session. */
    async refresh(token: string | undefined): Promise<IssuedSession> {
      if (!token || token.length > 200) throw unauthenticated(msg.sessionExpired);
      const row = await repo.findRefreshToken(hashToken(token));
      const now = clock.nowMs();
      if (!row || row.revoked_at || Date.parse(row.expires_at) <= now) throw unauthenticated(msg.sessionExpired);
      const user = { id: row.user_id, email: row.email, created_at: row.created_at };
      if (row.used_at) {
        if (now - Date.parse(row.used_at) <= REUSE_GRACE_MS) return { session: accessToken(user, row.session_id, row.aal) };
        await (
          await revoke(ctx.db, row.user_id, { only: row.session_id })
        )();
        ctx.log.warn({ sessionId: row.session_id }, 'refresh token reuse detected: session revoked');
        throw unauthenticated(msg.sessionExpired);
      }
      return ctx.db.transaction().execute(async (trx) => {
        if (!(await authRepo(trx).useRefreshToken(row.token_hash, clock.iso()))) return { session: accessToken(user, row.session_id, row.aal) };
        await devicesRepo(trx).touch(row.session_id, clock.iso());
        const refreshToken = await newRefreshToken(trx, row.session_id);
        return { session: accessToken(user, row.session_id, row.aal), refreshToken };
      });
    },

    async signOut(userId: string, sessionId: string, scope: 'local' | 'global' | 'others') {
      const which: RevokeScope = scope === 'local' ? { only: sessionId } : scope === 'others' ? { except: sessionId } : 'all';
      await (
        await revoke(ctx.db, userId, which)
      )();
    },

    /** Looks up the session a refresh cookie belongs to, without rotating it. */
    async ofRefreshToken(token: string | undefined) {
      if (!token || token.length > 200) return null;
      const row = await repo.findRefreshToken(hashToken(token));
      return row && !row.revoked_at ? { userId: row.user_id, sessionId: row.session_id } : null;
    },
  };
}
export type SessionsService = ReturnType<typeof sessionsService>;
