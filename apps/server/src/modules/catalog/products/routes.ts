import type { FastifyInstance } from 'fastify';
import {
  BULK_LIMITS,
  productBulkResultSchema,
  productBulkSchema,
  productDetailSchema,
  productInputSchema,
  productListPageSchema,
  productListQuerySchema,
  storeIdParams,
} from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { productParams } from '../params.js';
import { applyProductBulk } from './bulk.js';
import { duplicateProduct } from './duplicate.js';
import { productsService } from './service.js';

const tags = ['catalogo'];

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = productsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/products',
      auth: { permission: 'store:read' },
      summary: 'Prodotti dello store, dal più recente o per pertinenza con `q` (24 per pagina)',
      tags,
      params: storeIdParams,
      query: productListQuerySchema,
      response: { 200: productListPageSchema },
    },
    async (req, { query }) => service.list(requireMember(req), query),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/products/:productId',
      auth: { permission: 'store:read' },
      summary: 'Dettaglio prodotto con immagini, varianti e stock',
      tags,
      params: productParams,
      response: { 200: productDetailSchema },
    },
    async (req, { params }) => service.get(requireMember(req), params.productId),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/products',
      auth: { permission: 'catalog:write' },
      summary: 'Crea un prodotto',
      tags,
      params: storeIdParams,
      body: productInputSchema,
      response: { 201: productDetailSchema },
    },
    async (req, { body }) => service.create(requireMember(req), body),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/products/:productId',
      auth: { permission: 'catalog:write' },
      summary: 'Modifica un prodotto (immagini nell’ordine dato, la prima è la copertina)',
      tags,
      params: productParams,
      body: productInputSchema,
      response: { 200: productDetailSchema },
    },
    async (req, { params, body }) => service.update(requireMember(req), params.productId, body),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/products/:productId/duplicate',
      auth: { permission: 'catalog:write' },
      summary: 'Duplica un prodotto: una bozza "(copia)" con varianti e immagini, SKU nuovi e stock a zero',
      tags,
      params: productParams,
      response: { 201: productDetailSchema },
    },
    async (req, { params }) => duplicateProduct(ctx, requireMember(req), params.productId),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/products/:productId',
      auth: { permission: 'catalog:write' },
      summary: 'Elimina un prodotto con varianti, stock e immagini',
      tags,
      params: productParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await service.delete(requireMember(req), params.productId);
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/products/bulk',
      auth: { permission: 'catalog:write' },
      summary: `Cambia stato o categoria, o elimina, fino a ${BULK_LIMITS.maxIds} prodotti insieme: tutti o nessuno (un id di un altro store: 404)`,
      tags,
      params: storeIdParams,
      body: productBulkSchema,
      response: { 200: productBulkResultSchema },
    },
    async (req, { body }) => applyProductBulk(ctx, requireMember(req), body),
  );
}
