import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { discountCodeItemSchema, discountCodeSchema, discountCodesListSchema, discountMsg, storeIdParams } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { requireMember } from '../../plugins/guard.js';
import { discountsService } from './service.js';

const tags = ['discounts'];
const discountParams = storeIdParams.extend({
  discountId: z.string({ error: discountMsg.notFound }).min(1, discountMsg.notFound).max(64, discountMsg.notFound),
});

/** Codici sconto (dashboard): the whole team reads them, admins change them (docs/decisions/0018-discount-codes-admin.md). */
export function registerDiscountRoutes(app: FastifyInstance, ctx: AppContext) {
  const discounts = discountsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/discounts',
      auth: { permission: 'store:read' },
      summary: 'Codici sconto dello store, dal più recente',
      tags,
      params: storeIdParams,
      response: { 200: discountCodesListSchema },
    },
    async (req) => ({ items: await discounts.list(requireMember(req).storeId) }),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/discounts',
      auth: { permission: 'store:settings' },
      summary: 'Crea un codice sconto (il codice è salvato in maiuscolo, unico nello store)',
      tags,
      params: storeIdParams,
      body: discountCodeSchema,
      response: { 201: discountCodeItemSchema },
    },
    async (req, { body }) => ({ discount: await discounts.create(requireMember(req), body) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/discounts/:discountId',
      auth: { permission: 'store:settings' },
      summary: 'Modifica un codice sconto (gli utilizzi già contati restano)',
      tags,
      params: discountParams,
      body: discountCodeSchema,
      response: { 200: discountCodeItemSchema },
    },
    async (req, { params, body }) => ({ discount: await discounts.update(requireMember(req), params.discountId, body) }),
  );

  addRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/stores/:storeId/discounts/:discountId',
      auth: { permission: 'store:settings' },
      summary: 'Elimina un codice sconto (gli ordini passati conservano lo sconto applicato)',
      tags,
      params: discountParams,
      response: { 204: null },
    },
    async (req, { params }) => {
      await discounts.remove(requireMember(req), params.discountId);
    },
  );
}
