import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productBulkResultSchema, type ProductBulkInput } from '@vetrina/shared';
import { api } from '@/lib/api';
import type { CsvFormat } from '@vetrina/shared/csv';
import { withCsvFormat } from '@/components/csv-format-field';
import type { CsvFile } from '@/components/csv-export-dialog';
import { catalogKeys, storeApi } from './keys';

/** 'Cambia stato', 'Sposta in categoria', 'Elimina' on the selected products: all of them or none. */
export function useProductBulk(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBulkInput) => api(storeApi(storeId, '/products/bulk'), { method: 'POST', body, schema: productBulkResultSchema }),
    // Not awaited: the caller's own callbacks (toast, clearing the selection) run before the bar leaves with the refetched rows.
    onSuccess: () => void qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}

/** The selected products as the catalogue's CSV file (the same columns as 'Esporta CSV'). */
export const selectedProductsCsv = (storeId: string, ids: string[], format: CsvFormat = 'italiano'): CsvFile => ({
  url: storeApi(storeId, `/export/products.csv?${withCsvFormat(`ids=${ids.map(encodeURIComponent).join(',')}`, format)}`),
  name: 'prodotti-selezione.csv',
});
