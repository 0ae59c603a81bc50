import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Category, CategoryInput } from '@vetrina/shared';
import { api } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

export function useCategories(storeId: string) {
  return useQuery({ queryKey: catalogKeys.categories(storeId), queryFn: () => api<Category[]>(storeApi(storeId, '/categories')) });
}

export function useCategory(storeId: string, id: string | undefined) {
  return useQuery({ queryKey: catalogKeys.category(storeId, id ?? ''), queryFn: () => api<Category>(storeApi(storeId, `/categories/${id}`)), enabled: Boolean(id) });
}

export function useSaveCategory(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CategoryInput }) =>
      api<Category>(storeApi(storeId, id ? `/categories/${id}` : '/categories'), { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}

export function useDeleteCategory(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(storeApi(storeId, `/categories/${id}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}
