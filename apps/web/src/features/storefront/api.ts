import type { StorefrontProductPage } from '@vetrina/shared';
import type { StorefrontSort } from '@vetrina/shared/listing';
import { browserCache, type DataCache } from './data/cache';
import { publicApi } from './data/public-api';
import { useCached } from './data/use-cached';
import { LIMITS } from '@vetrina/shared/constants';

export interface ProductListParams {
  search?: string;
  category?: string;
  sort?: StorefrontSort;
  /** Euros as typed ('12,50'). */
  minPrice?: string;
  maxPrice?: string;
  available?: boolean;
  page?: number;
  pageSize?: number;
  /** The previous page's `nextCursor`: the next page by index seek. */
  cursor?: string;
}
export type ProductPage = StorefrontProductPage;

type Fresh = { fresh: boolean };
const base = (slug: string) => `/api/public/stores/${encodeURIComponent(slug)}`;

function listQuery(p: ProductListParams) {
  const qs = new URLSearchParams();
  if (p.search) qs.set('search', p.search);
  if (p.category) qs.set('category', p.category);
  if (p.sort) qs.set('sort', p.sort);
  if (p.minPrice) qs.set('minPrice', p.minPrice);
  if (p.maxPrice) qs.set('maxPrice', p.maxPrice);
  if (p.available) qs.set('available', '1');
  if (p.page && p.page > 1) qs.set('page', String(p.page));
  if (p.pageSize) qs.set('pageSize', String(p.pageSize));
  if (p.cursor) qs.set('cursor', p.cursor);
  return qs.toString();
}

/** Cache keys start with the store's slug, so one call refreshes everything of a store. */
const STORE_STALE_MS = 60_000;
const LIST_STALE_MS = 15_000;

export const storefrontData = {
  store: (slug: string) => ({
    key: `${slug}|store`,
    fetch: ({ fresh }: Fresh) => publicApi(base(slug), { schema: (s) => s.publicStoreResponseSchema, fresh }).then((r) => r.store),
  }),
  products: (slug: string, params: ProductListParams) => {
    const qs = listQuery(params);
    return {
      key: `${slug}|products|${qs}`,
      fetch: ({ fresh }: Fresh) => publicApi(`${base(slug)}/products${qs ? `?${qs}` : ''}`, { schema: (s) => s.storefrontProductPageSchema, fresh }),
    };
  },
  /** The payment methods the store offers now (the server does not cache them: always asked afresh). */
  paymentMethods: (slug: string) => ({
    key: `${slug}|payment-methods`,
    fetch: () => publicApi(`${base(slug)}/payment-methods`, { schema: (s) => s.publicPaymentOptionsSchema, fresh: true }).then((r) => r.methods),
  }),
  /** A shopper's own order, by the secret token of its page: read in the browser only, never cached on the way. */
  order: (slug: string, token: string) => ({
    key: `${slug}|order|${token}`,
    fetch: () =>
      publicApi(`${base(slug)}/orders/${encodeURIComponent(token)}`, { schema: (s) => s.publicOrderResponseSchema, fresh: true }).then((r) => r.order),
  }),
  /** A legal page ('termini', 'privacy', 'spedizioni-resi'), as HTML the server rendered and sanitised. */
  legalPage: (slug: string, kind: string) => ({
    key: `${slug}|legal|${kind}`,
    fetch: ({ fresh }: Fresh) =>
      publicApi(`${base(slug)}/pages/${encodeURIComponent(kind)}`, { schema: (s) => s.publicLegalPageResponseSchema, fresh }).then((r) => r.page),
  }),
  /** By the product's slug (or, for old links, its id: the answer carries the canonical slug). */
  product: (slug: string, productRef: string) => ({
    key: `${slug}|product|${productRef}`,
    fetch: ({ fresh }: Fresh) =>
      publicApi(`${base(slug)}/products/${encodeURIComponent(productRef)}`, { schema: (s) => s.storefrontProductResponseSchema, fresh }).then((r) => r.product),
  }),
};

// Route loaders start these while the page's code downloads (browser) or before rendering (server).
export const prefetchStore = (slug: string, cache: DataCache = browserCache) => {
  const q = storefrontData.store(slug);
  cache.prefetch(q.key, q.fetch, STORE_STALE_MS);
};
export const prefetchProducts = (slug: string, params: ProductListParams, cache: DataCache = browserCache) => {
  const q = storefrontData.products(slug, params);
  cache.prefetch(q.key, q.fetch, LIST_STALE_MS);
};
export const prefetchProduct = (slug: string, productRef: string, cache: DataCache = browserCache) => {
  const q = storefrontData.product(slug, productRef);
  cache.prefetch(q.key, q.fetch, LIST_STALE_MS);
};
export const prefetchLegalPage = (slug: string, kind: string, cache: DataCache = browserCache) => {
  const q = storefrontData.legalPage(slug, kind);
  cache.prefetch(q.key, q.fetch, STORE_STALE_MS);
};
/** Always from the server (the checkout re-reads prices after 'Prezzi aggiornati'). */
export const fetchProductNow = (slug: string, productRef: string) => {
  const q = storefrontData.product(slug, productRef);
  return browserCache.load(q.key, q.fetch, 0, true);
};
/** Products suggested for what the shopper is typing (kept a few seconds: typing back and forth reuses them). */
export const fetchSuggestions = (slug: string, q: string) =>
  browserCache.load(
    `${slug}|suggest|${q}`,
    () => publicApi(`${base(slug)}/suggestions?q=${encodeURIComponent(q)}`, { schema: (s) => s.storefrontSuggestionsResponseSchema }).then((r) => r.items),
    LIST_STALE_MS,
  );
/** After an order: availability and prices on screen are refreshed. */
export const refreshStore = (slug: string) => browserCache.invalidate(`${slug}|`);

export function usePublicStore(slug: string) {
  const q = storefrontData.store(slug);
  return useCached(q.key, q.fetch, { staleMs: STORE_STALE_MS });
}
export function useStoreProducts(slug: string, params: ProductListParams) {
  const q = storefrontData.products(slug, params);
  return useCached(q.key, q.fetch, { staleMs: LIST_STALE_MS, keepPrevious: true });
}
export function useStoreProduct(slug: string, productRef: string) {
  const q = storefrontData.product(slug, productRef);
  return useCached(q.key, q.fetch, { staleMs: LIST_STALE_MS });
}
export function useLegalPage(slug: string, kind: string) {
  const q = storefrontData.legalPage(slug, kind);
  return useCached(q.key, q.fetch, { staleMs: STORE_STALE_MS });
}
/** Read again each time the checkout opens: the merchant may have changed them a minute ago. */
export function usePaymentMethods(slug: string) {
  const q = storefrontData.paymentMethods(slug);
  return useCached(q.key, q.fetch, { staleMs: 0 });
}
export function usePublicOrder(slug: string, token: string) {
  const q = storefrontData.order(slug, token);
  return useCached(q.key, q.fetch, { staleMs: 0 });
}

/** Products per page in lists: divides evenly into 2, 3 and 4 columns. */
export const PAGE_SIZE = 24;
/** Spec §9 (LIMITS.featuredProducts / homeCategories in @vetrina/shared; checked by constants.test.ts). */
export const FEATURED_PRODUCTS = LIMITS.featuredProducts;
export const HOME_CATEGORIES = LIMITS.homeCategories;
