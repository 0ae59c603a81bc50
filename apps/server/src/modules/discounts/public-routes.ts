import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { discountCheckResultSchema, discountCheckSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import { storeBySlug } from '../tenancy/service.js';
import { countDiscountAttempt } from './attempts.js';
import { discountRedemption } from './redemption-service.js';

/** The storefront's 'Codice sconto' field: checks a code against the cart before the order does. */
export function registerPublicDiscountRoutes(app: FastifyInstance, ctx: AppContext) {
  const redemption = discountRedemption(ctx.db);
  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/discounts/check',
      auth: 'public',
      summary: 'Verifica un codice sconto per il carrello (l’ordine lo verifica di nuovo)',
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120) }),
      body: discountCheckSchema,
      response: { 200: discountCheckResultSchema },
    },
    async (req, { params, body }, reply) => {
      const store = await storeBySlug(ctx.db, params.slug);
      if (!store) throw notFound('Store non trovato');
      await countDiscountAttempt(ctx, store.id, req.ip);
      const result = await redemption.evaluate(store.id, body.code, body.subtotalCents, body.email || undefined);
      reply.header('cache-control', 'no-store');
      return { discount: result.applied, discountCents: result.discountCents };
    },
  );
}
