import { useMutation, useQueryClient } from '@tanstack/react-query';
import { variantSchema, type VariantInput } from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

export function useSaveVariant(storeId: string, productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VariantInput }) =>
      api(storeApi(storeId, `/products/${productId}/variants${id ? `/${id}` : ''}`), { method: id ? 'PUT' : 'POST', body, schema: variantSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}

export function useDeleteVariant(storeId: string, productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiNoContent(storeApi(storeId, `/products/${productId}/variants/${id}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}
