import type { ReceivedInvitation, Role, TeamInvitation, TeamMember } from '@vetrina/shared';
import type { Db } from '../../db/index.js';

/** The only SQL of the team module. Every store-scoped query filters by store_id. */
export function teamRepo(db: Db) {
  return {
    async members(storeId: string): Promise<TeamMember[]> {
      const rows = await db
        .selectFrom('store_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id', 'u.email', 'm.role', 'm.created_at'])
        .where('m.store_id', '=', storeId)
        .orderBy('m.created_at', 'asc')
        .orderBy('m.id')
        .execute();
      return rows.map((r) => ({ id: r.id, userId: r.user_id, email: r.email, role: r.role, createdAt: r.created_at }));
    },

    findMember: (storeId: string, memberId: string) =>
      db.selectFrom('store_members').select(['id', 'user_id', 'role']).where('store_id', '=', storeId).where('id', '=', memberId).executeTakeFirst(),

    isMemberByEmail: async (storeId: string, email: string) =>
      !!(await db
        .selectFrom('store_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('m.id')
        .where('m.store_id', '=', storeId)
        .where('u.email', '=', email)
        .executeTakeFirst()),

    isMember: async (storeId: string, userId: string) =>
      !!(await db.selectFrom('store_members').select('id').where('store_id', '=', storeId).where('user_id', '=', userId).executeTakeFirst()),

    /** Pending, unexpired invitations of a store, newest first. */
    async pendingOfStore(storeId: string, now: string): Promise<TeamInvitation[]> {
      const rows = await db
        .selectFrom('store_invitations as i')
        .leftJoin('users as u', 'u.id', 'i.invited_by')
        .select(['i.id', 'i.email', 'i.role', 'u.email as invited_by_email', 'i.expires_at', 'i.created_at'])
        .where('i.store_id', '=', storeId)
        .where('i.status', '=', 'pending')
        .where('i.expires_at', '>', now)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        role: r.role,
        invitedByEmail: r.invited_by_email,
        expiresAt: r.expires_at,
        createdAt: r.created_at,
      }));
    },

    hasLivePending: async (storeId: string, email: string, now: string) =>
      !!(await db
        .selectFrom('store_invitations')
        .select('id')
        .where('store_id', '=', storeId)
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .executeTakeFirst()),

    /** Pending, unexpired invitations addressed to an e-mail, with the inviting store. */
    async pendingForEmail(email: string, now: string): Promise<ReceivedInvitation[]> {
      const rows = await db
        .selectFrom('store_invitations as i')
        .innerJoin('stores as s', 's.id', 'i.store_id')
        .leftJoin('users as u', 'u.id', 'i.invited_by')
        .select(['i.id', 'i.store_id', 's.name as store_name', 's.logo_url', 'i.role', 'u.email as invited_by_email', 'i.expires_at', 'i.created_at'])
        .where('i.email', '=', email)
        .where('i.status', '=', 'pending')
        .where('i.expires_at', '>', now)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        storeId: r.store_id,
        storeName: r.store_name,
        storeLogoUrl: r.logo_url,
        role: r.role,
        invitedByEmail: r.invited_by_email,
        expiresAt: r.expires_at,
        createdAt: r.created_at,
      }));
    },

    findInvitationByTokenHash: (tokenHash: string) =>
      db
        .selectFrom('store_invitations as i')
        .innerJoin('stores as s', 's.id', 'i.store_id')
        .select(['i.id', 'i.store_id', 'i.email', 'i.role', 'i.status', 'i.expires_at', 's.name as store_name'])
        .where('i.token_hash', '=', tokenHash)
        .executeTakeFirst(),

    findInvitationById: (id: string) =>
      db
        .selectFrom('store_invitations as i')
        .innerJoin('stores as s', 's.id', 'i.store_id')
        .select(['i.id', 'i.store_id', 'i.email', 'i.role', 'i.status', 'i.expires_at', 's.name as store_name'])
        .where('i.id', '=', id)
        .executeTakeFirst(),

    findStoreName: async (storeId: string) =>
      (await db.selectFrom('stores').select('name').where('id', '=', storeId).executeTakeFirst())?.name ?? null,

    accountEmail: async (userId: string) =>
      (await db.selectFrom('auth_users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null,

    /** Accounts from before profiles existed get theirs when they join a store. */
    ensureProfile: (d: Db, userId: string, email: string, now: string) =>
      d.insertInto('users').values({ id: userId, email, active_store_id: null, created_at: now }).onConflict((oc) => oc.column('id').doNothing()).execute(),

    insertMember: (d: Db, m: { id: string; storeId: string; userId: string; role: Role; createdAt: string }) =>
      d.insertInto('store_members').values({ id: m.id, store_id: m.storeId, user_id: m.userId, role: m.role, created_at: m.createdAt }).execute(),
  };
}
export type TeamRepo = ReturnType<typeof teamRepo>;
export type InvitationRow = NonNullable<Awaited<ReturnType<TeamRepo['findInvitationById']>>>;
