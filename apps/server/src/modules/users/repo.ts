import type { StoreSummary } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { storesRepo } from '../stores/repo.js';

export { parseColors } from '../stores/repo.js';

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

    /** The stores a user belongs to, newest first, with their theme and the user's role. */
    storesOf: (userId: string): Promise<StoreSummary[]> => storesRepo(db).summariesOf(userId),

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
