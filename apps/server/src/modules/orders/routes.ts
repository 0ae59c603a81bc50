import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  checkoutResultSchema,
  checkoutSchema,
  orderResponseSchema,
  ordersPageSchema,
  orderListQuerySchema,
  orderNoteInputSchema,
  orderTokenSchema,
  orderConfirmationInputSchema,
  paymentMsg,
  publicOrderResponseSchema,
  updateOrderStatusSchema,
  updatePaymentStatusSchema,
  shipmentInputSchema,
} from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import { guardGuess } from '../../lib/guess-limit.js';
import { requireMember } from '../../plugins/guard.js';
import { registerOrderBulkRoutes } from './bulk-routes.js';
import { checkoutService } from './checkout-service.js';
import { confirmationService } from './confirmation-service.js';
import { fulfilmentService } from './fulfilment-service.js';
import { ordersRepo } from './repo.js';
import { orderNotesService } from './notes-service.js';
import { paymentService } from './payment-service.js';
import { storeBySlug } from '../tenancy/service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });
const orderParams = z.strictObject({ storeId: z.string().min(1).max(64), orderId: z.string().min(1).max(64) });

export function registerOrderRoutes(app: FastifyInstance, ctx: AppContext) {
  const checkout = checkoutService(ctx);
  const repo = ordersRepo(ctx.db);
  const payments = paymentService(ctx);
  const fulfilment = fulfilmentService(ctx);
  const confirmations = confirmationService(ctx);
  const notes = orderNotesService(ctx);

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
      query: orderListQuerySchema,
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
      const { storeId, user } = requireMember(req);
      await fulfilment.changeStatus(storeId, params.orderId, body, user.id);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      return { order };
    },
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/orders/:orderId/shipment',
      auth: { permission: 'orders:write' },
      summary: "Corriere e tracking di un ordine già spedito (il cliente riceve l'aggiornamento)",
      tags: ['orders'],
      params: orderParams,
      body: shipmentInputSchema,
      response: { 200: orderResponseSchema },
    },
    async (req, { params, body }) => {
      const { storeId, user } = requireMember(req);
      await fulfilment.updateShipment(storeId, params.orderId, body, user.id);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      return { order };
    },
  );

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
      const { storeId, user } = requireMember(req);
      await payments.setByTeam(storeId, params.orderId, body.paymentStatus, user.id);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      return { order };
    },
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/orders/:token',
      auth: 'public',
      summary: "La pagina dell'ordine del cliente (per token segreto)",
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120), token: orderTokenSchema }),
      response: { 200: publicOrderResponseSchema },
    },
    async (req, { params }, reply) => {
      // Private to whoever holds the link: never kept by a shared cache.
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      const store = await storeBySlug(ctx.db, params.slug);
      if (!store) throw notFound(paymentMsg.orderNotFound);
      const order = await guardGuess(ctx, { scope: 'order-link', ip: req.ip, storeId: store.id }, async () => {
        const found = await repo.publicByToken(store.id, params.slug, params.token);
        if (!found) throw notFound(paymentMsg.orderNotFound);
        return found;
      });
      return { order };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/orders/:orderId/confirmation',
      auth: { permission: 'orders:write' },
      summary: "Conferma a mano un ordine 'Da confermare' (contrassegno, ritiro), dopo aver sentito il cliente",
      tags: ['orders'],
      params: orderParams,
      response: { 200: orderResponseSchema },
    },
    async (req, { params }) => {
      const { storeId, user } = requireMember(req);
      await confirmations.byTeam(storeId, params.orderId, user.id);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      return { order };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/orders/:token/confirmation',
      auth: 'public',
      summary: "'Conferma ordine' dalla pagina dell'ordine (per token segreto): l'ordine non scade più",
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120), token: orderTokenSchema }),
      body: orderConfirmationInputSchema,
      response: { 200: publicOrderResponseSchema },
    },
    async (req, { params, body }, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      const store = await storeBySlug(ctx.db, params.slug);
      if (!store) throw notFound(paymentMsg.orderNotFound);
      // The same secret as the order page: the same budget of wrong guesses (lib/guess-limit.ts).
      await guardGuess(ctx, { scope: 'order-link', ip: req.ip, storeId: store.id }, () => confirmations.byShopper(params.slug, params.token, body.code));
      const order = await repo.publicByToken(store.id, params.slug, params.token);
      if (!order) throw notFound(paymentMsg.orderNotFound);
      return { order };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/orders/:orderId/notes',
      auth: { permission: 'orders:write' },
      summary: "Aggiunge una nota interna all'ordine (solo per il team, mai mostrata al cliente)",
      tags: ['orders'],
      params: orderParams,
      body: orderNoteInputSchema,
      response: { 201: orderResponseSchema },
    },
    async (req, { params, body }, reply) => {
      const { storeId, user } = requireMember(req);
      await notes.add(storeId, params.orderId, body, user.id);
      const order = await repo.detail(storeId, params.orderId);
      if (!order) throw notFound('Ordine non trovato');
      reply.status(201);
      return { order };
    },
  );

  registerOrderBulkRoutes(app, ctx);

  // Stripe signs the exact bytes it sent: this route reads its JSON body as text.
  app.register(async (raw) => {
    raw.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 256 * 1024 }, (_req, body, done) => done(null, body));
    addRoute(
      raw,
      {
        method: 'POST',
        url: '/api/public/payments/stripe/:storeId/webhook',
        auth: 'public',
        summary: 'Webhook di Stripe (firma verificata con il segreto dello store)',
        tags: ['payments'],
        params: z.strictObject({ storeId: z.string().min(1).max(64) }),
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      async (req, { params }) => {
        const body = typeof req.body === 'string' ? req.body : '';
        const signature = req.headers['stripe-signature'];
        await guardGuess(ctx, { scope: 'stripe-signature', ip: req.ip, storeId: params.storeId }, () =>
          payments.applyStripeWebhook(params.storeId, body, typeof signature === 'string' ? signature : undefined),
        );
        return { received: true as const };
      },
    );
  });
}
