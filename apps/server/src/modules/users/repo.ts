import type { Db } from '../../db/index.js';

/** The only SQL that writes `users` (the profiles): auth, stores, team and notifications call users/service.ts. */
export function usersRepo(db: Db) {
  return {
    findProfile: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),

    insertProfile: (user: { id: string; email: string }, now: string) =>
      db.insertInto('users').values({ id: user.id, email: user.email, active_store_id: null, created_at: now }).execute(),

    /** Creates the profile unless it exists (a store needs its creator's profile row). */
    ensureProfile: (user: { id: string; email: string }, now: string) =>
      db
        .insertInto('users')
        .values({ id: user.id, email: user.email, active_store_id: null, created_at: now })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute(),

    setActiveStore: (userId: string, storeId: string | null) => db.updateTable('users').set({ active_store_id: storeId }).where('id', '=', userId).execute(),

    /** Makes the store active only for a user who has none. */
    activateIfNone: (userId: string, storeId: string) =>
      db.updateTable('users').set({ active_store_id: storeId }).where('id', '=', userId).where('active_store_id', 'is', null).execute(),

    /** Clears the store as the user's active one, if it is. */
    clearActiveStore: (userId: string, storeId: string) =>
      db.updateTable('users').set({ active_store_id: null }).where('id', '=', userId).where('active_store_id', '=', storeId).execute(),

    /** Users whose active store is this one. */
    usersActiveOn: async (storeId: string) => (await db.selectFrom('users').select('id').where('active_store_id', '=', storeId).execute()).map((r) => r.id),

    changeEmail: (userId: string, email: string) => db.updateTable('users').set({ email }).where('id', '=', userId).execute(),

    async saveMailPreferences(userId: string, p: { orderEmails: boolean; messageEmails: boolean }): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set({ notify_order_mail: p.orderEmails ? 1 : 0, notify_message_mail: p.messageEmails ? 1 : 0 })
        .where('id', '=', userId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** The sign-in account behind a profile (auth writes it; read here for /api/me). */
    account: (userId: string) =>
      db.selectFrom('auth_users').select(['id', 'email', 'created_at', 'email_verified_at']).where('id', '=', userId).executeTakeFirst(),

    async pendingInvitationCount(email: string, now: string): Promise<number> {
      const r = await db
        .selectFrom('store_invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
export type UsersRepo = ReturnType<typeof usersRepo>;
