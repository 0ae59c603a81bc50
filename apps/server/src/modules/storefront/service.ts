import { z } from 'zod';
import {
  LISTING_LIMITS,
  storefrontProductsQuerySchema,
  storefrontSuggestionsQuerySchema,
  type StorefrontProductPage,
  type StorefrontSuggestion,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { storeBySlug } from '../tenancy/service.js';
import { singleFlight } from '../../lib/ttl-cache.js';
import { productListing } from '../catalog/listing/service.js';
import type { StoreListCache } from './list-cache.js';
import { storefrontRepo } from './repo.js';
import { shippingService } from '../shipping/service.js';

export const slugParams = z.strictObject({ slug: z.string().min(1).max(120) });
// A product is addressed by its slug (at most 80 characters) or, in links from before slugs, its id.
export const productParams = z.strictObject({ slug: z.string().min(1).max(120), productRef: z.string().min(1).max(120) });
export { storefrontProductsQuerySchema, storefrontSuggestionsQuerySchema };
type ProductsQuery = z.output<typeof storefrontProductsQuerySchema>;
type SuggestionsQuery = z.output<typeof storefrontSuggestionsQuerySchema>;

/**
 * JSON with every character beyond ASCII written as its \u escape: the same value, and a text whose
 * every character is one byte, so the list answers joined from kept cards are copied to the socket
 * as they are instead of being encoded again on every response ('Caffè', '€').
 */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * An answer's JSON text and its key in the response cache; `repeated` when it was found there (it
 * was asked for before), not computed for this request.
 */
export interface CachedAnswer {
  key: string;
  text: string;
  repeated: boolean;
}

/**
 * The public storefront's answers, serialised and kept in the short-lived cache. The HTTP routes
 * and the server-rendered pages (pages.ts) both read through here: one cache, one set of
 * rules. Each method returns the answer (its JSON text) or throws the Italian 404.
 */
