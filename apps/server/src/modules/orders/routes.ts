import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkoutResultSchema, checkoutSchema, orderResponseSchema, ordersPageSchema, ordersQuerySchema, updateOrderStatusSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import { requireMember } from '../../plugins/guard.js';
import { checkoutService } from './checkout-service.js';
import { changeOrderStatus } from './status-service.js';
import { ordersRepo } from './repo.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });
const orderParams = z.strictObject({ storeId: z.string().min(1).max(64), orderId: z.string().min(1).max(64) });

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const checkout = checkoutService(ctx);
  const repo = ordersRepo(ctx.db);

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/checkout',
      auth: 'public',
      summary: "Crea l'ordine di un ospite (prezzi calcolati dal server, stock riservato, idempotente)",
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120) }),
      body: checkoutSchema,
      // 200: a retried request with the same idempotency key gets the order it already created.
      response: { 200: checkoutResultSchema, 201: checkoutResultSchema },
    },
    async (req, { params, body }, reply) => {
      const { result, replayed } = await checkout.createOrder(params.slug, body, req.ip);
      reply.status(replayed ? 200 : 201);
      return result;
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/orders',
      auth: { permission: 'store:read' },
      summary: 'Ordini dello store (filtri e pagine)',
      tags: ['orders'],
      params: storeParams,
      query: ordersQuerySchema,
      response: { 200: ordersPageSchema },
    },
    async (req, { query }) => {
      const { storeId } = requireMember(req);
      return repo.list(storeId, query);
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/orders/:orderId',
      auth: { permission: 'store:read' },
      summary: "Dettaglio dell'ordine con articoli",
      tags: ['orders'],
      params: orderParams,
      response: { 200: orderResponseSchema },
    },
    async (req, { params }) => {
      const { storeId } = requireMember(req);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      return { order };
    },
  );

  addRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/stores/:storeId/orders/:orderId',
      auth: { permission: 'orders:write' },
      summary: "Cambia lo stato dell'ordine (lo stock segue lo stato)",
      tags: ['orders'],
      params: orderParams,
      body: updateOrderStatusSchema,
      response: { 200: orderResponseSchema },
    },
    async (req, { params, body }) => {
      const { storeId } = requireMember(req);
      await changeOrderStatus(ctx.db, storeId, params.orderId, body.status);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      return { order };
    },
  );
}
