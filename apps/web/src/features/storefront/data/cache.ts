import { createContext, useContext } from 'react';

/**
 * A small fetch cache for the storefront (see docs/decisions/0006-storefront.md): it dedupes requests,
 * keeps data fresh for a while, shows the previous page while the next loads, and refetches in the
 * background without flashing what is on screen. The browser has one; the server renders each page
 * with a fresh one, fills it through the same loaders, and embeds what it loaded in the page, so the
 * browser starts from exactly that data (`seed`) and fetches nothing again.
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
  fetcher: Fetcher<unknown> | null;
  fetchedAt: number;
  promise: Promise<unknown> | null;
}

/** What the server embeds: per key, the data or the HTTP status of the failure. */
export type Seed = Record<string, { data: unknown } | { status: number; message: string }>;

const MAX_ENTRIES = 150;
const EMPTY: Snapshot = { data: undefined, error: null, loading: false };

export class DataCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Map<string, Set<() => void>>();

  constructor(private readonly now: () => number = Date.now) {}

  private set(key: string, entry: Entry, snapshot: Snapshot) {
    entry.snapshot = snapshot;
    for (const l of this.listeners.get(key) ?? []) l();
  }

  private evict() {
    if (this.entries.size <= MAX_ENTRIES) return;
    for (const key of this.entries.keys()) {
      if (!this.listeners.get(key)?.size) {
        this.entries.delete(key);
        if (this.entries.size <= MAX_ENTRIES) return;
      }
    }
  }

  /** Fetches `key` unless fresh data (younger than `staleMs`) or a request in flight exists. */
  load<T>(key: string, fetcher: Fetcher<T>, staleMs = 0, fresh = false): Promise<T> {
    let entry = this.entries.get(key);
    if (entry?.promise) return entry.promise as Promise<T>;
    if (entry && this.now() - entry.fetchedAt < staleMs) {
      if (entry.snapshot.data !== undefined) return Promise.resolve(entry.snapshot.data as T);
      // A failure just seen (e.g. the loader's prefetch) is not asked again until a retry.
      if (entry.snapshot.error) return Promise.reject(entry.snapshot.error);
    }
    if (!entry) {
      entry = { snapshot: EMPTY, fetcher, fetchedAt: 0, promise: null };
      this.entries.set(key, entry);
      this.evict();
    }
    const e = entry;
    e.fetcher = fetcher;
    const promise = fetcher({ fresh }).then(
      (data) => {
        e.promise = null;
        e.fetchedAt = this.now();
        this.set(key, e, { data, error: null, loading: false });
        return data;
      },
      (error: unknown) => {
        e.promise = null;
        e.fetchedAt = this.now();
        // A failed background refresh keeps what the shopper already sees.
        this.set(key, e, { data: e.snapshot.data, error: e.snapshot.data === undefined ? error : null, loading: false });
        throw error;
      },
    );
    e.promise = promise;
    this.set(key, e, { ...e.snapshot, error: null, loading: true });
    return promise;
  }

  /** Starts loading without waiting (route loaders); failures surface when a component reads the key. */
  prefetch<T>(key: string, fetcher: Fetcher<T>, staleMs: number) {
    this.load(key, fetcher, staleMs).catch(() => undefined);
  }

  /** Resolves when nothing is in flight (the server waits for its loaders before rendering). */
  async settled(): Promise<void> {
    for (;;) {
      const pending = [...this.entries.values()].map((e) => e.promise).filter((p): p is Promise<unknown> => p !== null);
      if (!pending.length) return;
      await Promise.allSettled(pending);
    }
  }

  snapshotOf<T>(key: string): Snapshot<T> {
    return (this.entries.get(key)?.snapshot ?? EMPTY) as Snapshot<T>;
  }

  subscribe(key: string, listener: () => void) {
    const set = this.listeners.get(key) ?? new Set();
    set.add(listener);
    this.listeners.set(key, set);
    return () => set.delete(listener);
  }

  /** Marks every key starting with `prefix` stale and refreshes the ones on screen, keeping their data. */
  invalidate(prefix: string) {
    for (const [key, entry] of this.entries) {
      if (!key.startsWith(prefix)) continue;
      entry.fetchedAt = 0;
      if (this.listeners.get(key)?.size && entry.fetcher) this.load(key, entry.fetcher, 0, true).catch(() => undefined);
    }
  }

  /** Everything loaded, to embed in the page (failures as their status and message). */
  toSeed(statusOf: (error: unknown) => { status: number; message: string }): Seed {
    const seed: Seed = {};
    for (const [key, e] of this.entries) {
      if (e.snapshot.data !== undefined) seed[key] = { data: e.snapshot.data };
      else if (e.snapshot.error) seed[key] = statusOf(e.snapshot.error);
    }
    return seed;
  }

  /** Starts from what the server loaded: fresh for as long as it would be after a fetch. */
  seed(seed: Seed, toError: (failure: { status: number; message: string }) => unknown) {
    for (const [key, value] of Object.entries(seed)) {
      const snapshot = 'data' in value ? { data: value.data, error: null, loading: false } : { data: undefined, error: toError(value), loading: false };
      this.entries.set(key, { snapshot, fetcher: null, fetchedAt: this.now(), promise: null });
    }
  }
}

/** The browser's cache (the server never uses it: each render gets its own). */
export const browserCache = new DataCache();

/** The cache the storefront components read; the server provides one per request. */
export const DataCacheContext = createContext<DataCache>(browserCache);
export const useDataCache = () => useContext(DataCacheContext);