export function storefrontService(ctx: AppContext) {
  const repo = storefrontRepo(ctx.db, ctx.dialect);
  const once = singleFlight<string>();
  async function cached<T>(key: string, load: () => Promise<T>, serialise: (v: T) => string = JSON.stringify): Promise<CachedAnswer> {
    const body = ctx.publicCache.get(key);
    if (typeof body === 'string') return { key, text: body, repeated: true };
    const text = await once(key, async () => {
      const fresh = serialise(await load());
      ctx.publicCache.set(key, fresh);
      return fresh;
    });
    return { key, text, repeated: false };
  }
  /**
   * The JSON text of a page's cards, in the order of `ids`: kept ones from the store's list cache,
   * the others read in one pass and kept. A card is the same on every list, search and page.
   */
  async function cardsJson(kept: StoreListCache, storeId: string, ids: string[]): Promise<string[]> {
    const known = ids.map((id) => kept.get<string>('card', id));
    const missing = ids.filter((_, i) => known[i] === undefined);
    const read = new Map<string, string>();
    for (const card of missing.length ? await repo.productCards(storeId, missing) : []) {
      const json = asciiJson(card);
      read.set(card.id, json);
      kept.set('card', card.id, json);
    }
    return ids.flatMap((id, i) => known[i] ?? read.get(id) ?? []);
  }
  const shipping = shippingService(ctx);
  const store = async (slug: string) => {
    const s = await repo.storeBySlug(slug);
    if (!s) throw notFound('Store non trovato');
    return { ...s, shipping: await shipping.destinations(s.id) };
  };
  // Lists and products need the store's id only, not its settings and categories: the one store
  // lookup (modules/tenancy), kept with the store's lists (a store deleted or changed drops it).
  const storeId = async (slug: string, kept: StoreListCache) => {
    const known = kept.get<{ id: string }>('store', '');
    if (known) return known;
    const s = await storeBySlug(ctx.db, slug);
    if (!s) throw notFound('Store non trovato');
    kept.set('store', '', s);
    return s;
  };
  return {
    // Every page of the store shows it (name, colours, categories, shipping): kept with the store's
    // lists too, so rendering a page each request reads only what the page itself shows.
    store: (slug: string) =>
      cached(
        `${slug}|store`,
        async () => {
          const kept = ctx.publicLists.of(slug);
          const known = kept.get<string>('answer', 'store');
          if (known !== undefined) return known;
          const json = JSON.stringify({ store: await store(slug) });
          kept.set('answer', 'store', json);
          return json;
        },
        (json) => json,
      ),
    products: (slug: string, query: ProductsQuery) =>
      cached(
        `${slug}|list|${JSON.stringify([query.search ?? '', query.category ?? '', query.sort ?? '', query.minPrice ?? '', query.maxPrice ?? '', query.available ?? '', query.page, query.pageSize, query.cursor ?? ''])}`,
        async (): Promise<Omit<StorefrontProductPage, 'items'> & { items: string[] }> => {
          // Taken before any read: what the reads find is kept only if the store has not changed since.
          const kept = ctx.publicLists.of(slug);
          // The store's id, kept with its lists (a store deleted or changed drops them).
          const s = await storeId(slug, kept);
          const empty = { items: [], total: 0, totalCapped: false, hasMore: false, nextCursor: null, page: query.page, pageSize: query.pageSize };
          let categoryId: string | undefined;
          if (query.category) {
            // Kept with the store's lists (a category renamed or deleted is a write of the store's team).
            let c = kept.get<{ id: string } | null>('category', query.category);
            if (c === undefined) kept.set('category', query.category, (c = (await repo.categoryBySlug(s.id, query.category)) ?? null));
            // An unknown category has no products (not an error: the link may be old).
            if (!c) return empty;
            categoryId = c.id;
          }
          const search = query.search || undefined;
          const list = await productListing(ctx.db, ctx.dialect, {
            storeId: s.id,
            status: 'active',
            categoryId,
            search,
            minPriceCents: query.minPrice,
            maxPriceCents: query.maxPrice,
            availableOnly: query.available,
            sort: query.sort ?? (search ? 'relevance' : 'newest'),
            page: query.page,
            pageSize: query.pageSize,
            cursor: query.cursor,
            kept,
          });
          return {
            items: await cardsJson(kept, s.id, list.ids),
            total: list.total,
            totalCapped: list.totalCapped,
            hasMore: list.hasMore,
            nextCursor: list.nextCursor,
            page: query.page,
            pageSize: query.pageSize,
          };
        },
        // The cards are JSON text already: spliced in, not serialised again.
        ({ items, ...rest }: Omit<StorefrontProductPage, 'items'> & { items: string[] }) => `{"items":[${items.join(',')}],${JSON.stringify(rest).slice(1)}`,
      ),
    /** Up to 5 active products for what the shopper is typing, best match first. */
    suggestions: (slug: string, query: SuggestionsQuery) =>
      cached(`${slug}|suggest|${query.q}`, async (): Promise<{ items: StorefrontSuggestion[] }> => {
        const s = await storeId(slug, ctx.publicLists.of(slug));
        if (!query.q) return { items: [] };
        const list = await productListing(ctx.db, ctx.dialect, {
          storeId: s.id,
          status: 'active',
          search: query.q,
          sort: 'relevance',
          page: 1,
          pageSize: LISTING_LIMITS.suggestions,
          count: false,
        });
        const cards = await repo.productCards(s.id, list.ids);
        return {
          items: cards.map((c) => ({ id: c.id, slug: c.slug, title: c.title, priceCents: c.priceCents, priceVaries: c.priceVaries, thumbUrl: c.thumbUrl })),
        };
      }),
    // The answer always carries the canonical slug: a page reached by id (or an old slug's id) redirects to it.
    product: (slug: string, productRef: string) =>
      cached(`${slug}|product|${productRef}`, async () => {
        // The product needs the store's id only (its settings and categories come with the store's own answer).
        const s = await storeId(slug, ctx.publicLists.of(slug));
        const product = await repo.productDetail(s.id, productRef);
        if (!product) throw notFound('Prodotto non trovato');
        return { product };
      }),
  };
}
export type StorefrontService = ReturnType<typeof storefrontService>;
