import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useDataCache } from './cache';

export type Cached<T> =
  | { isPending: true; isError: false; data: undefined; error: null; isPlaceholderData: false; refetch: () => void }
  | { isPending: false; isError: true; data: undefined; error: unknown; isPlaceholderData: false; refetch: () => void }
  | { isPending: false; isError: false; data: T; error: null; isPlaceholderData: boolean; refetch: () => void };

/**
 * Reads `key` from the storefront cache, fetching it when missing or older than `staleMs`.
 * With `keepPrevious`, the last data stays on screen (marked as placeholder) while a new key loads.
 */
export function useCached<T>(key: string, fetcher: (options: { fresh: boolean }) => Promise<T>, { staleMs = 15_000, keepPrevious = false } = {}): Cached<T> {
  const cache = useDataCache();
  const latest = useRef(fetcher);
  latest.current = fetcher;
  const snap = useSyncExternalStore(
    useCallback((onChange) => cache.subscribe(key, onChange), [cache, key]),
    () => cache.snapshotOf<T>(key),
    () => cache.snapshotOf<T>(key),
  );
  useEffect(() => {
    cache.load(key, (o) => latest.current(o), staleMs).catch(() => undefined);
  }, [cache, key, staleMs]);
  const previous = useRef<T | undefined>(undefined);
  if (snap.data !== undefined) previous.current = snap.data;
  const refetch = useCallback(() => void cache.load(key, (o) => latest.current(o), 0, true).catch(() => undefined), [cache, key]);

  if (snap.data !== undefined) return { isPending: false, isError: false, data: snap.data, error: null, isPlaceholderData: false, refetch };
  if (snap.error) return { isPending: false, isError: true, data: undefined, error: snap.error, isPlaceholderData: false, refetch };
  if (keepPrevious && previous.current !== undefined) return { isPending: false, isError: false, data: previous.current, error: null, isPlaceholderData: true, refetch };
  return { isPending: true, isError: false, data: undefined, error: null, isPlaceholderData: false, refetch };
}
