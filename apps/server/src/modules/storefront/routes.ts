import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicStoreResponseSchema, storefrontProductPageSchema, storefrontProductResponseSchema, storefrontSuggestionsResponseSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute, JsonText } from '../../lib/route.js';
import { productParams, slugParams, storefrontProductsQuerySchema, storefrontService, storefrontSuggestionsQuerySchema } from './service.js';

/** The service's cached answer (JSON text already), sent as it is; browsers may keep it two seconds. */
function cachedJson(reply: FastifyReply, text: string): JsonText {
  reply.header('cache-control', 'public, max-age=2');
  return new JsonText(text);
}

/** Public, read-only storefront API. Nothing here needs or reveals anything but active products. */
export function registerStorefrontRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = storefrontService(ctx);
  const tags = ['storefront'];

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug',
      auth: 'public',
      summary: 'Vetrina pubblica: store, tema e categorie',
      tags,
      params: slugParams,
      response: { 200: publicStoreResponseSchema },
    },
    async (_req, { params }, reply) => cachedJson(reply, await service.store(params.slug)),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/products',
      auth: 'public',
      summary: 'Prodotti attivi: ricerca, categoria, prezzo, disponibilità, ordinamento, pagine',
      tags,
      params: slugParams,
      query: storefrontProductsQuerySchema,
      response: { 200: storefrontProductPageSchema },
    },
    async (_req, { params, query }, reply) => cachedJson(reply, await service.products(params.slug, query)),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/suggestions',
      auth: 'public',
      summary: 'Fino a 5 prodotti attivi suggeriti mentre si digita la ricerca',
      tags,
      params: slugParams,
      query: storefrontSuggestionsQuerySchema,
      response: { 200: storefrontSuggestionsResponseSchema },
    },
    async (_req, { params, query }, reply) => cachedJson(reply, await service.suggestions(params.slug, query)),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/products/:productRef',
      auth: 'public',
      summary: 'Dettaglio di un prodotto attivo (per slug o, nei link vecchi, per id)',
      tags,
      params: productParams,
      response: { 200: storefrontProductResponseSchema },
    },
    async (_req, { params }, reply) => cachedJson(reply, await service.product(params.slug, params.productRef)),
  );
}
