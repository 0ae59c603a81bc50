import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Variant, VariantInput } from '@vetrina/shared';
import { api } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

export function useSaveVariant(storeId: string, productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: VariantInput }) =>
      api<Variant>(storeApi(storeId, `/products/${productId}/variants${id ? `/${id}` : ''}`), { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}

export function useDeleteVariant(storeId: string, productId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(storeApi(storeId, `/products/${productId}/variants/${id}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}
