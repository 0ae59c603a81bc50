import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptedInvitation, InviteMemberInput, ReceivedInvitation, TeamInvitation, TeamMember } from '@vetrina/shared';
import { api } from '@/lib/api';

const teamBase = (storeId: string) => `/api/stores/${encodeURIComponent(storeId)}/team`;
export const teamKeys = {
  members: (storeId: string) => ['team', storeId, 'members'] as const,
  invitations: (storeId: string) => ['team', storeId, 'invitations'] as const,
  received: ['invitations', 'received'] as const,
};

export const useTeamMembers = (storeId: string) =>
  useQuery({
    queryKey: teamKeys.members(storeId),
    queryFn: () => api<{ members: TeamMember[] }>(`${teamBase(storeId)}/members`).then((r) => r.members),
  });

export const useTeamInvitations = (storeId: string) =>
  useQuery({
    queryKey: teamKeys.invitations(storeId),
    queryFn: () => api<{ invitations: TeamInvitation[] }>(`${teamBase(storeId)}/invitations`).then((r) => r.invitations),
  });

export function useInviteMember(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InviteMemberInput) => api<{ invitation: TeamInvitation }>(`${teamBase(storeId)}/invitations`, { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.invitations(storeId) }),
  });
}

export function useCancelInvitation(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api<void>(`${teamBase(storeId)}/invitations/${encodeURIComponent(invitationId)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.invitations(storeId) }),
  });
}

export function useRemoveMember(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api<void>(`${teamBase(storeId)}/members/${encodeURIComponent(memberId)}`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: teamKeys.members(storeId) }),
  });
}

export const useReceivedInvitations = () =>
  useQuery({
    queryKey: teamKeys.received,
    queryFn: () => api<{ invitations: ReceivedInvitation[] }>('/api/invitations').then((r) => r.invitations),
  });

/** Accepting or declining changes the badge count and maybe the stores: refresh 'me' too. */
function useRefreshAfterAnswer() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: teamKeys.received }), qc.invalidateQueries({ queryKey: ['me'] })]);
}

export function useAcceptInvitation() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: (invitationId: string) => api<AcceptedInvitation>(`/api/invitations/${encodeURIComponent(invitationId)}/accept`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export function useDeclineInvitation() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({
    mutationFn: (invitationId: string) => api<void>(`/api/invitations/${encodeURIComponent(invitationId)}/decline`, { method: 'POST' }),
    onSettled: refresh,
  });
}

export const acceptInvitationByToken = (token: string) => api<AcceptedInvitation>('/api/invitations/accept', { body: { token } });
