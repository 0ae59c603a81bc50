import type { ReceivedInvitation, Role, TeamInvitation, TeamMember } from '@vetrina/shared';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.js';
import type { StoreInvitationsTable } from '../../db/schema.js';

type InvitationInsert = Insertable<StoreInvitationsTable>;

/** The only SQL of the team module. Every store-scoped query filters by store_id. */
export function teamRepo(db: Db) {
  return {
    async members(storeId: string): Promise<TeamMember[]> {
      const rows = await db
        .selectFrom('store_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .innerJoin('stores as s', 's.id', 'm.store_id')
        .select(['m.id', 'm.user_id', 'u.email', 'm.role', 'm.created_at', 's.owner_id'])
        .where('m.store_id', '=', storeId)
        .orderBy('m.created_at', 'asc')
        .orderBy('m.id')
        .execute();
      return rows.map((r) => ({ id: r.id, userId: r.user_id, email: r.email, role: r.role, isOwner: r.owner_id === r.user_id, createdAt: r.created_at }));
    },

    ownerOf: async (storeId: string) => (await db.selectFrom('stores').select('owner_id').where('id', '=', storeId).executeTakeFirst())?.owner_id ?? null,

    /**
     * Removes a member with the role it was read with (a concurrent role change makes it a no-op).
     * False when nothing was removed.
     */
    async removeMember(storeId: string, memberId: string, role: Role): Promise<boolean> {
      const deleted = await db
        .deleteFrom('store_members')
        .where('id', '=', memberId)
        .where('store_id', '=', storeId)
        .where('role', '=', role)
        // Never the owner, whatever happened since it was read.
        .where('user_id', 'not in', db.selectFrom('stores').select('owner_id').where('id', '=', storeId).where('owner_id', 'is not', null))
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) === 1;
    },

    /** Conditional on the role read before, so two owners' tabs cannot interleave. */
    setRole: async (storeId: string, memberId: string, from: Role, to: Role) =>
      Number(
        (
          await db
            .updateTable('store_members')
            .set({ role: to })
            .where('store_id', '=', storeId)
            .where('id', '=', memberId)
            .where('role', '=', from)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,

    findMember: (storeId: string, memberId: string) =>
      db
        .selectFrom('store_members as m')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.id', 'm.user_id', 'm.role', 'u.email'])
        .where('m.store_id', '=', storeId)
        .where('m.id', '=', memberId)
        .executeTakeFirst(),

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

    findStoreName: async (storeId: string) => (await db.selectFrom('stores').select('name').where('id', '=', storeId).executeTakeFirst())?.name ?? null,

    accountEmail: async (userId: string) => (await db.selectFrom('auth_users').select('email').where('id', '=', userId).executeTakeFirst())?.email ?? null,

    account: (userId: string) => db.selectFrom('auth_users').select(['email', 'email_verified_at']).where('id', '=', userId).executeTakeFirst(),

    /** Replaces an expired pending invitation to the address (it must not block a fresh one) with this one. */
    async insertInvitation(invitation: InvitationInsert): Promise<void> {
      await db
        .deleteFrom('store_invitations')
        .where('store_id', '=', invitation.store_id)
        .where('email', '=', invitation.email)
        .where('status', '=', 'pending')
        .where('expires_at', '<=', invitation.created_at)
        .execute();
      await db.insertInto('store_invitations').values(invitation).execute();
    },

    deleteInvitation: (id: string) => db.deleteFrom('store_invitations').where('id', '=', id).execute(),

    /** Deletes a pending invitation of the store; false when there was none. */
    cancelPending: async (storeId: string, invitationId: string) =>
      Number(
        (
          await db
            .deleteFrom('store_invitations')
            .where('id', '=', invitationId)
            .where('store_id', '=', storeId)
            .where('status', '=', 'pending')
            .executeTakeFirst()
        ).numDeletedRows,
      ) === 1,

    /** Marks a pending, unexpired invitation accepted or declined; false when another request used or cancelled it first. */
    settle: async (id: string, status: 'accepted' | 'declined', now: string) =>
      Number(
        (
          await db
            .updateTable('store_invitations')
            .set({ status })
            .where('id', '=', id)
            .where('status', '=', 'pending')
            .where('expires_at', '>', now)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,

    insertMember: (m: { id: string; storeId: string; userId: string; role: Role; createdAt: string }) =>
      db.insertInto('store_members').values({ id: m.id, store_id: m.storeId, user_id: m.userId, role: m.role, created_at: m.createdAt }).execute(),
  };
}
export type TeamRepo = ReturnType<typeof teamRepo>;
export type InvitationRow = NonNullable<Awaited<ReturnType<TeamRepo['findInvitationById']>>>;
