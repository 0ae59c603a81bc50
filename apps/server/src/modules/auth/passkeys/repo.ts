import type { Db } from '../../../db/index.js';
import type { AuthPasskeysTable, AuthWebauthnChallengesTable } from '../../../db/schema.js';

/** SQL for passkeys: the credentials and the challenges handed to the browser. */
export function passkeysRepo(db: Db) {
  return {
    list: (userId: string) => db.selectFrom('auth_passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute(),

    hasAny: async (userId: string) => !!(await db.selectFrom('auth_passkeys').select('id').where('user_id', '=', userId).executeTakeFirst()),

    find: (userId: string, id: string) => db.selectFrom('auth_passkeys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    findByCredentialId: (credentialId: string) => db.selectFrom('auth_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst(),

    insert: (row: AuthPasskeysTable) => db.insertInto('auth_passkeys').values(row).execute(),

    rename: async (userId: string, id: string, name: string) => {
      const r = await db.updateTable('auth_passkeys').set({ name }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    remove: async (userId: string, id: string) => {
      const r = await db.deleteFrom('auth_passkeys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** Records a use only from the counter it was verified against: false when another use came first. */
    recordUse: async (id: string, fromCounter: number, toCounter: number, at: string) => {
      const r = await db
        .updateTable('auth_passkeys')
        .set({ counter: toCounter, last_used_at: at })
        .where('id', '=', id)
        .where('counter', '=', fromCounter)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A new challenge; the expired ones go at the same time, so the table stays small. */
    insertChallenge: async (row: Omit<AuthWebauthnChallengesTable, 'used_at'>) => {
      await db.deleteFrom('auth_webauthn_challenges').where('expires_at', '<=', row.created_at).execute();
      await db
        .insertInto('auth_webauthn_challenges')
        .values({ ...row, used_at: null })
        .execute();
    },

    /** Uses a live challenge once (conditional update) and returns it; undefined when unknown, used or expired. */
    takeChallenge: async (challengeHash: string, purposes: AuthWebauthnChallengesTable['purpose'][], now: string) => {
      const row = await db
        .selectFrom('auth_webauthn_challenges')
        .selectAll()
        .where('challenge_hash', '=', challengeHash)
        .where('purpose', 'in', purposes)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!row) return undefined;
      const r = await db.updateTable('auth_webauthn_challenges').set({ used_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1 ? row : undefined;
    },
  };
}
