import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { storefrontProductsQuerySchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import { storefrontRepo } from './repo.js';

const slugParams = z.strictObject({ slug: z.string().min(1).max(120) });
// A product is addressed by its slug (at most 80 characters) or, in links from before slugs, its id.
const productParams = z.strictObject({ slug: z.string().min(1).max(120), productRef: z.string().min(1).max(120) });

/** Public, read-only storefront API. Nothing here needs or reveals anything but active products. */
export function registerStorefrontRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = storefrontRepo(ctx.db, ctx.dialect);
  const tags = ['storefront'];
  /** Answers from the short-lived cache of serialised responses, loading on a miss. */
  async function cached(reply: FastifyReply, key: string, load: () => Promise<unknown>) {
    let body = ctx.publicCache.get(key);
    if (body === undefined) {
      body = JSON.stringify(await load());
      ctx.publicCache.set(key, body);
    }
    return reply.header('cache-control', 'public, max-age=2').type('application/json; charset=utf-8').send(body);
  }
  const store = async (slug: string) => {
    const s = await repo.storeBySlug(slug);
    if (!s) throw notFound('Store non trovato');
    return s;
  };

  addRoute(app, { method: 'GET', url: '/api/public/stores/:slug', auth: 'public', summary: 'Vetrina pubblica: store, tema e categorie', tags, params: slugParams }, async (_req, { params }, reply) =>
    cached(reply, `${params.slug}|store`, async () => ({ store: await store(params.slug) })),
  );

  addRoute(
    app,
    { method: 'GET', url: '/api/public/stores/:slug/products', auth: 'public', summary: 'Prodotti attivi, con ricerca e categoria', tags, params: slugParams, query: storefrontProductsQuerySchema },
    async (_req, { params, query }, reply) =>
      cached(reply, `${params.slug}|list|${query.search ?? ''}|${query.category ?? ''}|${query.page}|${query.pageSize}`, async () => {
      const s = await store(params.slug);
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
  );

  // The answer always carries the canonical slug: a page reached by id (or an old slug's id) redirects to it.
  addRoute(app, { method: 'GET', url: '/api/public/stores/:slug/products/:productRef', auth: 'public', summary: 'Dettaglio di un prodotto attivo (per slug o, nei link vecchi, per id)', tags, params: productParams }, async (_req, { params }, reply) =>
    cached(reply, `${params.slug}|product|${params.productRef}`, async () => {
      const s = await store(params.slug);
      const product = await repo.productDetail(s.id, params.productRef);
      if (!product) throw notFound('Prodotto non trovato');
      return { product };
    }),
  );
}
