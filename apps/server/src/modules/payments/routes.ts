import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { publicPaymentOptionsSchema } from '@vetrina/shared';
import { paymentSettingsInputSchema, paymentSettingsResponseSchema } from '@vetrina/shared/payment-settings';
import { ibanChangeNoticeSchema } from '@vetrina/shared/iban-change';
import type { AppContext } from '../../lib/context.js';
import { addRoute } from '../../lib/route.js';
import { notFound } from '../../lib/errors.js';
import { storeBySlug } from '../tenancy/service.js';
import { requireMember } from '../../plugins/guard.js';
import { registerStripeWebhookRoute } from './order-status/routes.js';
import type { PaymentRefundsPort } from './refunds-port.js';
import { paymentsService } from './service.js';

const storeParams = z.strictObject({ storeId: z.string().min(1).max(64) });

/** Impostazioni → Pagamenti, the methods a storefront offers at checkout, and Stripe's webhook. */
export function registerPaymentRoutes(app: FastifyInstance, ctx: AppContext, ports: { refunds?: PaymentRefundsPort } = {}) {
  const payments = paymentsService(ctx);

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/payments',
      auth: { permission: 'store:settings' },
      summary: 'Metodi di pagamento dello store (i segreti di Stripe mai; l’IBAN mascherato per chi non è il proprietario)',
      tags: ['payments'],
      params: storeParams,
      response: { 200: paymentSettingsResponseSchema },
    },
    async (req) => ({ settings: await payments.get(requireMember(req)) }),
  );

  addRoute(
    app,
    {
      method: 'PUT',
      url: '/api/stores/:storeId/payments',
      // Where the shoppers' money goes: a proof within five minutes ('Conferma la tua identità').
      auth: { permission: 'store:settings', fresh: true },
      summary: 'Salva i metodi di pagamento (almeno uno attivo; IBAN, intestatario e chiavi Stripe solo dal proprietario, che ne riceve avviso)',
      tags: ['payments'],
      params: storeParams,
      body: paymentSettingsInputSchema,
      response: { 200: paymentSettingsResponseSchema },
    },
    async (req, { body }) => ({ settings: await payments.save(requireMember(req), body) }),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/stores/:storeId/payments/iban-change',
      auth: { permission: 'store:settings' },
      summary: "L'ultima modifica dell'IBAN (quando e da chi), se ha meno di sette giorni: l'avviso della pagina ordini",
      tags: ['payments'],
      params: storeParams,
      response: { 200: ibanChangeNoticeSchema },
    },
    async (req) => payments.ibanChangeNotice(requireMember(req).storeId),
  );

  addRoute(
    app,
    {
      method: 'GET',
      url: '/api/public/stores/:slug/payment-methods',
      auth: 'public',
      summary: 'Metodi di pagamento offerti al checkout, con i loro costi',
      tags: ['storefront'],
      params: z.strictObject({ slug: z.string().min(1).max(120) }),
      response: { 200: publicPaymentOptionsSchema },
    },
    async (_req, { params }, reply) => {
      const store = await storeBySlug(ctx.db, params.slug);
      if (!store) throw notFound('Store non trovato');
      reply.header('cache-control', 'no-store');
      return { methods: await payments.publicOptions(store.id) };
    },
  );

  registerStripeWebhookRoute(app, ctx, ports.refunds);
}
