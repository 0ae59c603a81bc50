import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryListSchema, categorySchema, type CategoryInput } from '@vetrina/shared';
import { api, apiNoContent } from '@/lib/api';
import { catalogKeys, storeApi } from './keys';

export function useCategories(storeId: string) {
  return useQuery({ queryKey: catalogKeys.categories(storeId), queryFn: () => api(storeApi(storeId, '/categories'), { schema: categoryListSchema }) });
}

export function useCategory(storeId: string, id: string | undefined) {
  return useQuery({
    queryKey: catalogKeys.category(storeId, id ?? ''),
    queryFn: () => api(storeApi(storeId, `/categories/${id}`), { schema: categorySchema }),
    enabled: Boolean(id),
  });
}

export function useSaveCategory(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CategoryInput }) =>
      api(storeApi(storeId, id ? `/categories/${id}` : '/categories'), { method: id ? 'PUT' : 'POST', body, schema: categorySchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}

export function useDeleteCategory(storeId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiNoContent(storeApi(storeId, `/categories/${id}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: catalogKeys.all(storeId) }),
  });
}
