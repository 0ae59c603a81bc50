import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { productParams, slugParams, storefrontProductsQuerySchema, storefrontService } from './service.js';

/** Public, read-only storefront API. Nothing here needs or reveals anything but active products. */
export function registerStorefrontRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = storefrontService(ctx);
  const tags = ['storefront'];
  const json = (reply: FastifyReply, body: string) => reply.header('cache-control', 'public, max-age=2').type('application/json; charset=utf-8').send(body);

  addRoute(app, { method: 'GET', url: '/api/public/stores/:slug', auth: 'public', summary: 'Vetrina pubblica: store, tema e categorie', tags, params: slugParams }, async (_req, { params }, reply) =>
    json(reply, await service.store(params.slug)),
  );

  addRoute(
    app,
    { method: 'GET', url: '/api/public/stores/:slug/products', auth: 'public', summary: 'Prodotti attivi, con ricerca e categoria', tags, params: slugParams, query: storefrontProductsQuerySchema },
    async (_req, { params, query }, reply) => json(reply, await service.products(params.slug, query)),
  );

  addRoute(app, { method: 'GET', url: '/api/public/stores/:slug/products/:productRef', auth: 'public', summary: 'Dettaglio di un prodotto attivo (per slug o, nei link vecchi, per id)', tags, params: productParams }, async (_req, { params }, reply) =>
    json(reply, await service.product(params.slug, params.productRef)),
  );
}
