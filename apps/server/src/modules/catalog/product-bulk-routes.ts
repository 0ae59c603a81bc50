import type { FastifyInstance } from 'fastify';
import { BULK_LIMITS, productBulkResultSchema, productBulkSchema, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { applyProductBulk } from './product-bulk.js';

export function registerProductBulkRoutes(app: FastifyInstance, ctx: AppContext) {
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/products/bulk',
      auth: { permission: 'catalog:write' },
      summary: `Cambia stato o categoria, o elimina, fino a ${BULK_LIMITS.maxIds} prodotti insieme: tutti o nessuno (un id di un altro store: 404)`,
      tags: ['catalogo'],
      params: storeIdParams,
      body: productBulkSchema,
      response: { 200: productBulkResultSchema },
    },
    async (req, { body }) => applyProductBulk(ctx, requireMember(req).storeId, body),
  );
}
