import { useActiveStore } from '@/lib/auth';

/** Every catalogue query of a store starts with ['catalog', storeId]: one invalidation refreshes them all. */
export const catalogKeys = {
  all: (storeId: string) => ['catalog', storeId] as const,
  products: (storeId: string, filter: object) => ['catalog', storeId, 'products', filter] as const,
  product: (storeId: string, id: string) => ['catalog', storeId, 'product', id] as const,
  categories: (storeId: string) => ['catalog', storeId, 'categories'] as const,
  category: (storeId: string, id: string) => ['catalog', storeId, 'category', id] as const,
  inventory: (storeId: string, filter: object) => ['catalog', storeId, 'inventory', filter] as const,
  nextSku: (storeId: string) => ['catalog', storeId, 'next-sku'] as const,
};

/** The active store's id. Catalogue pages render inside RequireActiveStore, so there is one. */
export function useStoreId(): string {
  return useActiveStore().store?.id ?? '';
}

export const storeApi = (storeId: string, path: string) => `/api/stores/${storeId}${path}`;
