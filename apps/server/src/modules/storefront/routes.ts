import type { FastifyInstance, FastifyReply } from 'fastify';
import { publicStoreResponseSchema, storefrontProductPageSchema, storefrontProductResponseSchema, storefrontSuggestionsResponseSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { productParams, slugParams, storefrontProductsQuerySchema, storefrontService, storefrontSuggestionsQuerySchema } from './service.js';

/**
 * Sends the service's cached answer, JSON text already, byte for byte: Fastify writes a string with
 * a JSON content type without running the route's serializer, so the schema only documents it
 * (response-schemas.test.ts parses these answers with the same schemas, and so do the pages).
 * Waits until the answer has gone out (an onSend hook may still be running after send()): addRoute
 * then finds the reply sent and adds nothing; there is no body left to hand back.
 */
async function sendCachedJson(reply: FastifyReply, text: string): Promise<never> {
  await reply.header('cache-control', 'public, max-age=2').type('application/json; charset=utf-8').send(text);
  return undefined as never;
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
    async (_req, { params }, reply) => sendCachedJson(reply, await service.store(params.slug)),
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
    async (_req, { params, query }, reply) => sendCachedJson(reply, await service.products(params.slug, query)),
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
    async (_req, { params, query }, reply) => sendCachedJson(reply, await service.suggestions(params.slug, query)),
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
    async (_req, { params }, reply) => sendCachedJson(reply, await service.product(params.slug, params.productRef)),
  );
}
