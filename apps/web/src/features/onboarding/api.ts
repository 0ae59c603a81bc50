import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { storeSummarySchema, type CreateStoreInput } from '@vetrina/shared';
import { api, errorMessage } from '@/lib/api';
import { uploadLogo } from '@/lib/stores';

/**
 * Creates the store (store, admin membership and active store in one server transaction), then
 * uploads the logo. A refused logo does not undo the store: the user is told and can retry in settings.
 */
export function useCreateStore() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, logo }: { input: CreateStoreInput; logo: File | null }) => {
      const store = await api('/api/stores', { body: input, schema: storeSummarySchema });
      if (logo) {
        try {
          return await uploadLogo(store.id, logo);
        } catch (err) {
          toast.error('Errore caricamento', { description: `${errorMessage(err, 'Logo non caricato')}. Puoi caricarlo dalle impostazioni dello store.` });
        }
      }
      return store;
    },
    onSuccess: () => qc.refetchQueries({ queryKey: ['me'] }),
  });
}
