import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productDetailSchema } from '@vetrina/shared';
import { api } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

/** 'Duplica': the server's draft copy of a product (new SKUs and slug, no stock, pictures copied). */
export function useDuplicateProduct(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => api(storeApi(storeId, `/products/${productId}/duplicate`), { method: 'POST', schema: productDetailSchema }),
    onSuccess: (copy) => {
      qc.setQueryData(catalogKeys.product(storeId, copy.id), copy);
      return qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) });
    },
  });
}
