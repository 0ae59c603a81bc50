import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SortDir } from '@vetrina/shared';
import { customerDetailSchema, customersPageSchema, type CustomerSort } from '@vetrina/shared/customers';
import { api } from '@/lib/api';

export interface CustomersFilter {
  search?: string;
  page: number;
  /** The table's sorted column (absent: latest order first). */
  sort?: CustomerSort;
  dir?: SortDir;
}

export const CUSTOMERS_PAGE_SIZE = 20;

export const customerKeys = {
  all: (storeId: string) => ['stores', storeId, 'customers'] as const,
  list: (storeId: string, f: CustomersFilter) => [...customerKeys.all(storeId), 'list', f] as const,
  detail: (storeId: string, key: string) => [...customerKeys.all(storeId), 'detail', key] as const,
};

export function useCustomers(storeId: string, f: CustomersFilter) {
  const qs = new URLSearchParams({ page: String(f.page), pageSize: String(CUSTOMERS_PAGE_SIZE) });
  if (f.search) qs.set('search', f.search);
  if (f.sort) qs.set('sort', f.sort);
  if (f.sort && f.dir) qs.set('dir', f.dir);
  return useQuery({
    queryKey: customerKeys.list(storeId, f),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/customers?${qs}`, { signal, schema: customersPageSchema }),
    placeholderData: keepPreviousData,
    // Built from the orders, which change all the time: opening the page always asks again.
    staleTime: 0,
  });
}

export function useCustomer(storeId: string, key: string) {
  return useQuery({
    queryKey: customerKeys.detail(storeId, key),
    queryFn: ({ signal }) => api(`/api/stores/${storeId}/customers/${encodeURIComponent(key)}`, { signal, schema: customerDetailSchema }),
    staleTime: 0,
  });
}
