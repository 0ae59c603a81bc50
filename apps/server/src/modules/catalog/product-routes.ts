import type { FastifyInstance } from 'fastify';
import { productDetailSchema, productInputSchema, productListPageSchema, productListQuerySchema, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { productParams } from './params.js';
import { duplicateProduct } from './product-duplicate.js';
import { getProduct, listProducts } from './product-queries.js';
import { createProduct, deleteProduct, updateProduct } from './products.js';

const tags = ['catalogo'];

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext) {
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
    async (req, { query }) => listProducts(ctx.db, ctx.dialect, requireMember(req).storeId, query),
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
    async (req, { params }) => getProduct(ctx.db, requireMember(req).storeId, params.productId),
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
    async (req, { body }) => {
      const { storeId, user } = requireMember(req);
      return createProduct(ctx, storeId, body, user.id);
    },
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
    async (req, { params, body }) => {
      const { storeId, user } = requireMember(req);
      return updateProduct(ctx, storeId, params.productId, body, user.id);
    },
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
    async (req, { params }) => {
      const { storeId, user } = requireMember(req);
      return duplicateProduct(ctx, storeId, params.productId, user.id);
    },
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
      await deleteProduct(ctx, requireMember(req).storeId, params.productId);
    },
  );
}
