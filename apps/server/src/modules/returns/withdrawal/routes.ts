import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withdrawableOrderSchema, withdrawalInputSchema, withdrawalOrderRefSchema, withdrawalReceiptSchema } from '@vetrina/shared/returns';
import type { AppContext } from '../../../lib/context.js';
import { addRoute } from '../../../lib/route.js';
import { notFound } from '../../../lib/errors.js';
import { storeBySlug } from '../../tenancy/service.js';
import { withdrawalService } from './service.js';

const params = z.strictObject({ slug: z.string().min(1).max(120) });

/** The storefront's 'Recedi dal contratto' form: no account, the order named by its page's token or its number and e-mail. */
export function registerWithdrawalRoutes(app: FastifyInstance, ctx: AppContext) {
  const withdrawals = withdrawalService(ctx);
  const store = async (slug: string) => {
    const s = await storeBySlug(ctx.db, slug);
    if (!s) throw notFound('Store non trovato');
    return s;
  };

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/withdrawals/lookup',
      auth: 'public',
      summary: 'Trova l’ordine da cui recedere (token della pagina ordine, o numero ed e-mail)',
      tags: ['storefront'],
      params,
      body: withdrawalOrderRefSchema,
      response: { 200: withdrawableOrderSchema },
    },
    async (req, { params, body }, reply) => {
      const found = await withdrawals.lookup(await store(params.slug), req.ip, body);
      reply.header('cache-control', 'no-store');
      return found;
    },
  );

  addRoute(
    app,
    {
      method: 'POST',
      url: '/api/public/stores/:slug/withdrawals',
      auth: 'public',
      summary: 'Conferma il recesso: registra il reso e invia subito la conferma',
      tags: ['storefront'],
      params,
      body: withdrawalInputSchema,
      response: { 201: withdrawalReceiptSchema },
    },
    async (req, { params, body }, reply) => {
      const receipt = await withdrawals.submit(await store(params.slug), req.ip, body);
      reply.code(201).header('cache-control', 'no-store');
      return receipt;
    },
  );
}
