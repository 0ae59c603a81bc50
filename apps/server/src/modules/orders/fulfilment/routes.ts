import type { FastifyInstance } from 'fastify';
import { orderResponseSchema, shipmentInputSchema, updateOrderStatusSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { requireMember } from '../../../plugins/guard.js';
import { orderAnswer, orderParams } from '../order-params.js';
import type { OrdersService } from '../service.js';
import { fulfilmentService } from './service.js';

/** The team moves an order along: its status, and the carrier and tracking once shipped. */
export function registerFulfilmentRoutes(app: FastifyInstance, ctx: AppContext, orders: OrdersService) {
  const fulfilment = fulfilmentService(ctx);

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
      const member = requireMember(req);
      await fulfilment.changeStatus(member, params.orderId, body);
      return orderAnswer(orders, member.storeId, params.orderId);
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
      const member = requireMember(req);
      await fulfilment.updateShipment(member, params.orderId, body);
      return orderAnswer(orders, member.storeId, params.orderId);
    },
  );
}
