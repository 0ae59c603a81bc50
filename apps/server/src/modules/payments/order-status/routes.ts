import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../lib/context.js';
import { guardGuess } from '../../../lib/guess-limit.js';
import { addRoute } from '../../../lib/route.js';
import type { PaymentRefundsPort } from '../refunds-port.js';
import { orderPaymentsService } from './service.js';

/** Stripe's webhook: an order's card payment completed or expired. */
export function registerStripeWebhookRoute(app: FastifyInstance, ctx: AppContext, refunds?: PaymentRefundsPort) {
  const payments = orderPaymentsService(ctx);
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
          payments.applyStripeWebhook(params.storeId, body, typeof signature === 'string' ? signature : undefined, refunds),
        );
        return { received: true as const };
      },
    );
  });
}
