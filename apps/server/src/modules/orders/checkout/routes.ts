import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { checkoutResultSchema, checkoutSchema } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import type { OrderPorts } from '../ports.js';
import { checkoutService } from './service.js';

/** The storefront's checkout: a guest's order. */
export function registerCheckoutRoutes(app: FastifyInstance, ctx: AppContext, ports: OrderPorts) {
  const checkout = checkoutService(ctx, ports);
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
}
