import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ReturnsFilter } from './api';
import { isReturnStatus } from './return-status';

/** The 'Resi' list's status chip and page, kept in the URL (back, forward and reload keep them). */
export function useReturnsParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status');
  const filter: ReturnsFilter = {
    status: isReturnStatus(status) ? status : undefined,
    page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
  };
  const setStatus = useCallback(
    (s: string | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (s) next.set('status', s);
          else next.delete('status');
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { filter, setStatus, setPage };
}
