/**
 * A small per-instance cache of serialised responses. Public storefront reads are the hottest
 * path; a two-second lifetime keeps them near the framework's ceiling while a shopper never sees
 * prices or stock older than that (checkout re-checks both anyway).
 */
export function ttlCache<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number; weigh?: (v: V) => number; maxWeight?: number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; until: number; weight: number }>();
  // Rendered pages weigh ~30 KB and API answers ~1 KB: a weight bound keeps memory flat whatever mix is cached.
  let weight = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    weight -= e.weight;
    entries.delete(key);
  };
  return {
    get(key: string): V | undefined {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.until <= now()) {
        drop(key);
        return undefined;
      }
      return e.value;
    },
    set(key: string, value: V) {
      const w = opts.weigh?.(value) ?? 0;
      if (opts.maxWeight !== undefined && w > opts.maxWeight) return;
      drop(key);
      // Maps keep insertion order: the oldest entries go first.
      while (entries.size && (entries.size >= opts.maxEntries || (opts.maxWeight !== undefined && weight + w > opts.maxWeight))) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      entries.set(key, { value, until: now() + opts.ttlMs, weight: w });
      weight += w;
    },
    /** Drops every entry whose key starts with the prefix (e.g. one store's pages after a checkout). */
    invalidate(prefix: string) {
      for (const k of [...entries.keys()]) if (k.startsWith(prefix)) drop(k);
    },
    get size() {
      return entries.size;
    },
  };
}
export type TtlCache<V> = ReturnType<typeof ttlCache<V>>;

/**
 * Loads a missing key once however many requests miss it at the same time: the first starts the
 * load, the others wait for the same promise (a popular page expiring under load renders once, not
 * once per waiting request). The result is stored by the loader itself.
 */
export function singleFlight<V>() {
  const inFlight = new Map<string, Promise<V>>();
  return (key: string, load: () => Promise<V>): Promise<V> => {
    let p = inFlight.get(key);
    if (!p) {
      p = load().finally(() => inFlight.delete(key));
      inFlight.set(key, p);
    }
    return p;
  };
}
