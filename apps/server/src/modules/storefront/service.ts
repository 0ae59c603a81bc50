import { z } from 'zod';
import { storefrontProductsQuerySchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { singleFlight } from '../../lib/ttl-cache.js';
import { storefrontRepo } from './repo.js';

export const slugParams = z.strictObject({ slug: z.string().min(1).max(120) });
// A product is addressed by its slug (at most 80 characters) or, in links from before slugs, its id.
export const productParams = z.strictObject({ slug: z.string().min(1).max(120), productRef: z.string().min(1).max(120) });
export { storefrontProductsQuerySchema };
type ProductsQuery = z.output<typeof storefrontProductsQuerySchema>;

/**
 * The public storefront's answers, serialised and kept in the short-lived cache. The HTTP routes
 * and the server-rendered pages (plugins/web.ts) both read through here: one cache, one set of
 * rules. Each method returns the JSON text of the answer or throws the Italian 404.
 */
export function storefrontService(ctx: AppContext) {
  const repo = storefrontRepo(ctx.db, ctx.dialect);
  const once = singleFlight<string>();
  async function cached(key: string, load: () => Promise<unknown>): Promise<string> {
    const body = ctx.publicCache.get(key);
    if (typeof body === 'string') return body;
    return once(key, async () => {
      const fresh = JSON.stringify(await load());
      ctx.publicCache.set(key, fresh);
      return fresh;
    });
  }
  const store = async (slug: string) => {
    const s = await repo.storeBySlug(slug);
    if (!s) throw notFound('Store non trovato');
    return s;
  };
  return {
    store: (slug: string) => cached(`${slug}|store`, async () => ({ store: await store(slug) })),
    products: (slug: string, query: ProductsQuery) =>
      cached(`${slug}|list|${query.search ?? ''}|${query.category ?? ''}|${query.page}|${query.pageSize}`, async () => {
        const s = await store(slug);
        let categoryId: string | null = null;
        if (query.category) {
          const c = await repo.categoryBySlug(s.id, query.category);
          // An unknown category has no products (not an error: the link may be old).
          if (!c) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
          categoryId = c.id;
        }
        const { items, total } = await repo.listProducts(s.id, { search: query.search || undefined, categoryId, page: query.page, pageSize: query.pageSize });
        return { items, total, page: query.page, pageSize: query.pageSize };
      }),
    // The answer always carries the canonical slug: a page reached by id (or an old slug's id) redirects to it.
    product: (slug: string, productRef: string) =>
      cached(`${slug}|product|${productRef}`, async () => {
        const s = await store(slug);
        const product = await repo.productDetail(s.id, productRef);
        if (!product) throw notFound('Prodotto non trovato');
        return { product };
      }),
  };
}
export type StorefrontService = ReturnType<typeof storefrontService>;
