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
  /** What a refund event (charge.refunded, refund.updated) says of each refund it carries. */
  refunds: StripeRefundUpdate[];
}

/** Stripe's word on one refund: its id, status, our refund's id (metadata) and why it failed. */
export interface StripeRefundUpdate {
  stripeRefundId: string;
  status: string;
  refundId: string | null;
  storeId: string | null;
  failureReason: string | null;
}

export interface RefundRequest {
  paymentIntent: string;
  amountCents: number;
  metadata: { refund_id: string; order_id: string; store_id: string };
}

const refundUpdateOf = (r: Record<string, unknown>): StripeRefundUpdate | null => {
  if (r.object !== 'refund' || typeof r.id !== 'string') return null;
  const meta = (r.metadata as Record<string, unknown> | null) ?? {};
  return {
    stripeRefundId: r.id,
    status: typeof r.status === 'string' ? r.status : '',
    refundId: typeof meta.refund_id === 'string' ? meta.refund_id : null,
    storeId: typeof meta.store_id === 'string' ? meta.store_id : null,
    failureReason: typeof r.failure_reason === 'string' ? r.failure_reason : null,
  };
};

/** The refunds an event's object carries: a refund itself, or a charge's list of them. */
function refundsOf(obj: Record<string, unknown> | undefined): StripeRefundUpdate[] {
  if (!obj) return [];
  if (obj.object === 'refund') return [refundUpdateOf(obj)].filter((r): r is StripeRefundUpdate => r !== null);
  const list = obj.object === 'charge' ? (obj.refunds as { data?: unknown } | null)?.data : undefined;
  return Array.isArray(list) ? list.map((r) => refundUpdateOf(r as Record<string, unknown>)).filter((r): r is StripeRefundUpdate => r !== null) : [];
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

    /** The PaymentIntent a Checkout Session created (null: not paid yet, so nothing to refund). */
    async paymentIntentOf(secretKey: string, sessionId: string): Promise<string | null> {
      const stripe = await client(secretKey);
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      const pi = session.payment_intent;
      return typeof pi === 'string' ? pi : (pi?.id ?? null);
    },

    /** Refunds part of a payment; the key is per attempt, so a retried call never refunds twice. */
    async createRefund(secretKey: string, req: RefundRequest, idempotencyKey: string): Promise<{ id: string; status: string; failureReason: string | null }> {
      const stripe = await client(secretKey);
      const refund = await stripe.refunds.create({ payment_intent: req.paymentIntent, amount: req.amountCents, metadata: req.metadata }, { idempotencyKey });
      return { id: refund.id, status: refund.status ?? 'pending', failureReason: refund.failure_reason ?? null };
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
        refunds: ['charge.refunded', 'refund.updated', 'refund.created', 'refund.failed'].includes(event.type) ? refundsOf(obj) : [],
      };
    },
  };
}

export type StripeGateway = ReturnType<typeof stripeGateway>;
