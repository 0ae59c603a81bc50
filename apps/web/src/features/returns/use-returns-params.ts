import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { pageParam, withParamChanges } from '@/lib/search-params';
import type { ReturnsFilter } from './api';
import { isReturnStatus } from './return-status';

/** The 'Resi' list's status chip and page, kept in the URL (back, forward and reload keep them). */
export function useReturnsParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: ReturnsFilter = {
    status: isReturnStatus(status) ? status : undefined,
    page: pageParam(params),
  };
  const setStatus = useCallback((s: string | null) => setParams((prev) => withParamChanges(prev, { status: s, page: null }), { replace: true }), [setParams]);
  const setPage = useCallback((p: number) => setParams((prev) => withParamChanges(prev, { page: p > 1 ? String(p) : null })), [setParams]);
  return { filter, setStatus, setPage };
}
