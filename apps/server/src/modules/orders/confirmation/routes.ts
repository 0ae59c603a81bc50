import type { FastifyInstance } from 'fastify';
import { orderConfirmationInputSchema, orderResponseSchema, paymentMsg, publicOrderResponseSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { notFound } from '../../../lib/errors.js';
import { guardGuess } from '../../../lib/guess-limit.js';
import { addRoute } from '../../../lib/route.js';
import { storeBySlug } from '../../tenancy/service.js';
import { requireMember } from '../../../plugins/guard.js';
import { orderAnswer, orderParams, publicOrderParams } from '../order-params.js';
import type { OrdersService } from '../service.js';
import { confirmationService } from './service.js';

/** 'Conferma ordine': by the team after hearing from the shopper, or by the shopper from the mail's link. */
export function registerConfirmationRoutes(app: FastifyInstance, ctx: AppContext, orders: OrdersService) {
  const confirmations = confirmationService(ctx);

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
      const member = requireMember(req);
      await confirmations.byTeam(member, params.orderId);
      return orderAnswer(orders, member.storeId, params.orderId);
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
      params: publicOrderParams,
      body: orderConfirmationInputSchema,
      response: { 200: publicOrderResponseSchema },
    },
    async (req, { params, body }, reply) => {
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
      const store = await storeBySlug(ctx.db, params.slug);
      if (!store) throw notFound(paymentMsg.orderNotFound);
      // The same secret as the order page: the same budget of wrong guesses (lib/guess-limit.ts).
      await guardGuess(ctx, { scope: 'order-link', ip: req.ip, storeId: store.id }, () => confirmations.byShopper(params.slug, params.token, body.code));
      const order = await orders.publicByToken(store.id, params.slug, params.token);
      if (!order) throw notFound(paymentMsg.orderNotFound);
      return { order };
    },
  );
}
