import { describe, expect, it } from 'vitest';
import type { TeamMember } from '@vetrina/shared';
import { memberActions, ownershipCandidates, type TeamViewer } from './member-actions';

const member = (userId: string, role: TeamMember['role'], isOwner = false): TeamMember => ({
  id: `m-${userId}`,
  userId,
  email: `${userId}@example.it`,
  role,
  isOwner,
  createdAt: '2026-11-01T10:00:00.000Z',
});
const owner: TeamViewer = { userId: 'owner', role: 'admin', isOwner: true };
const admin: TeamViewer = { userId: 'admin', role: 'admin', isOwner: false };
const staff: TeamViewer = { userId: 'staff', role: 'staff', isOwner: false };
const team = [member('owner', 'admin', true), member('admin', 'admin'), member('staff', 'staff')];

describe('memberActions', () => {
  it('the owner removes and re-roles admins and staff, never their own row', () => {
    expect(memberActions(owner, team[0]!)).toEqual({ remove: false, changeRole: false });
    expect(memberActions(owner, team[1]!)).toEqual({ remove: true, changeRole: true });
    expect(memberActions(owner, team[2]!)).toEqual({ remove: true, changeRole: true });
  });

  it('another admin removes staff only and changes no role', () => {
    expect(memberActions(admin, team[0]!)).toEqual({ remove: false, changeRole: false });
    expect(memberActions(admin, team[1]!)).toEqual({ remove: false, changeRole: false });
    expect(memberActions(admin, member('other-admin', 'admin'))).toEqual({ remove: false, changeRole: false });
    expect(memberActions(admin, team[2]!)).toEqual({ remove: true, changeRole: false });
  });

  it('staff act on nobody', () => {
    for (const m of [...team, member('other-staff', 'staff')]) expect(memberActions(staff, m)).toEqual({ remove: false, changeRole: false });
  });
});

describe('ownershipCandidates', () => {
  it('lists the other admins only', () => {
    expect(ownershipCandidates(team, 'owner').map((m) => m.userId)).toEqual(['admin']);
    expect(ownershipCandidates([team[0]!, team[2]!], 'owner')).toEqual([]);
  });
});
