import type { FastifyInstance } from 'fastify';
import { orderListQuerySchema, orderResponseSchema, ordersPageSchema, paymentMsg, publicOrderResponseSchema, updatePaymentStatusSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import { guardGuess } from '../../lib/guess-limit.js';
import { storeBySlug } from '../tenancy/service.js';
import { requireMember } from '../../plugins/guard.js';
import { registerOrderBulkRoutes } from './bulk/routes.js';
import { registerCheckoutRoutes } from './checkout/routes.js';
import { registerConfirmationRoutes } from './confirmation/routes.js';
import { registerFulfilmentRoutes } from './fulfilment/routes.js';
import { registerOrderNoteRoutes } from './notes/routes.js';
import { orderAnswer, orderParams, publicOrderParams, storeParams } from './order-params.js';
import type { OrderPorts } from './ports.js';
import { ordersService, type OrdersService } from './service.js';

/** The order routes, by use case; `ports`: what payments and invoices give the orders module (app.ts). */
export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext, ports: OrderPorts) {
  const orders = ordersService(ctx, ports);
  registerCheckoutRoutes(app, ctx, ports);
  registerOrderReadRoutes(app, ctx, orders);
  registerFulfilmentRoutes(app, ctx, orders);
  registerOrderPaymentRoutes(app, orders, ports);
  registerConfirmationRoutes(app, ctx, orders);
  registerOrderNoteRoutes(app, ctx, orders);
  registerOrderBulkRoutes(app, ctx);
}

/** The dashboard's list and details, and the shopper's order page. */
function registerOrderReadRoutes(app: FastifyInstance, ctx: AppContext, orders: OrdersService) {
  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/orders',
      auth: { permission: 'store:read' },
      summary: 'Ordini dello store (filtri e pagine)',
      tags: ['orders'],
      params: storeParams,
      query: orderListQuerySchema,
      response: { 200: ordersPageSchema },
    },
    async (req, { query }) => {
      const { storeId } = requireMember(req);
      return orders.list(storeId, query);
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
    async (req, { params }) => orderAnswer(orders, requireMember(req).storeId, params.orderId),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/orders/:token',
      auth: 'public',
      summary: "La pagina dell'ordine del cliente (per token segreto)",
      tags: ['storefront'],
      params: publicOrderParams,
      response: { 200: publicOrderResponseSchema },
    },
    async (req, { params }, reply) => {
      // Private to whoever holds the link: never kept by a shared cache.
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      const store = await storeBySlug(ctx.db, params.slug);
      if (!store) throw notFound(paymentMsg.orderNotFound);
      const order = await guardGuess(ctx, { scope: 'order-link', ip: req.ip, storeId: store.id }, async () => {
        const found = await orders.publicByToken(store.id, params.slug, params.token);
        if (!found) throw notFound(paymentMsg.orderNotFound);
        return found;
      });
      return { order };
    },
  );
}

/** The team marks an order paid or refunded (the use case lives in modules/payments). */
function registerOrderPaymentRoutes(app: FastifyInstance, orders: OrdersService, ports: OrderPorts) {
  addRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/stores/:storeId/orders/:orderId/payment',
      auth: { permission: 'orders:write' },
      summary: "Segna l'ordine come pagato (bonifico, contrassegno, ritiro) o rimborsato",
      tags: ['orders'],
      params: orderParams,
      body: updatePaymentStatusSchema,
      response: { 200: orderResponseSchema },
    },
    async (req, { params, body }) => {
      const member = requireMember(req);
      await ports.payments.setByTeam(member, params.orderId, body.paymentStatus);
      return orderAnswer(orders, member.storeId, params.orderId);
    },
  );
}
