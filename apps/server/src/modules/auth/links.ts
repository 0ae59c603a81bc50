import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import type { AuthTokensTable } from '../../db/schema.js';
import { clock } from '../../lib/clock.js';
import { hashToken, newId, newToken } from '../../lib/ids.js';
import { authRepo } from './repo.js';

export type LinkKind = AuthTokensTable['kind'];
export const HOUR_MS = 3600 * 1000;

/** Where each mailed link lands in the web app, and how long it works. */
export const LINKS: Record<LinkKind, { path: string; ttlMs: number }> = {
  email_confirm: { path: '/auth/confirm', ttlMs: 24 * HOUR_MS },
  email_verify: { path: '/auth/verify-email', ttlMs: 24 * HOUR_MS },
  email_change: { path: '/auth/confirm-email', ttlMs: 24 * HOUR_MS },
  password_reset: { path: '/reset-password', ttlMs: HOUR_MS },
};

/** One-time links mailed to an account: stored hashed, single use, only the newest of a kind works. */
export function oneTimeLinks(ctx: AppContext) {
  const repo = authRepo(ctx.db);
  return {
    /** Creates a link (invalidating the previous one of its kind) and returns its URL. */
    async create(userId: string, kind: LinkKind, opts: { newEmail?: string; query?: string } = {}): Promise<string> {
      const token = newToken();
      const now = clock.iso();
      await ctx.db.transaction().execute((trx) =>
        authRepo(trx).replaceAuthToken({
          id: newId(),
          userId,
          kind,
          newEmail: opts.newEmail ?? null,
          tokenHash: hashToken(token),
          expiresAt: new Date(clock.nowMs() + LINKS[kind].ttlMs).toISOString(),
          now,
        }),
      );
      return `${ctx.publicUrl()}${LINKS[kind].path}?token=${encodeURIComponent(token)}${opts.query ?? ''}`;
    },

    /** The live link behind a token, or undefined. */
    find: (token: string, kind: LinkKind) => repo.findLiveAuthToken(hashToken(token), kind, clock.iso()),

    /** Marks the link used inside the transaction; false when another request used it first. */
    consume: (trx: Db, id: string) => authRepo(trx).consumeAuthToken(id, clock.iso()),
  };
}
