import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Page and search text of a list, kept in the URL so back/forward and reloads keep them. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const q = params.get('q') ?? '';
  const setPage = useCallback((p: number) => setParams((prev) => withParam(prev, 'page', p > 1 ? String(p) : null)), [setParams]);
  const setQuery = useCallback(
    (text: string) => setParams((prev) => withParam(withParam(prev, 'q', text || null), 'page', null), { replace: true }),
    [setParams],
  );
  return { page, q, setPage, setQuery };
}

function withParam(prev: URLSearchParams, key: string, value: string | null): URLSearchParams {
  const next = new URLSearchParams(prev);
  if (value === null) next.delete(key);
  else next.set(key, value);
  return next;
}
