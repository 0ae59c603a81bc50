import { can, type Role, type TeamMember } from '@vetrina/shared';

/** The person looking at the team page: their membership of the active store. */
export interface TeamViewer {
  userId: string;
  role: Role;
  isOwner: boolean;
}

/**
 * What the viewer may do to one member's row (the server enforces the same rules): admins remove
 * staff; only the owner removes an admin or changes a role; nobody acts on themselves or the owner.
 */
export function memberActions(viewer: TeamViewer, member: TeamMember): { remove: boolean; changeRole: boolean } {
  const untouchable = member.userId === viewer.userId || member.isOwner;
  if (untouchable) return { remove: false, changeRole: false };
  const owner = can(viewer, 'team:owner');
  return {
    remove: member.role === 'admin' ? owner : can(viewer, 'team:manage'),
    changeRole: owner,
  };
}

/** The admins the owner may hand the store to (never themselves). */
export const ownershipCandidates = (members: TeamMember[], viewerId: string) =>
  members.filter((m) => m.role === 'admin' && !m.isOwner && m.userId !== viewerId);
