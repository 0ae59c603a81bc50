import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { discountCheckResultSchema, discountCheckSchema } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound, rateLimited } from '../../lib/errors.js';
import { takeSlots } from '../../lib/rate-limiter.js';
import { storeBySlug } from '../../lib/tenancy.js';
import { discountRedemption } from './redemption-service.js';

// Enough for a shopper retyping a code; too few to guess a store's codes by trying them.
const CHECKS_PER_WINDOW = 30;
const CHECK_WINDOW_MS = 15 * 60_000;

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
      await takeSlots(ctx.limiter, [{ key: `discount-check:${store.id}:${req.ip}`, max: CHECKS_PER_WINDOW, windowMs: CHECK_WINDOW_MS }], (resetMs) =>
        rateLimited('Troppi tentativi con i codici sconto. Riprova più tardi.', resetMs, 'Troppi tentativi'),
      );
      const result = await redemption.evaluate(store.id, body.code, body.subtotalCents, body.email || undefined);
      reply.header('cache-control', 'no-store');
      return { discount: result.applied, discountCents: result.discountCents };
    },
  );
}
