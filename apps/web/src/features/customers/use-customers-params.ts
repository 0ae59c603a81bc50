import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { CUSTOMER_SORTS, type CustomerSort } from '@vetrina/shared/customers';
import { pageParam, withParamChanges } from '@/lib/search-params';
import type { CustomersFilter } from './api';

const isCustomerSort = (v: string | null): v is CustomerSort => v !== null && (CUSTOMER_SORTS as readonly string[]).includes(v);

/** Search, sort and page of 'Clienti', kept in the URL (back, forward and reload keep them). */
export function useCustomersParams() {
  const [params, setParams] = useSearchParams();
  const filter: CustomersFilter = {
    search: params.get('search')?.trim() || undefined,
    page: pageParam(params),
  };
  const sort = params.get('sort');
  if (isCustomerSort(sort)) {
    filter.sort = sort;
    filter.dir = params.get('dir') === 'desc' ? 'desc' : 'asc';
  }
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage = true) =>
      setParams((prev) => withParamChanges(prev, resetPage ? { ...changes, page: null } : changes), { replace: resetPage }),
    [setParams],
  );
  const setSearch = useCallback((s: string) => update({ search: s || null }), [update]);
  const setPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : null }, false), [update]);
  const setSort = useCallback((s: { id: string; desc: boolean }) => update({ sort: s.id, dir: s.desc ? 'desc' : 'asc' }), [update]);
  return { filter, setSearch, setPage, setSort };
}
