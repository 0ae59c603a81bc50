import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reauthenticatedSchema, recoveryCodesSchema, type RegenerateRecoveryCodesInput } from '@vetrina/shared';
import { api } from '@/lib/api';
import { sessionManager } from '@/lib/session';

/**
 * A code of the app proves a password-only session with a second factor; the refreshed access
 * token then says so, and stores that require two-step sign-in open.
 */
export function useProveWithCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) => {
      const proved = await api('/api/auth/reauthenticate', { body: { code }, schema: reauthenticatedSchema });
      await sessionManager.refresh('TOKEN_REFRESHED');
      return proved;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['me'] }),
  });
}

/** 'Genera nuovi codici di recupero': the old ones stop working; the new ones are shown once. */
export const useRegenerateRecoveryCodes = () =>
  useMutation({
    mutationFn: ({ factorId, proof }: { factorId: string; proof: RegenerateRecoveryCodesInput }) =>
      api(`/api/auth/factors/${factorId}/recovery-codes`, { body: proof, schema: recoveryCodesSchema }),
  });
