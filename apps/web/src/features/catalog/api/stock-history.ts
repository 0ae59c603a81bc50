import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { stockHistorySchema } from '@vetrina/shared/stock-history';
import { api } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

/** A unit's 'Storico', a page at a time; under the catalogue's keys, so a quantity saved refreshes it. */
export function useStockHistory(storeId: string, inventoryId: string | null, page: number) {
  return useQuery({
    queryKey: [...catalogKeys.all(storeId), 'stock-history', inventoryId, page] as const,
    queryFn: ({ signal }) => api(storeApi(storeId, `/inventory/${inventoryId}/history?page=${page}`), { signal, schema: stockHistorySchema }),
    enabled: Boolean(inventoryId),
    placeholderData: keepPreviousData,
  });
}
