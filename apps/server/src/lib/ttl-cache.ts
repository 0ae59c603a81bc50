/**
 * A small per-instance cache of serialised responses. Public storefront reads are the hottest
 * path; a two-second lifetime keeps them near the framework's ceiling while a shopper never sees
 * prices or stock older than that (checkout re-checks both anyway).
 */
export function ttlCache<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; until: number }>();
  return {
    get(key: string): V | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until <= now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },
    set(key: string, value: V) {
      if (entries.size >= opts.maxEntries) {
        // Maps keep insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, until: now() + opts.ttlMs });
    },
    /** Drops every entry whose key starts with the prefix (e.g. one store's pages after a checkout). */
    invalidate(prefix: string) {
      for (const k of entries.keys()) if (k.startsWith(prefix)) entries.delete(k);
    },
    get size() {
      return entries.size;
    },
  };
}
export type TtlCache<V> = ReturnType<typeof ttlCache<V>>;
