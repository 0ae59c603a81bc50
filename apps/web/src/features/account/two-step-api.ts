import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { confirmedFactorSchema, enrolledFactorSchema, factorListSchema, type DisableFactorInput } from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';
import { sessionManager } from '@/lib/session';

const factorsKey = ['auth-factors'] as const;

/** The account's 'Verifica in due passaggi' factors. */
export const useFactors = () => useQuery({ queryKey: factorsKey, queryFn: () => api('/api/auth/factors', { schema: factorListSchema }) });

export const useEnrolTotp = () => useMutation({ mutationFn: () => api('/api/auth/factors', { body: { factorType: 'totp' }, schema: enrolledFactorSchema }) });

export function useConfirmTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) => api(`/api/auth/factors/${id}/verify`, { body: { code }, schema: confirmedFactorSchema }),
    onSuccess: async () => {
      // This session has just shown a second factor: its next token says so (stores requiring it open).
      await sessionManager.refresh('TOKEN_REFRESHED').catch(() => undefined);
      await qc.invalidateQueries({ queryKey: factorsKey });
    },
  });
}

export function useDisableTotp() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, proof }: { id: string; proof: DisableFactorInput }) => apiNoContent(`/api/auth/factors/${id}`, { method: 'DELETE', body: proof }),
    onSuccess: () => qc.invalidateQueries({ queryKey: factorsKey }),
  });
}
