import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStore, StorefrontProductCard, StorefrontProductDetail } from '@vetrina/shared';
import { api } from '@/lib/api';

export interface ProductListParams {
  search?: string;
  category?: string;
  page?: number;
  pageSize?: number;
}
export interface ProductPage {
  items: StorefrontProductCard[];
  total: number;
  page: number;
  pageSize: number;
}

const base = (slug: string) => `/api/public/stores/${encodeURIComponent(slug)}`;

function listUrl(slug: string, p: ProductListParams) {
  const qs = new URLSearchParams();
  if (p.search) qs.set('search', p.search);
  if (p.category) qs.set('category', p.category);
  if (p.page && p.page > 1) qs.set('page', String(p.page));
  if (p.pageSize) qs.set('pageSize', String(p.pageSize));
  const q = qs.toString();
  return `${base(slug)}/products${q ? `?${q}` : ''}`;
}

/** Query definitions, shared by the components and the route loaders that prefetch them. */
export const storefrontQueries = {
  store: (slug: string) =>
    queryOptions({
      queryKey: ['storefront', slug],
      queryFn: ({ signal }) => api<{ store: PublicStore }>(base(slug), { signal }).then((r) => r.store),
      staleTime: 60_000,
    }),
  products: (slug: string, params: ProductListParams) =>
    queryOptions({
      queryKey: ['storefront', slug, 'products', params],
      queryFn: ({ signal }) => api<ProductPage>(listUrl(slug, params), { signal }),
      placeholderData: keepPreviousData,
    }),
  product: (slug: string, productId: string) =>
    queryOptions({
      queryKey: ['storefront', slug, 'product', productId],
      queryFn: ({ signal }) => api<{ product: StorefrontProductDetail }>(`${base(slug)}/products/${encodeURIComponent(productId)}`, { signal }).then((r) => r.product),
    }),
};

export const useStoreProducts = (slug: string, params: ProductListParams) => useQuery(storefrontQueries.products(slug, params));
export const useStoreProduct = (slug: string, productId: string) => useQuery(storefrontQueries.product(slug, productId));

/** Products per page in lists: divides evenly into 2, 3 and 4 columns. */
export const PAGE_SIZE = 24;
/** Spec §9 (LIMITS.featuredProducts / homeCategories in @vetrina/shared; checked by constants.test.ts). */
export const FEATURED_PRODUCTS = 6;
export const HOME_CATEGORIES = 8;
