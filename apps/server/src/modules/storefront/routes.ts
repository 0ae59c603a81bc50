import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicStoreResponseSchema, storefrontProductPageSchema, storefrontProductResponseSchema, storefrontSuggestionsResponseSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { acceptedEncoding, compressedCopy } from '../../lib/compression.js';
import { addRoute, JsonText } from '../../lib/route.js';
import { productParams, slugParams, storefrontProductsQuerySchema, storefrontService, storefrontSuggestionsQuerySchema, type CachedAnswer } from './service.js';

/** Smaller answers are sent as they are: they fit in one packet either way. */
const COMPRESS_FROM_BYTES = 1024;

/**
 * The service's cached answer (JSON text already), sent as it is; browsers may keep it two seconds.
 * An answer asked for again (a store's first page, a popular product: `repeated`) goes compressed
 * to browsers that take it, from a copy made once and kept beside it: a list of 24 cards is ~7 KB
 * of JSON and ~1.4 KB compressed. One asked for once (a search) is not worth the compression.
 */
function cachedJson(ctx: AppContext, req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): JsonText {
  reply.header('cache-control', 'public, max-age=2').header('vary', 'accept-encoding');
  const encoding = answer.repeated && answer.text.length >= COMPRESS_FROM_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) return new JsonText(answer.text);
  reply.header('content-encoding', encoding);
  return new JsonText(compressedCopy(ctx.publicCache, answer.key, encoding, answer.text));
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
    async (req, { params }, reply) => cachedJson(ctx, req, reply, await service.store(params.slug)),
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
    async (req, { params, query }, reply) => cachedJson(ctx, req, reply, await service.products(params.slug, query)),
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
    async (req, { params, query }, reply) => cachedJson(ctx, req, reply, await service.suggestions(params.slug, query)),
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
    async (req, { params }, reply) => cachedJson(ctx, req, reply, await service.product(params.slug, params.productRef)),
  );
}
