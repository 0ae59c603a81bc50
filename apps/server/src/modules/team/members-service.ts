import { teamMsg, type Role, type TeamMember } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { StoreMembership } from '../../plugins/guard.js';
import { topics } from '../realtime/bus.js';
import { userProfiles } from '../users/service.js';
import { audit } from '../audit/service.js';
import { teamRepo } from './repo.js';

export interface TeamContext extends StoreMembership {
  /** The member and their session, as 'Registro attività' records them. */
  user: { id: string; email?: string; sessionId?: string };
}

const ROLE_LABELS: Record<Role, string> = { admin: 'Amministratore', staff: 'Staff' };

/**
 * Members of a store. Everyone on the team lists them; admins remove staff; only the owner removes
 * or demotes an admin, promotes staff, and hands the store to another admin.
 */
export function membersService(ctx: AppContext) {
  const repo = teamRepo(ctx.db);

  async function memberOf(team: TeamContext, memberId: string) {
    const member = await repo.findMember(team.storeId, memberId);
    if (!member) throw notFound(teamMsg.memberNotFound);
    return { ...member, isOwner: member.user_id === (await repo.ownerOf(team.storeId)) };
  }

  return {
    /** One member of the store, with whether they own it; 404 when not on the team. */
    memberOf,

    list: (team: TeamContext): Promise<TeamMember[]> => repo.members(team.storeId),

    async remove(team: TeamContext, memberId: string): Promise<void> {
      const member = await memberOf(team, memberId);
      if (member.user_id === team.user.id) throw forbidden(teamMsg.cannotRemoveSelf);
      if (member.isOwner) throw forbidden(teamMsg.cannotRemoveOwner);
      // The spec's rule for admins (never remove an admin) holds for every admin but the owner.
      if (member.role === 'admin' && !team.isOwner) throw forbidden(teamMsg.cannotRemoveAdmin);
      const removed = await ctx.db.transaction().execute(async (trx) => {
        if (!(await teamRepo(trx).removeMember(team.storeId, member.id, member.role))) return false;
        await audit.record(trx, team, {
          kind: 'team',
          action: 'team.member_removed',
          summary: `Membro rimosso dal team: ${member.email}`,
          subject: { type: 'member', id: member.id, label: member.email },
          changes: [{ field: 'role', label: 'Ruolo', before: ROLE_LABELS[member.role], after: null }],
        });
        // The removed person no longer works in this store: do not leave it as their active one.
        await userProfiles.clearActiveStore(trx, member.user_id, team.storeId);
        return true;
      });
      if (!removed) throw notFound(teamMsg.memberNotFound);
      // Their open dashboards stop receiving this store's events, on every instance.
      await ctx.bus.publish(topics.control, { type: 'access.member-removed', storeId: team.storeId, userId: member.user_id }).catch((err: unknown) => {
        // The removal is committed; sockets still lose the store at their next token re-check.
        ctx.log.error({ err, storeId: team.storeId }, 'member removed but the access event could not be published');
      });
    },

    /** Owner only (guard: 'team:owner'). The owner's own role never changes: they are the store's admin. */
    async changeRole(team: TeamContext, memberId: string, role: Role): Promise<TeamMember> {
      const member = await memberOf(team, memberId);
      if (member.isOwner) throw forbidden(teamMsg.cannotChangeOwnRole);
      if (member.role === role) throw badRequest(teamMsg.roleUnchanged, 'role');
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await teamRepo(trx).setRole(team.storeId, member.id, member.role, role))) throw conflict(teamMsg.roleChangeFailed);
        await audit.record(trx, team, {
          kind: 'team',
          action: 'team.role_changed',
          summary: `Ruolo cambiato: ${member.email}`,
          subject: { type: 'member', id: member.id, label: member.email },
          changes: [{ field: 'role', label: 'Ruolo', before: ROLE_LABELS[member.role], after: ROLE_LABELS[role] }],
        });
      });
      const updated = (await repo.members(team.storeId)).find((m) => m.id === member.id);
      if (!updated) throw notFound(teamMsg.memberNotFound);
      return updated;
    },
  };
}
export type MembersService = ReturnType<typeof membersService>;
