import type { FastifyInstance } from 'fastify';
import { categoryInputSchema, categoryListSchema, categorySchema, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { categoriesService } from './service.js';
import { categoryParams } from '../params.js';

const tags = ['catalogo'];

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const categories = categoriesService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/categories',
      auth: { permission: 'store:read' },
      summary: 'Categorie dello store, per nome',
      tags,
      params: storeIdParams,
      response: { 200: categoryListSchema },
    },
    async (req) => categories.list(requireMember(req)),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/categories/:categoryId',
      auth: { permission: 'store:read' },
      summary: 'Dettaglio categoria',
      tags,
      params: categoryParams,
      response: { 200: categorySchema },
    },
    async (req, { params }) => categories.get(requireMember(req), params.categoryId),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/categories',
      auth: { permission: 'catalog:write' },
      summary: 'Crea una categoria (slug derivato dal nome se vuoto)',
      tags,
      params: storeIdParams,
      body: categoryInputSchema,
      response: { 201: categorySchema },
    },
    async (req, { body }) => categories.create(requireMember(req), body),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/categories/:categoryId',
      auth: { permission: 'catalog:write' },
      summary: 'Modifica una categoria',
      tags,
      params: categoryParams,
      body: categoryInputSchema,
      response: { 200: categorySchema },
    },
    async (req, { params, body }) => categories.update(requireMember(req), params.categoryId, body),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/categories/:categoryId',
      auth: { permission: 'catalog:write' },
      summary: 'Elimina una categoria (i prodotti restano, senza categoria)',
      tags,
      params: categoryParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await categories.remove(requireMember(req), params.categoryId);
    },
  );
}
