import type { Stripe } from 'stripe';
import type { Config } from '../../config.js';

/**
 * Stripe Checkout through the official SDK, loaded on first use (a store without cards never
 * pays for it). Amounts always come from the server's own totals; the order id travels in the
 * session's metadata and its idempotency key, so a retried call never opens a second session.
 */

let sdk: ReturnType<typeof importSdk> | undefined;
const importSdk = () => import('stripe');
const loadSdk = () => (sdk ??= importSdk());

export interface SessionRequest {
  orderId: string;
  storeId: string;
  orderNumber: number;
  storeName: string;
  customerEmail: string;
  lines: { name: string; unitAmountCents: number; quantity: number }[];
  successUrl: string;
  cancelUrl: string;
  /** Unix seconds: Stripe closes the session then (and sends checkout.session.expired). */
  expiresAt: number;
}

export interface WebhookEvent {
  id: string;
  type: string;
  session: {
    id: string;
    orderId: string | null;
    storeId: string | null;
    paymentStatus: string | null;
    amountTotal: number | null;
    currency: string | null;
  } | null;
}

export class BadSignature extends Error {}

export function stripeGateway(config: Config) {
  async function client(secretKey: string) {
    const { default: Stripe } = await loadSdk();
    return new Stripe(secretKey, {
      maxNetworkRetries: 1,
      timeout: 10_000,
      ...(config.stripeApi ? { host: config.stripeApi.host, port: config.stripeApi.port, protocol: config.stripeApi.protocol } : {}),
    });
  }

  return {
    async createSession(secretKey: string, req: SessionRequest): Promise<{ id: string; url: string }> {
      const stripe = await client(secretKey);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          locale: 'it',
          customer_email: req.customerEmail,
          client_reference_id: req.orderId,
          metadata: { order_id: req.orderId, store_id: req.storeId },
          payment_intent_data: { metadata: { order_id: req.orderId, store_id: req.storeId }, description: `Ordine #${req.orderNumber} – ${req.storeName}` },
          line_items: req.lines.map((l) => ({
            quantity: l.quantity,
            price_data: { currency: 'eur', unit_amount: l.unitAmountCents, product_data: { name: l.name } },
          })),
          success_url: req.successUrl,
          cancel_url: req.cancelUrl,
          expires_at: req.expiresAt,
        },
        { idempotencyKey: `vetrina-order-${req.orderId}` },
      );
      if (!session.url) throw new Error('Stripe did not return a Checkout URL');
      return { id: session.id, url: session.url };
    },

    /** Verifies the signature with the SDK and keeps what the order needs; BadSignature otherwise. */
    async verifyEvent(rawBody: string, signature: string | undefined, webhookSecret: string): Promise<WebhookEvent> {
      const { default: Stripe } = await loadSdk();
      let event: Stripe.Event;
      try {
        if (!signature) throw new BadSignature('missing signature');
        event = Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch (err) {
        throw err instanceof BadSignature ? err : new BadSignature('invalid signature');
      }
      const obj = event.data?.object as unknown as Record<string, unknown> | undefined;
      const isSession = obj && obj.object === 'checkout.session';
      const meta = (isSession && (obj.metadata as Record<string, string> | null)) || {};
      return {
        id: event.id,
        type: event.type,
        session: isSession
          ? {
              id: String(obj.id),
              orderId: typeof meta.order_id === 'string' ? meta.order_id : null,
              storeId: typeof meta.store_id === 'string' ? meta.store_id : null,
              paymentStatus: typeof obj.payment_status === 'string' ? obj.payment_status : null,
              amountTotal: typeof obj.amount_total === 'number' ? obj.amount_total : null,
              currency: typeof obj.currency === 'string' ? obj.currency : null,
            }
          : null,
      };
    },
  };
}

export type StripeGateway = ReturnType<typeof stripeGateway>;
