import type { FastifyInstance } from 'fastify';
import {
  inventoryItemSchema,
  inventoryListQuerySchema,
  inventoryListSchema,
  inventoryUpdateSchema,
  nextSkuSchema,
  skuCheckQuerySchema,
  skuCheckResultSchema,
  storeIdParams,
} from '@vetrina/shared';
import { stockHistoryQuerySchema, stockHistorySchema } from '@vetrina/shared/stock-history';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { stockHistory } from '../inventory/history.js';
import { listInventory, setInventoryQty } from '../inventory/list.js';
import { inventoryParams } from './params.js';
import { skuRegistry } from './skus.js';

const tags = ['catalogo'];

/** Inventory page and the SKU helpers of the product form (spec §7 generate_next_sku, check_sku_unique). */
export function registerStockRoutes(app: FastifyInstance, ctx: AppContext) {
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
    async (req, { query }) => listInventory(ctx.db, requireMember(req).storeId, query),
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
    async (req, { params, body }) => {
      const { storeId, user } = requireMember(req);
      return setInventoryQty(ctx.db, storeId, params.inventoryId, body.qty, user.id);
    },
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
    async (req, { params, query }) => stockHistory(ctx.db, requireMember(req).storeId, params.inventoryId, query.page),
  );

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
