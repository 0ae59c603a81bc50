import type { FastifyInstance } from 'fastify';
import { nextSkuSchema, skuCheckQuerySchema, skuCheckResultSchema, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { skuRegistry } from './service.js';

const tags = ['catalogo'];

/** The SKU helpers of the product form (spec §7 generate_next_sku, check_sku_unique). */
export function registerSkuRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/skus/next',
      auth: { permission: 'store:read' },
      summary: 'Il prossimo SKU suggerito (SKU-0001, SKU-0002, …)',
      tags,
      params: storeIdParams,
      response: { 200: nextSkuSchema },
    },
    async (req) => ({
      sku: await skuRegistry.next(ctx.db, requireMember(req).storeId),
    }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/skus/check',
      auth: { permission: 'store:read' },
      summary: 'Verifica che uno SKU sia libero nello store',
      tags,
      params: storeIdParams,
      query: skuCheckQuerySchema,
      response: { 200: skuCheckResultSchema },
    },
    async (req, { query }) => {
      const storeId = requireMember(req).storeId;
      const sku = query.sku.trim();
      const available = sku !== '' && (await skuRegistry.isAvailable(ctx.db, storeId, sku, { productId: query.productId, variantId: query.variantId ?? null }));
      return { sku, available };
    },
  );
}
