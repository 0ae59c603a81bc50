import type { Db } from '../../../db/index.js';

/** SQL for what the sessions table says about devices (the auth module owns the table). */
export function devicesRepo(db: Db) {
  return {
    /** The user's live sessions, most recently used first. */
    listLive: (userId: string) =>
      db
        .selectFrom('sessions')
        .select(['id', 'user_agent', 'ip_prefix', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('last_used_at', 'desc')
        .orderBy('created_at', 'desc')
        .execute(),

    /** Sessions by id, live or ended (the audit log names the device a change came from). */
    byIds: (ids: string[]) => db.selectFrom('sessions').select(['id', 'user_agent', 'ip_prefix']).where('id', 'in', ids).execute(),

    /** Whether the user has had any session at all (the first sign-in after sign-up mails nothing). */
    hasAnySession: async (userId: string) => !!(await db.selectFrom('sessions').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst()),

    /** Whether a session of the user with this device key started or was used since `since`. */
    seenSince: async (userId: string, key: string, since: string) =>
      !!(await db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('device_key', '=', key)
        .where((eb) => eb.or([eb('created_at', '>=', since), eb('last_used_at', '>=', since)]))
        .limit(1)
        .executeTakeFirst()),

    /** Whether the session is the user's and still live. */
    isOwnLive: async (userId: string, sessionId: string) =>
      !!(await db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst()),

    /** A token refresh: the session was used now. */
    touch: (sessionId: string, at: string) => db.updateTable('sessions').set({ last_used_at: at }).where('id', '=', sessionId).execute(),
  };
}
