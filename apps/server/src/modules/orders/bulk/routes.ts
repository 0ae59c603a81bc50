import type { FastifyInstance } from 'fastify';
import { BULK_LIMITS, orderBulkResultSchema, orderBulkSchema, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { orderBulkService } from './service.js';

export function registerOrderBulkRoutes(app: FastifyInstance, ctx: AppContext) {
  const bulk = orderBulkService(ctx);
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/orders/bulk',
      auth: { permission: 'orders:write' },
      summary: `Cambia lo stato di fino a ${BULK_LIMITS.maxIds} ordini, uno alla volta come dal dettaglio; gli ordini rifiutati restano com'erano e sono elencati con il motivo`,
      tags: ['orders'],
      params: storeIdParams,
      body: orderBulkSchema,
      response: { 200: orderBulkResultSchema },
    },
    async (req, { body }) => {
      return bulk.changeStatus(requireMember(req), body.ids, body.status);
    },
  );
}
