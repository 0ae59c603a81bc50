import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { inventoryItemSchema, inventoryListSchema } from '@vetrina/shared';
import { api } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

export function useInventory(storeId: string, filter: { page: number; q: string }) {
  return useQuery({
    queryKey: catalogKeys.inventory(storeId, filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter.page), ...(filter.q ? { q: filter.q } : {}) });
      return api(storeApi(storeId, `/inventory?${params}`), { signal, schema: inventoryListSchema });
    },
    placeholderData: keepPreviousData,
  });
}

export function useUpdateQuantity(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, qty }: { id: string; qty: number }) =>
      api(storeApi(storeId, `/inventory/${id}`), { method: 'PATCH', body: { qty }, schema: inventoryItemSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}
