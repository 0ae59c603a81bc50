import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { discountCodeItemSchema, discountCodesListSchema, type DiscountCodeInput } from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';

export const discountKeys = {
  all: (storeId: string) => ['stores', storeId, 'discounts'] as const,
};

const path = (storeId: string, id?: string) => `/api/stores/${storeId}/discounts${id ? `/${id}` : ''}`;

export function useDiscounts(storeId: string) {
  return useQuery({
    queryKey: discountKeys.all(storeId),
    queryFn: ({ signal }) => api(path(storeId), { signal, schema: discountCodesListSchema }).then((r) => r.items),
  });
}

/** Creates (no id) or edits a code; the list is fetched again either way. */
export function useSaveDiscount(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: DiscountCodeInput }) =>
      api(path(storeId, id), { method: id ? 'PUT' : 'POST', body, schema: discountCodeItemSchema }).then((r) => r.discount),
    onSuccess: () => qc.invalidateQueries({ queryKey: discountKeys.all(storeId) }),
  });
}

export function useDeleteDiscount(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiNoContent(path(storeId, id), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: discountKeys.all(storeId) }),
  });
}
