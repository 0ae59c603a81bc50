import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { refundInputSchema } from '@vetrina/shared/returns';
import { orderRefundsResponseSchema, refundResponseSchema } from '@vetrina/shared/returns-admin';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { refundsService } from './service.js';

const orderParams = z.strictObject({ storeId: z.string().min(1).max(64), orderId: z.string().min(1).max(64) });
const refundParams = z.strictObject({ storeId: z.string().min(1).max(64), refundId: z.string().min(1).max(64) });

/** An order's refunds by line: the list, 'Rimborsa', and a failed card refund tried again. */
export function registerRefundRoutes(app: FastifyInstance, ctx: AppContext) {
  const refunds = refundsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/orders/:orderId/refunds',
      auth: { permission: 'store:read' },
      summary: "I rimborsi dell'ordine e cosa resta da rimborsare (IBAN mascherato per chi non può rimborsare)",
      tags: ['returns'],
      params: orderParams,
      response: { 200: orderRefundsResponseSchema },
    },
    async (req, { params }) => refunds.list(requireMember(req), params.orderId),
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/orders/:orderId/refunds',
      auth: { permission: 'refunds:write' },
      summary: 'Rimborsa righe, spedizione e una rettifica; con carta tramite Stripe, altrimenti sull’IBAN del cliente',
      tags: ['returns'],
      params: orderParams,
      body: refundInputSchema,
      response: { 201: refundResponseSchema },
    },
    async (req, { params, body }, reply) => {
      const member = requireMember(req);
      const refund = await refunds.create(member, member.user.id, params.orderId, body);
      reply.status(201);
      return { refund };
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/stores/:storeId/refunds/:refundId/retry',
      auth: { permission: 'refunds:write' },
      summary: 'Riprova un rimborso con carta non riuscito',
      tags: ['returns'],
      params: refundParams,
      response: { 200: refundResponseSchema },
    },
    async (req, { params }) => {
      const member = requireMember(req);
      return { refund: await refunds.retry(member, member.user.id, params.refundId) };
    },
  );
}
