import { parseEuroToCents } from '@vetrina/shared/catalog-utils';
import { STOREFRONT_SORTS, type StorefrontSort } from '@vetrina/shared/listing';
import { PAGE_SIZE, type ProductListParams } from './api';

/** The page number in a listing's URL (?page=), 1 when absent or not a number. */
export const pageOf = (params: URLSearchParams) => Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

/** A price bound as typed ('12', '12,90', '1.234,50') in cents, parsed like the API does; null when it would refuse it. */
export function euroBoundCents(text: string): number | null {
  const cents = parseEuroToCents(text);
  return cents !== null && cents <= 100_000_000 ? cents : null;
}
const CURSOR = /^[A-Za-z0-9_-]{1,300}$/;
const valid = <T extends string>(value: string | null, ok: (v: string) => boolean): T | undefined => (value && ok(value) ? (value as T) : undefined);

/**
 * The products page's filters, from its URL (?search, category, sort, minPrice, maxPrice,
 * available, page, cursor). Values the API would refuse are dropped, so an edited link still
 * shows a list instead of an error.
 */
export function listParams(params: URLSearchParams): ProductListParams {
  const search = params.get('search')?.trim() || undefined;
  const sort = valid<StorefrontSort>(params.get('sort'), (v) => (STOREFRONT_SORTS as readonly string[]).includes(v) && (v !== 'relevance' || Boolean(search)));
  let minPrice = valid<string>(params.get('minPrice')?.trim() ?? null, (v) => euroBoundCents(v) !== null);
  let maxPrice = valid<string>(params.get('maxPrice')?.trim() ?? null, (v) => euroBoundCents(v) !== null);
  if (minPrice && maxPrice && euroBoundCents(minPrice)! > euroBoundCents(maxPrice)!) [minPrice, maxPrice] = [maxPrice, minPrice];
  const available = params.get('available') === '1' || undefined;
  const cursor = valid<string>(params.get('cursor'), (v) => CURSOR.test(v));
  return { search, category: params.get('category') || undefined, sort, minPrice, maxPrice, available, page: pageOf(params), pageSize: PAGE_SIZE, cursor };
}

/** A category page's list: its slug, the page and the next-page cursor from the URL. */
export function categoryListParams(categorySlug: string | undefined, params: URLSearchParams): ProductListParams {
  const cursor = valid<string>(params.get('cursor'), (v) => CURSOR.test(v));
  return { category: categorySlug, page: pageOf(params), pageSize: PAGE_SIZE, cursor };
}
