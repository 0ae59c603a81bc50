/**
 * A small per-instance cache of serialised responses. Public storefront reads are the hottest
 * path; a two-second lifetime keeps them near the framework's ceiling while a shopper never sees
 * prices or stock older than that (checkout re-checks both anyway).
 */
export function ttlCache<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number; weigh?: (v: V) => number; maxWeight?: number }) {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: V; until: number; weight: number }>();
  // Keys are grouped by what precedes their first '|' (a store's slug): dropping one store's
  // entries touches only them, however many other stores are cached.
  const groups = new Map<string, Set<string>>();
  const groupOf = (key: string) => {
    const bar = key.indexOf('|');
    return bar < 0 ? key : key.slice(0, bar);
  };
  // Rendered pages weigh ~30 KB and API answers ~1 KB: a weight bound keeps memory flat whatever mix is cached.
  let weight = 0;
  const drop = (key: string) => {
    const e = entries.get(key);
    if (!e) return;
    weight -= e.weight;
    entries.delete(key);
    const g = groupOf(key);
    const members = groups.get(g);
    members?.delete(key);
    if (members && members.size === 0) groups.delete(g);
  };
  /** Entries are kept in insertion order and all live ttlMs: the expired ones are at the front. */
  const sweep = (t: number) => {
    for (const [key, e] of entries) {
      if (e.until > t) break;
      drop(key);
    }
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
      // A lifetime of 0 turns the cache off: nothing is kept.
      if (opts.ttlMs <= 0) return;
      const w = opts.weigh?.(value) ?? 0;
      if (opts.maxWeight !== undefined && w > opts.maxWeight) return;
      const t = now();
      drop(key);
      // Expired entries leave first, so the cache holds what is alive, not what was last bounded.
      sweep(t);
      // Maps keep insertion order: the oldest entries go first.
      while (entries.size && (entries.size >= opts.maxEntries || (opts.maxWeight !== undefined && weight + w > opts.maxWeight))) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        drop(oldest);
      }
      entries.set(key, { value, until: t + opts.ttlMs, weight: w });
      weight += w;
      const g = groupOf(key);
      let members = groups.get(g);
      if (!members) groups.set(g, (members = new Set()));
      members.add(key);
    },
    /** Drops every entry whose key starts with the prefix (e.g. one store's pages after a checkout). */
    invalidate(prefix: string) {
      const bar = prefix.indexOf('|');
      if (bar === prefix.length - 1) {
        // A whole group ('slug|'): only its own keys are looked at.
        for (const k of [...(groups.get(prefix.slice(0, bar)) ?? [])]) drop(k);
        return;
      }
      for (const k of [...entries.keys()]) if (k.startsWith(prefix)) drop(k);
    },
    get size() {
      return entries.size;
    },
    /** Total weight of the entries kept (for tests and diagnostics). */
    get weight() {
      return weight;
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
