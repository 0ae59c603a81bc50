import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nextSkuSchema, productDetailSchema, productListPageSchema, skuCheckResultSchema, type ProductInput, type ProductListQuery } from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

/** The list's page and search, and the table's sorted column and filters (ProductListQuery) when set. */
export function useProducts(storeId: string, filter: { page: number; q: string } & Omit<ProductListQuery, 'page' | 'q'>) {
  return useQuery({
    queryKey: catalogKeys.products(storeId, filter),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filter.page), ...(filter.q ? { q: filter.q } : {}) });
      for (const key of ['sort', 'dir', 'status', 'categoryId', 'stock'] as const) {
        const value = filter[key];
        if (value) params.set(key, value);
      }
      return api(storeApi(storeId, `/products?${params}`), { signal, schema: productListPageSchema });
    },
    placeholderData: keepPreviousData,
  });
}

export function useProduct(storeId: string, id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.product(storeId, id ?? ''),
    queryFn: () => api(storeApi(storeId, `/products/${id}`), { schema: productDetailSchema }),
    enabled: Boolean(id),
  });
}

/** The SKU the server suggests for a new product (SKU-0001, …); not cached, it changes with every save. */
export function useNextSku(storeId: string, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.nextSku(storeId),
    queryFn: () => api(storeApi(storeId, '/skus/next'), { schema: nextSkuSchema }),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Spec §7 check_sku_unique: asked before saving; the server enforces it again on save. */
export const isSkuAvailable = async (storeId: string, sku: string, owner: { productId?: string; variantId?: string }) => {
  const params = new URLSearchParams({
    sku,
    ...(owner.productId ? { productId: owner.productId } : {}),
    ...(owner.variantId ? { variantId: owner.variantId } : {}),
  });
  return (await api(storeApi(storeId, `/skus/check?${params}`), { schema: skuCheckResultSchema })).available;
};

export function useSaveProduct(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: ProductInput }) =>
      api(storeApi(storeId, id ? `/products/${id}` : '/products'), { method: id ? 'PUT' : 'POST', body, schema: productDetailSchema }),
    onSuccess: (saved) => {
      qc.setQueryData(catalogKeys.product(storeId, saved.id), saved);
      return qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) });
    },
  });
}

export function useDeleteProduct(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiNoContent(storeApi(storeId, `/products/${id}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}
