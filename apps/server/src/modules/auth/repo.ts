import type { Db } from '../../db/index.js';
import type { AuthTokensTable } from '../../db/schema.js';

/** SQL for accounts, sessions and one-time links. */
export function authRepo(db: Db) {
  return {
    findUserByEmail: (email: string) => db.selectFrom('auth_users').selectAll().where('email', '=', email).executeTakeFirst(),
    findUserById: (id: string) => db.selectFrom('auth_users').selectAll().where('id', '=', id).executeTakeFirst(),

    findRefreshToken: (tokenHash: string) =>
      db
        .selectFrom('refresh_tokens as rt')
        .innerJoin('sessions as s', 's.id', 'rt.session_id')
        .innerJoin('auth_users as u', 'u.id', 's.user_id')
        .select(['rt.token_hash', 'rt.expires_at', 'rt.used_at', 's.id as session_id', 's.revoked_at', 'u.id as user_id', 'u.email', 'u.created_at'])
        .where('rt.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** Revokes the user's live sessions (all, only one, or all but one) and returns their ids. */
    revokeSessions: async (d: Db, userId: string, at: string, opts: { only?: string; except?: string }): Promise<string[]> => {
      let q = d.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (opts.only) q = q.where('id', '=', opts.only);
      if (opts.except) q = q.where('id', '!=', opts.except);
      return (await q.returning('id').execute()).map((r) => r.id);
    },

    findLiveAuthToken: (tokenHash: string, kind: AuthTokensTable['kind'], now: string) =>
      db
        .selectFrom('auth_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst(),

    /** Marks a one-time link used; false when another request used it first. */
    consumeAuthToken: async (db2: Db, id: string, now: string) => {
      const r = await db2.updateTable('auth_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
