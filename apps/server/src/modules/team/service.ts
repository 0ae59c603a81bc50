import type { Role } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { newId } from '../../lib/ids.js';
import { teamRepo } from './repo.js';

export { membersService, type TeamContext } from './members-service.js';
export { invitationsService } from './invitations-service.js';
export { acceptanceService } from './acceptance-service.js';

/**
 * Membership writes other modules run inside THEIR transaction: the team module is the only
 * writer of `store_members` (a new store's creator becomes its admin through here).
 */
export const storeMembers = {
  add: (trx: Db, m: { storeId: string; userId: string; role: Role; createdAt: string }) => teamRepo(trx).insertMember({ id: newId(), ...m }),
};
