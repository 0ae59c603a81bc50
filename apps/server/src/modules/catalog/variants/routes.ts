import type { FastifyInstance } from 'fastify';
import { variantInputSchema, variantListSchema, variantSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { productParams, variantParams } from '../params.js';
import { variantsService } from './service.js';

const tags = ['catalogo'];

export function registerVariantRoutes(app: FastifyInstance, ctx: AppContext) {
  const service = variantsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/products/:productId/variants',
      auth: { permission: 'store:read' },
      summary: 'Varianti di un prodotto',
      tags,
      params: productParams,
      response: { 200: variantListSchema },
    },
    async (req, { params }) => service.list(requireMember(req), params.productId),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/products/:productId/variants',
      auth: { permission: 'catalog:write' },
      summary: 'Aggiunge una variante',
      tags,
      params: productParams,
      body: variantInputSchema,
      response: { 201: variantSchema },
    },
    async (req, { params, body }) => service.create(requireMember(req), params.productId, body),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/products/:productId/variants/:variantId',
      auth: { permission: 'catalog:write' },
      summary: 'Modifica una variante',
      tags,
      params: variantParams,
      body: variantInputSchema,
      response: { 200: variantSchema },
    },
    async (req, { params, body }) => service.update(requireMember(req), params.productId, params.variantId, body),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/products/:productId/variants/:variantId',
      auth: { permission: 'catalog:write' },
      summary: 'Elimina una variante',
      tags,
      params: variantParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await service.delete(requireMember(req), params.productId, params.variantId);
    },
  );
}
