import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptedInvitationSchema,
  acceptedResponseSchema,
  receivedInvitationsResponseSchema,
  teamInvitationResponseSchema,
  teamInvitationsResponseSchema,
  teamMemberResponseSchema,
  teamMembersResponseSchema,
  type ChangeMemberRoleInput,
  type InviteMemberInput,
  type TeamMember,
  type TransferOwnershipInput,
} from '@vetrina/shared';
import { ApiError, api, apiNoContent } from '@/lib/api';

const teamBase = (storeId: string) => `/api/stores/${encodeURIComponent(storeId)}/team`;
export const teamKeys = {
  members: (storeId: string) => ['team', storeId, 'members'] as const,
  invitations: (storeId: string) => ['team', storeId, 'invitations'] as const,
  received: ['invitations', 'received'] as const,
};

export const useTeamMembers = (storeId: string) =>
  useQuery({
    queryKey: teamKeys.members(storeId),
    queryFn: () => api(`${teamBase(storeId)}/members`, { schema: teamMembersResponseSchema }).then((r) => r.members),
  });

export const useTeamInvitations = (storeId: string) =>
  useQuery({
    queryKey: teamKeys.invitations(storeId),
    queryFn: () => api(`${teamBase(storeId)}/invitations`, { schema: teamInvitationsResponseSchema }).then((r) => r.invitations),
  });

export function useInviteMember(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberInput) => api(`${teamBase(storeId)}/invitations`, { body, schema: teamInvitationResponseSchema }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.invitations(storeId) }),
  });
}

export function useCancelInvitation(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => apiNoContent(`${teamBase(storeId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.invitations(storeId) }),
  });
}

export function useRemoveMember(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => apiNoContent(`${teamBase(storeId)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.members(storeId) }),
  });
}

/** Owner only: staff becomes admin or the other way round. */
export function useChangeMemberRole(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, role }: { memberId: string } & ChangeMemberRoleInput) =>
      api(`${teamBase(storeId)}/members/${encodeURIComponent(memberId)}`, { method: 'PATCH', body: { role }, schema: teamMemberResponseSchema }).then(
        (r) => r.member,
      ),
    onSuccess: (member) => qc.setQueryData<TeamMember[]>(teamKeys.members(storeId), (list) => list?.map((m) => (m.id === member.id ? member : m))),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.members(storeId) }),
  });
}

/**
 * Owner only, confirmed with the password. Afterwards the former owner's permissions come from
 * 'me' (isOwner), so it is refreshed too; also on 409, when someone else changed the owner first.
 */
export function useTransferOwnership(storeId: string) {
  const qc = useQueryClient();
  const refresh = () => Promise.all([qc.invalidateQueries({ queryKey: teamKeys.members(storeId) }), qc.invalidateQueries({ queryKey: ['me'] })]);
  return useMutation({
    mutationFn: (body: TransferOwnershipInput) => api(`${teamBase(storeId)}/ownership`, { body, schema: teamMembersResponseSchema }).then((r) => r.members),
    onSuccess: (members) => {
      qc.setQueryData(teamKeys.members(storeId), members);
      // Not awaited: the dialog closes first, then the owner-only parts of the page go away.
      void refresh();
    },
    onError: (err) => (err instanceof ApiError && err.status === 409 ? refresh() : undefined),
  });
}

export const useReceivedInvitations = () =>
  useQuery({
    queryKey: teamKeys.received,
    queryFn: () => api('/api/invitations', { schema: receivedInvitationsResponseSchema }).then((r) => r.invitations),
  });

/** Accepting or declining changes the badge count and maybe the stores: refresh 'me' too. */
function useRefreshAfterAnswer() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: teamKeys.received }), qc.invalidateQueries({ queryKey: ['me'] })]);
}

export function useAcceptInvitation() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: (invitationId: string) =>
      api(`/api/invitations/${encodeURIComponent(invitationId)}/accept`, { method: 'POST', schema: acceptedInvitationSchema }),
    onSettled: refresh,
  });
}

export function useDeclineInvitation() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: (invitationId: string) => apiNoContent(`/api/invitations/${encodeURIComponent(invitationId)}/decline`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export const acceptInvitationByToken = (token: string) => api('/api/invitations/accept', { body: { token }, schema: acceptedInvitationSchema });

/** Mails a new link proving the mailbox; the page it leads to offers the way back to the invitations. */
export const useSendVerificationLink = () =>
  useMutation({ mutationFn: () => api('/api/auth/verify-email/send', { body: { redirectTo: '/dashboard/invitations' }, schema: acceptedResponseSchema }) });
