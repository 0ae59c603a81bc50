import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderBulkResultSchema, type OrderStatus } from '@vetrina/shared';
import { api } from '@/lib/api';
import type { CsvFormat } from '@vetrina/shared/csv';
import { withCsvFormat } from '@/components/csv-format-field';
import type { CsvFile } from '@/components/csv-export-dialog';
import { orderKeys } from './api';

/** 'Cambia stato' on the selected orders: each one changes as it would alone; refusals come back per order. */
export function useOrdersBulkStatus(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: OrderStatus }) =>
      api(`/api/stores/${storeId}/orders/bulk`, { method: 'POST', body: { action: 'status', ids, status }, schema: orderBulkResultSchema }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: orderKeys.all(storeId) });
      // Stock moved with the statuses: the catalogue's queries are stale too.
      void qc.invalidateQueries({ queryKey: ['catalog', storeId] });
    },
  });
}

/** The selected orders as the orders CSV file (one row per order line). */
export const selectedOrdersCsv = (storeId: string, ids: string[], format: CsvFormat = 'italiano'): CsvFile => ({
  url: `/api/stores/${storeId}/export/orders.csv?${withCsvFormat(`ids=${ids.map(encodeURIComponent).join(',')}`, format)}`,
  name: 'ordini-selezione.csv',
});
