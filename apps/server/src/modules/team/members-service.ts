import { teamMsg, type TeamMember } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { forbidden, notFound } from '../../lib/errors.js';
import type { StoreMembership } from '../../plugins/guard.js';
import { topics } from '../realtime/bus.js';
import { teamRepo } from './repo.js';

export interface TeamContext extends StoreMembership {
  user: { id: string };
}

/** Members of a store: everyone on the team may list them, only admins remove (never an admin, never oneself). */
export function membersService(ctx: AppContext) {
  const repo = teamRepo(ctx.db);
  return {
    list: (team: TeamContext): Promise<TeamMember[]> => repo.members(team.storeId),

    async remove(team: TeamContext, memberId: string): Promise<void> {
      const member = await repo.findMember(team.storeId, memberId);
      if (!member) throw notFound(teamMsg.memberNotFound);
      if (member.user_id === team.user.id) throw forbidden(teamMsg.cannotRemoveSelf);
      // Admins are never removed here, so a store always keeps the admin who created it.
      if (member.role === 'admin') throw forbidden(teamMsg.cannotRemoveAdmin);
      await ctx.db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('store_members')
          .where('id', '=', member.id)
          .where('store_id', '=', team.storeId)
          .where('role', '=', 'staff')
          .executeTakeFirst();
        if (Number(deleted.numDeletedRows) !== 1) throw notFound(teamMsg.memberNotFound);
        // The removed person no longer works in this store: do not leave it as their active one.
        await trx
          .updateTable('users')
          .set({ active_store_id: null })
          .where('id', '=', member.user_id)
          .where('active_store_id', '=', team.storeId)
          .execute();
      });
      // Their open dashboards stop receiving this store's events, on every instance.
      await ctx.bus.publish(topics.control, { type: 'access.member-removed', storeId: team.storeId, userId: member.user_id });
    },
  };
}
