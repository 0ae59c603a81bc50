import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_SORTS, PRODUCT_STATUSES, STOCK_FILTERS, type ProductSort, type ProductStatus, type SortDir, type StockFilter } from '@vetrina/shared';
import { withParamChanges } from '@/lib/search-params';
import { useListParams } from './use-list-params';

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | undefined =>
  v !== null && (list as readonly string[]).includes(v) ? (v as T) : undefined;

export interface ProductTableFilter {
  page: number;
  q: string;
  sort?: ProductSort;
  dir?: SortDir;
  status?: ProductStatus;
  categoryId?: string;
  stock?: StockFilter;
}

/**
 * The products table's state in the URL (docs/decisions/0027-back-office-tables.md): page and search as
 * the cards have them, plus the sorted column and the filters. A new sort or filter starts from
 * page 1 and replaces the history entry, as typing a search does.
 */
export function useProductTableParams() {
  const [params, setParams] = useSearchParams();
  const { page, q, setPage, setQuery } = useListParams();
  const sort = oneOf(PRODUCT_SORTS, params.get('sort'));
  const filter: ProductTableFilter = {
    page,
    q,
    sort,
    dir: sort ? (oneOf(['asc', 'desc'] as const, params.get('dir')) ?? 'asc') : undefined,
    status: oneOf(PRODUCT_STATUSES, params.get('status')),
    categoryId: params.get('categoryId') || undefined,
    stock: oneOf(STOCK_FILTERS, params.get('stock')),
  };
  const update = useCallback(
    (changes: Record<string, string | null>) => setParams((prev) => withParamChanges(prev, { ...changes, page: null }), { replace: true }),
    [setParams],
  );
  const setSort = useCallback((s: { id: string; desc: boolean }) => update({ sort: s.id, dir: s.desc ? 'desc' : 'asc' }), [update]);
  const setFilter = useCallback((key: 'status' | 'categoryId' | 'stock', value: string) => update({ [key]: value || null }), [update]);
  const clearFilters = useCallback(() => update({ status: null, categoryId: null, stock: null, q: null }), [update]);
  return { filter, setPage, setQuery, setSort, setFilter, clearFilters };
}
