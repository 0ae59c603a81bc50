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
        .select(['rt.token_hash', 'rt.expires_at', 'rt.used_at', 's.id as session_id', 's.revoked_at', 's.aal', 'u.id as user_id', 'u.email', 'u.created_at'])
        .where('rt.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    /** Whether the session exists and was not revoked (modules/auth/session-gate.ts caches the answer). */
    isSessionLive: async (sessionId: string) => {
      const row = await db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirst();
      return !!row && row.revoked_at === null;
    },

    /** How sure the session is of its holder, and when they last proved it (null: no such live session). */
    sessionAssurance: (sessionId: string) =>
      db.selectFrom('sessions').select(['aal', 'proved_at']).where('id', '=', sessionId).where('revoked_at', 'is', null).executeTakeFirst(),

    /** 'Conferma la tua identità' succeeded (or a second factor was added): the session is proved now. */
    markProved: (sessionId: string, userId: string, now: string, aal?: 'aal2') =>
      db
        .updateTable('sessions')
        .set(aal ? { proved_at: now, aal } : { proved_at: now })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()
        .then((r) => Number(r.numUpdatedRows) === 1),

    insertSession: (s: {
      id: string;
      userId: string;
      userAgent: string | null;
      ipPrefix: string | null;
      deviceKey: string;
      now: string;
      aal: 'aal1' | 'aal2';
    }) =>
      db
        .insertInto('sessions')
        .values({
          id: s.id,
          user_id: s.userId,
          created_at: s.now,
          revoked_at: null,
          user_agent: s.userAgent,
          ip_prefix: s.ipPrefix,
          device_key: s.deviceKey,
          last_used_at: s.now,
          aal: s.aal,
          proved_at: s.now,
        })
        .execute(),

    insertRefreshToken: (t: { tokenHash: string; sessionId: string; now: string; expiresAt: string }) =>
      db
        .insertInto('refresh_tokens')
        .values({ token_hash: t.tokenHash, session_id: t.sessionId, created_at: t.now, expires_at: t.expiresAt, used_at: null })
        .execute(),

    /** Marks a refresh token used; false when a concurrent refresh used it first. */
    useRefreshToken: async (tokenHash: string, at: string) => {
      const r = await db.updateTable('refresh_tokens').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Revokes the user's live sessions (all, only one, or all but one) and returns their ids. */
    revokeSessions: async (userId: string, at: string, opts: { only?: string; except?: string }): Promise<string[]> => {
      let q = db.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null);
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

    insertAccount: async (a: { id: string; email: string; passwordHash: string; confirmedAt: string | null; now: string }) => {
      await db
        .insertInto('auth_users')
        .values({
          id: a.id,
          email: a.email,
          password_hash: a.passwordHash,
          email_confirmed_at: a.confirmedAt,
          email_verified_at: null,
          created_at: a.now,
          updated_at: a.now,
        })
        .execute();
    },

    /** A mailed link was opened: the mailbox is proved (and an unconfirmed account becomes usable). */
    markVerified: (userId: string, at: string) =>
      db
        .updateTable('auth_users')
        .set((eb) => ({ email_verified_at: at, email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(at)), updated_at: at }))
        .where('id', '=', userId)
        .execute(),

    setPassword: (userId: string, passwordHash: string, at: string) =>
      db.updateTable('auth_users').set({ password_hash: passwordHash, updated_at: at }).where('id', '=', userId).execute(),

    /** The new address was proved by its own link: it is the account's, and verified. */
    changeEmail: async (userId: string, email: string, at: string) => {
      await db.updateTable('auth_users').set({ email, email_verified_at: at, updated_at: at }).where('id', '=', userId).execute();
    },

    /** Stores a new one-time link; the previous live one of its kind stops working. */
    replaceAuthToken: async (t: {
      id: string;
      userId: string;
      kind: AuthTokensTable['kind'];
      newEmail: string | null;
      tokenHash: string;
      expiresAt: string;
      now: string;
    }) => {
      await db
        .updateTable('auth_tokens')
        .set({ used_at: t.now })
        .where('user_id', '=', t.userId)
        .where('kind', '=', t.kind)
        .where('used_at', 'is', null)
        .execute();
      await db
        .insertInto('auth_tokens')
        .values({
          id: t.id,
          user_id: t.userId,
          kind: t.kind,
          new_email: t.newEmail,
          token_hash: t.tokenHash,
          expires_at: t.expiresAt,
          used_at: null,
          created_at: t.now,
        })
        .execute();
    },

    /** Marks a one-time link used; false when another request used it first. */
    consumeAuthToken: async (id: string, now: string) => {
      const r = await db.updateTable('auth_tokens').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
export type AuthRepo = ReturnType<typeof authRepo>;
