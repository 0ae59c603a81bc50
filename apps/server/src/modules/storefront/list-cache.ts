/**
 * What storefront lists and searches compute again and again for one store, kept until that store
 * changes: each product card's JSON text, the totals of filtered lists, and where deep pages of a
 * list start. A list's ids change with every search, page, sort and filter, so the response cache
 * rarely holds the same answer twice; the cards on them, the "N prodotti" of a filter and the
 * position of page 300 repeat. Reading the cards of a page (product, category, stock and price
 * range of the variants, cover) was a third of a list's cost, counting a filter up to 1,000 and
 * skipping to a deep page most of the rest.
 *
 * Dropped with the store's response-cache entries (`storefrontCacheInvalidation`: the team's
 * writes, orders, payments; on every instance with Redis). A generation per store keeps what was
 * read before a change from being kept after it. A store's entries live together for `ttlMs` from
 * the first one, which bounds what an instance that missed an announcement could show; checkout
 * re-checks prices and stock in any case.
 */
export function listCache(opts: { ttlMs: number; maxEntries: number; maxBytes?: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const maxBytes = opts.maxBytes ?? Infinity;
  const stores = new Map<string, { until: number; entries: Map<ListEntryKind, Map<string, unknown>> }>();
  const generations = new Map<string, number>();
  let size = 0;
  let bytes = 0;
  const dropStore = (slug: string) => {
    const kept = stores.get(slug);
    if (!kept) return;
    for (const entries of kept.entries.values()) {
      size -= entries.size;
      for (const value of entries.values()) bytes -= weightOf(value);
    }
    stores.delete(slug);
  };
  const full = () => size >= opts.maxEntries || bytes >= maxBytes;
  // Stores are kept in the order their entries started, all with the same lifetime: the first
  // ones are the first to expire. Dropped as soon as any store is read, not only when read again,
  // so a store nobody asks for again does not hold its entries for as long as the process lives.
  const sweep = () => {
    const t = now();
    for (const [slug, kept] of stores) {
      if (kept.until > t) break;
      dropStore(slug);
    }
  };
  const live = (slug: string) => {
    const kept = stores.get(slug);
    if (kept && kept.until <= now()) {
      dropStore(slug);
      return undefined;
    }
    return kept;
  };
  return {
    /**
     * One store's entries as of now, for the reads of one request. What is `set` through it after
     * the store changed is not kept (it was read from the store as it was).
     */
    of(slug: string): StoreListCache {
      sweep();
      const generation = generations.get(slug) ?? 0;
      const seen = live(slug);
      return {
        get: <V>(kind: ListEntryKind, key: string) => seen?.entries.get(kind)?.get(key) as V | undefined,
        set(kind: ListEntryKind, key: string, value: unknown) {
          if (opts.ttlMs <= 0 || generation !== (generations.get(slug) ?? 0)) return;
          // The store's entries as they are now: another request may have started them afresh meanwhile.
          let kept = live(slug);
          if (!kept) {
            // Whole stores leave, least recently started first, when the bound is reached.
            while (full() && stores.size) dropStore(stores.keys().next().value as string);
            stores.set(slug, (kept = { until: now() + opts.ttlMs, entries: new Map() }));
          }
          let entries = kept.entries.get(kind);
          if (!entries) kept.entries.set(kind, (entries = new Map()));
          const before = entries.get(key);
          if (before === undefined && !entries.has(key)) {
            if (full()) return;
            size++;
          } else bytes -= weightOf(before);
          bytes += weightOf(value);
          entries.set(key, value);
        },
      };
    },
    /** The store changed: its entries go, and reads begun before now cannot put theirs back. */
    drop(slug: string) {
      dropStore(slug);
      // Bounded: one number per store that changed while this instance ran.
      generations.set(slug, (generations.get(slug) ?? 0) + 1);
    },
    get size() {
      return size;
    },
    /** About how much memory the kept entries take (`weightOf`). */
    get bytes() {
      return bytes;
    },
  };
}
export type ListCache = ReturnType<typeof listCache>;
/**
 * About what an entry costs the heap: a text's characters (cards are ASCII JSON: a byte each) and
 * its place in the maps; ids, totals and checkpoints count as the place alone.
 */
const ENTRY_BYTES = 80;
const weightOf = (value: unknown): number => ENTRY_BYTES + (typeof value === 'string' ? value.length : 0);
/** One store's kept entries, as seen by one request (`ListCache.of`). */
export interface StoreListCache {
  get<V>(kind: ListEntryKind, key: string): V | undefined;
  set(kind: ListEntryKind, key: string, value: unknown): void;
}
/**
 * What is kept, each in its own map: a product id is a card's key as it is (no key to build per
 * card); 'store' is the store's id, 'answer' the JSON of the store's own answer (its settings,
 * categories and shipping, shown by every page), 'category' a category's id by its slug (null: none);
 * 'settings' what a checkout reads of the store's settings (in `storeSettings`, a cache of its own);
 * 'indexed' that the store's search rows were found up to date (lists in name order probe once).
 */
export type ListEntryKind = 'card' | 'total' | 'from' | 'store' | 'answer' | 'category' | 'settings' | 'indexed';
