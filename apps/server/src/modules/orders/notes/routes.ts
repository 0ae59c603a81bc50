import type { FastifyInstance } from 'fastify';
import { orderNoteInputSchema, orderResponseSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { orderAnswer, orderParams } from '../order-params.js';
import type { OrdersService } from '../service.js';
import { orderNotesService } from './service.js';

/** The team's 'Note interne' on an order. */
export function registerOrderNoteRoutes(app: FastifyInstance, ctx: AppContext, orders: OrdersService) {
  const notes = orderNotesService(ctx);
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
      const answer = await orderAnswer(orders, storeId, params.orderId);
      reply.status(201);
      return answer;
    },
  );
}
