import Stripe from 'stripe';
import { client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';

/** What payments.test.ts and abuse-money.test.ts share: a store's full payment settings, card orders and signed Stripe events. */
export const IBAN = 'IT60X0542811101000000123456';
export const SECRET_KEY = 'sk_test_51VetrinaProvaChiaveSegreta0123456789';
export const WEBHOOK_SECRET = 'whsec_VetrinaProvaSegretoWebhook0123456789';

/** Every method on, as the owner first saves them (the IBAN as people copy it). */
export const paymentSettings = (over: Record<string, unknown> = {}) => ({
  bankTransfer: { enabled: true, iban: 'it60 x054 2811 1010 0000 0123 456', holder: 'Bottega Srl', bank: 'Banca Esempio', deadlineDays: 2 },
  cod: { enabled: true, surchargeCents: 250, maxTotalCents: 50_000 },
  pickup: { enabled: true, address: 'Via Dante 5, 20121 Milano', hours: 'Lun-Sab 9-19' },
  card: { enabled: true, secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET },
  ...over,
});

/** A checkout of one new product with a method, with the total the shopper's page would show. */
export async function orderWith(
  server: TestServer,
  store: { id: string; slug: string },
  method: string,
  opts: { priceCents?: number; stock?: number; qty?: number; extra?: number; shipping?: number } = {},
) {
  const price = opts.priceCents ?? 2000;
  const product = await insertProduct(server, store.id, {
    title: `Prodotto ${method} ${Math.random().toString(36).slice(2, 6)}`,
    priceCents: price,
    stock: opts.stock ?? 10,
  });
  const qty = opts.qty ?? 1;
  const shipping = opts.shipping ?? (method === 'pickup' ? 0 : 599);
  const total = price * qty + shipping + (opts.extra ?? 0);
  const res = await client(server.url).post(
    `/api/public/stores/${store.slug}/checkout`,
    checkoutBody([{ productId: product.id, quantity: qty, unitPriceCents: price }], { paymentMethod: method, totalCents: total, shippingCents: shipping }),
  );
  return { res, product, total };
}

/** An event as Stripe signs it with an endpoint's secret. */
export const signed = (event: object, secret = WEBHOOK_SECRET) => {
  const payload = JSON.stringify(event);
  return { payload, header: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
};

/** A Checkout Session event for one order of one store. */
export const sessionEvent = (id: string, type: string, orderId: string, storeId: string, over: Record<string, unknown> = {}) => ({
  id,
  object: 'event',
  type,
  data: {
    object: {
      id: 'cs_test_x',
      object: 'checkout.session',
      metadata: { order_id: orderId, store_id: storeId },
      payment_status: 'paid',
      amount_total: 0,
      currency: 'eur',
      ...over,
    },
  },
});

export const postWebhook = (server: TestServer, storeId: string, payload: string, header: string, headers: Record<string, string> = {}) =>
  client(server.url).post(`/api/public/payments/stripe/${storeId}/webhook`, undefined, { raw: payload, headers: { 'stripe-signature': header, ...headers } });
