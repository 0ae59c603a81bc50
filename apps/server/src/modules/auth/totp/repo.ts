import type { Db } from '../../../db/index.js';
import type { AuthFactorsTable } from '../../../db/schema.js';

/** SQL for the second sign-in step: factors, recovery codes and sign-in challenges. */
export function totpRepo(db: Db) {
  return {
    listFactors: (userId: string) => db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).orderBy('created_at').execute(),

    findFactor: (userId: string, id: string) => db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst(),

    findVerifiedFactor: (userId: string) =>
      db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).where('status', '=', 'verified').executeTakeFirst(),

    /** A new enrolment replaces any unconfirmed one. */
    insertFactor: async (f: Omit<AuthFactorsTable, 'last_used_step' | 'verified_at' | 'status'>) => {
      await db.deleteFrom('auth_factors').where('user_id', '=', f.user_id).where('status', '=', 'unverified').execute();
      await db
        .insertInto('auth_factors')
        .values({ ...f, status: 'unverified', last_used_step: null, verified_at: null })
        .execute();
    },

    /** Records the accepted step only when it is newer than the last one: false means a replay. */
    useStep: async (factorId: string, step: number) => {
      const r = await db
        .updateTable('auth_factors')
        .set({ last_used_step: step })
        .where('id', '=', factorId)
        .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    markVerified: (factorId: string, at: string) =>
      db.updateTable('auth_factors').set({ status: 'verified', verified_at: at }).where('id', '=', factorId).execute(),

    /** Turning two-step sign-in off removes the factor, its recovery codes and open challenges. */
    deleteAll: async (userId: string) => {
      await db.deleteFrom('auth_mfa_challenges').where('user_id', '=', userId).execute();
      await db.deleteFrom('auth_recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('auth_factors').where('user_id', '=', userId).execute();
    },

    replaceRecoveryCodes: async (userId: string, hashes: string[], ids: string[], now: string) => {
      await db.deleteFrom('auth_recovery_codes').where('user_id', '=', userId).execute();
      await db
        .insertInto('auth_recovery_codes')
        .values(hashes.map((code_hash, i) => ({ id: ids[i]!, user_id: userId, code_hash, used_at: null, created_at: now })))
        .execute();
    },

    /** Uses a recovery code once: false when unknown or already used. */
    useRecoveryCode: async (userId: string, codeHash: string, at: string) => {
      const r = await db
        .updateTable('auth_recovery_codes')
        .set({ used_at: at })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    insertChallenge: (c: { id: string; userId: string; tokenHash: string; expiresAt: string; now: string }) =>
      db
        .insertInto('auth_mfa_challenges')
        .values({ id: c.id, user_id: c.userId, token_hash: c.tokenHash, expires_at: c.expiresAt, used_at: null, created_at: c.now })
        .execute(),

    findLiveChallenge: (tokenHash: string, now: string) =>
      db
        .selectFrom('auth_mfa_challenges as c')
        .innerJoin('auth_users as u', 'u.id', 'c.user_id')
        .select(['c.id', 'u.id as user_id', 'u.email', 'u.created_at'])
        .where('c.token_hash', '=', tokenHash)
        .where('c.used_at', 'is', null)
        .where('c.expires_at', '>', now)
        .executeTakeFirst(),

    consumeChallenge: async (id: string, at: string) => {
      const r = await db.updateTable('auth_mfa_challenges').set({ used_at: at }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}
