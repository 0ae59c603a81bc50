/**
 * The product cards of the storefront's lists (JSON text of each card), kept per store until that
 * store changes. A list's ids change with every search, page, sort and filter, so the response
 * cache rarely holds the same answer twice; the cards on them repeat. Reading the cards of a page
 * from the database (product, category, stock and price range, cover) was a third of a list's cost.
 *
 * Dropped with the store's response-cache entries (`storefrontCacheInvalidation`: the team's
 * writes, orders, payments; on every instance with Redis). A generation per store keeps a card
 * read before a change from being kept after it. `ttlMs` bounds what an instance that missed an
 * announcement could show; checkout re-checks prices and stock in any case.
 */
export function cardCache(opts: { ttlMs: number; maxEntries: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  // A store's cards live together: kept from the first one for ttlMs, then the store starts afresh.
  const stores = new Map<string, { until: number; cards: Map<string, string> }>();
  const generations = new Map<string, number>();
  let size = 0;
  const dropStore = (slug: string) => {
    const kept = stores.get(slug);
    if (!kept) return;
    size -= kept.cards.size;
    stores.delete(slug);
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
    /** The store's current generation: pass it back to `set` with what was read after this call. */
    generation: (slug: string) => generations.get(slug) ?? 0,
    get: (slug: string, id: string): string | undefined => live(slug)?.cards.get(id),
    set(slug: string, generation: number, id: string, json: string) {
      if (opts.ttlMs <= 0 || generation !== (generations.get(slug) ?? 0)) return;
      let kept = live(slug);
      if (!kept) {
        // Whole stores leave, least recently started first, when the bound is reached.
        while (size >= opts.maxEntries && stores.size) dropStore(stores.keys().next().value as string);
        stores.set(slug, (kept = { until: now() + opts.ttlMs, cards: new Map() }));
      } else if (size >= opts.maxEntries) return;
      if (!kept.cards.has(id)) size++;
      kept.cards.set(id, json);
    },
    /** The store changed: its cards go, and reads begun before now cannot put theirs back. */
    drop(slug: string) {
      dropStore(slug);
      // Bounded: one number per store that changed while this instance ran.
      generations.set(slug, (generations.get(slug) ?? 0) + 1);
    },
    get size() {
      return size;
    },
  };
}
export type CardCache = ReturnType<typeof cardCache>;
