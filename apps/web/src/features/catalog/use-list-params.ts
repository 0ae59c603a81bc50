import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { pageParam, withParamChanges } from '@/lib/search-params';

/** Page and search text of a list, kept in the URL so back/forward and reloads keep them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const q = params.get('q') ?? '';
  const setPage = useCallback((p: number) => setParams((prev) => withParamChanges(prev, { page: p > 1 ? String(p) : null })), [setParams]);
  const setQuery = useCallback((text: string) => setParams((prev) => withParamChanges(prev, { q: text || null, page: null }), { replace: true }), [setParams]);
  return { page, q, setPage, setQuery };
}
