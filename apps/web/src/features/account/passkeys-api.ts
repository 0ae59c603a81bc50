import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyListSchema, passkeySchema, webauthnOptionsSchema } from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';
import { createPasskey } from '@/lib/passkeys';
import { sessionManager } from '@/lib/session';

const passkeysKey = ['auth-passkeys'] as const;

/** The account's passkeys (name, added, last used). */
export const usePasskeys = () => useQuery({ queryKey: passkeysKey, queryFn: () => api('/api/auth/passkeys', { schema: passkeyListSchema }) });

/** Options from the server, the device's new passkey, then the server keeps it under a name. */
export function useAddPasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await api('/api/auth/passkeys/options', { method: 'POST', schema: webauthnOptionsSchema });
      const credential = await createPasskey(options);
      return api('/api/auth/passkeys', { body: { name, credential }, schema: passkeySchema });
    },
    onSuccess: async () => {
      // This session has just shown a verified passkey: its next token is two-step (stores requiring it open).
      await sessionManager.refresh('TOKEN_REFRESHED').catch(() => undefined);
      await qc.invalidateQueries({ queryKey: passkeysKey });
    },
  });
}

export function useRenamePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: 'PATCH', body: { name }, schema: passkeySchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiNoContent(`/api/auth/passkeys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: passkeysKey }),
  });
}
