import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeSummarySchema, type StoreSecurityInput } from '@vetrina/shared';
import { api } from '@/lib/api';
import { storeKeys } from '@/lib/stores';

/** Impostazioni → Sicurezza: 'Richiedi la verifica in due passaggi al team' (owner only). */
export function useSaveStoreSecurity(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StoreSecurityInput) => api(`/api/stores/${storeId}/security`, { method: 'PUT', body: input, schema: storeSummarySchema }),
    onSuccess: (store) => {
      qc.setQueryData(storeKeys.store(storeId), store);
      return qc.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
