/**
 * A small fetch cache for the storefront (see docs/decisions/storefront.md): the dashboard's
 * TanStack Query would add ~10 KB gzip to the shoppers' first load, which has a 120 KB budget.
 * It dedupes requests, keeps data fresh for a while, shows the previous page while the next loads,
 * and refetches in the background without flashing what is on screen.
 */
/** `fresh` asks the browser to revalidate instead of answering from its HTTP cache. */
type Fetcher<T> = (options: { fresh: boolean }) => Promise<T>;

export interface Snapshot<T = unknown> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

interface Entry {
  snapshot: Snapshot;
  fetcher: Fetcher<unknown>;
  fetchedAt: number;
  promise: Promise<unknown> | null;
}

const MAX_ENTRIES = 150;
const entries = new Map<string, Entry>();
const listeners = new Map<string, Set<() => void>>();
const EMPTY: Snapshot = { data: undefined, error: null, loading: false };

function set(key: string, entry: Entry, snapshot: Snapshot) {
  entry.snapshot = snapshot;
  for (const l of listeners.get(key) ?? []) l();
}

function evict() {
  if (entries.size <= MAX_ENTRIES) return;
  for (const key of entries.keys()) {
    if (!listeners.get(key)?.size) {
      entries.delete(key);
      if (entries.size <= MAX_ENTRIES) return;
    }
  }
}

/** Fetches `key` unless fresh data (younger than `staleMs`) or a request in flight exists. */
export function load<T>(key: string, fetcher: Fetcher<T>, staleMs = 0, fresh = false): Promise<T> {
  let entry = entries.get(key);
  if (entry?.promise) return entry.promise as Promise<T>;
  if (entry && Date.now() - entry.fetchedAt < staleMs) {
    if (entry.snapshot.data !== undefined) return Promise.resolve(entry.snapshot.data as T);
    // A failure just seen (e.g. the loader's prefetch) is not asked again until a retry.
    if (entry.snapshot.error) return Promise.reject(entry.snapshot.error);
  }
  if (!entry) {
    entry = { snapshot: EMPTY, fetcher, fetchedAt: 0, promise: null };
    entries.set(key, entry);
    evict();
  }
  const e = entry;
  e.fetcher = fetcher;
  const promise = fetcher({ fresh }).then(
    (data) => {
      e.promise = null;
      e.fetchedAt = Date.now();
      set(key, e, { data, error: null, loading: false });
      return data;
    },
    (error: unknown) => {
      e.promise = null;
      e.fetchedAt = Date.now();
      // A failed background refresh keeps what the shopper already sees.
      set(key, e, { data: e.snapshot.data, error: e.snapshot.data === undefined ? error : null, loading: false });
      throw error;
    },
  );
  e.promise = promise;
  set(key, e, { ...e.snapshot, error: null, loading: true });
  return promise;
}

/** Starts loading without waiting (route loaders); failures surface when a component reads the key. */
export function prefetch<T>(key: string, fetcher: Fetcher<T>, staleMs: number) {
  load(key, fetcher, staleMs).catch(() => undefined);
}

export function snapshotOf<T>(key: string): Snapshot<T> {
  return (entries.get(key)?.snapshot ?? EMPTY) as Snapshot<T>;
}

export function subscribe(key: string, listener: () => void) {
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => set.delete(listener);
}

/** Marks every key starting with `prefix` stale and refreshes the ones on screen, keeping their data. */
export function invalidate(prefix: string) {
  for (const [key, entry] of entries) {
    if (!key.startsWith(prefix)) continue;
    entry.fetchedAt = 0;
    if (listeners.get(key)?.size) load(key, entry.fetcher, 0, true).catch(() => undefined);
  }
}
