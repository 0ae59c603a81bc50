import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { catalogMsg, inventoryItemSchema, inventoryListQuerySchema, inventoryListSchema, inventoryUpdateSchema, storeIdParams } from '@vetrina/shared';
import { stockHistoryQuerySchema, stockHistorySchema } from '@vetrina/shared/stock-history';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { inventoryService } from './service.js';

const tags = ['catalogo'];

/** A unit's id: any string of sane length; one that is not the store's is simply "not found". */
const inventoryParams = storeIdParams.extend({
  inventoryId: z.string({ error: catalogMsg.inventoryNotFound }).min(1, catalogMsg.inventoryNotFound).max(64, catalogMsg.inventoryNotFound),
});

/** The inventory page ('Magazzino') and each unit's history. */
export function registerInventoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = inventoryService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/inventory',
      auth: { permission: 'store:read' },
      summary: 'Magazzino: una riga per unità vendibile, con i totali dello store',
      tags,
      params: storeIdParams,
      query: inventoryListQuerySchema,
      response: { 200: inventoryListSchema },
    },
    async (req, { query }) => service.list(requireMember(req), query),
  );

  addRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/stores/:storeId/inventory/:inventoryId',
      auth: { permission: 'catalog:write' },
      summary: 'Imposta la quantità disponibile (mai sotto le unità riservate)',
      tags,
      params: inventoryParams,
      body: inventoryUpdateSchema,
      response: { 200: inventoryItemSchema },
    },
    async (req, { params, body }) => service.setQty(requireMember(req), params.inventoryId, body.qty),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/inventory/:inventoryId/history',
      auth: { permission: 'store:read' },
      summary: 'Storico di un’unità di magazzino: chi ha cambiato le quantità, quando e perché (dal più recente)',
      tags,
      params: inventoryParams,
      query: stockHistoryQuerySchema,
      response: { 200: stockHistorySchema },
    },
    async (req, { params, query }) => service.history(requireMember(req), params.inventoryId, query.page),
  );
}
