import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnMsg } from '@vetrina/shared/returns';
import { createUser, createStoreFor, engine, startServer, type Client, type TestServer } from './harness.js';
import { orderWith, paymentSettings, postWebhook, sessionEvent, signed } from './payment-fixtures.js';
import { startStripeStandIn } from './stripe-standin.js';

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let owner: Client;
let store: { id: string; slug: string };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0', STRIPE_API_URL: stripe.url });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Carte');
  expect((await owner.put(`/api/stores/${store.id}/payments`, paymentSettings())).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

/** A card order of 2 × 20,00 € + 5,99 € shipping, paid through Stripe Checkout's webhook. */
async function paidCardOrder() {
  const { res, total } = await orderWith(server, store, 'card', { qty: 2, priceCents: 2000 });
  expect(res.status).toBe(201);
  const id: string = res.body.orderId;
  const paid = signed(sessionEvent(`evt_paid_${id}`, 'checkout.session.completed', id, store.id, { amount_total: total }));
  expect((await postWebhook(server, store.id, paid.payload, paid.header)).status).toBe(200);
  const line = await server.ctx.db.selectFrom('order_items').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
  const o = await orderRow(id);
  expect(o.payment_status).toBe('paid');
  return { id, line: line.id, total, sessionId: o.stripe_session_id! };
}

const orderRow = (id: string) => server.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundRow = (id: string) => server.ctx.db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const refundOne = (o: { id: string; line: string }) =>
  owner.post(`/api/stores/${store.id}/orders/${o.id}/refunds`, { lines: [{ orderItemId: o.line, quantity: 1 }] });
const refundEvents = async (orderId: string) =>
  (
    await server.ctx.db.selectFrom('order_events').select('value').where('order_id', '=', orderId).where('kind', '=', 'refund').orderBy('created_at').execute()
  ).map((e) => e.value);

/** A refund event as Stripe signs it. */
const refundEvent = (eventId: string, type: string, refund: Record<string, unknown>) =>
  signed({ id: eventId, object: 'event', type, data: { object: { object: 'refund', ...refund } } });

describe(`card refunds through Stripe (${engine})`, () => {
  it('refunds a line through the Refunds API with the payment intent, metadata and a key per attempt', async () => {
    stripe.answerRefunds({ status: 'succeeded' });
    const o = await paidCardOrder();
    const res = await refundOne(o);
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ method: 'stripe', status: 'succeeded', amountCents: 2000 });
    const call = stripe.refundCalls.at(-1)!;
    expect(call.idempotencyKey).toBe(`vetrina-refund-${res.body.refund.id}-1`);
    expect(call.form.get('amount')).toBe('2000');
    expect(call.form.get('payment_intent')).toBe(`pi_${o.sessionId}`);
    expect(call.form.get('metadata[refund_id]')).toBe(res.body.refund.id);
    expect(call.form.get('metadata[order_id]')).toBe(o.id);
    expect(call.form.get('metadata[store_id]')).toBe(store.id);
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'partially_refunded', refunded_cents: 2000 });
  });

  it('pending at Stripe until the signed webhook: valid, bad signature, duplicate and out of order', async () => {
    stripe.answerRefunds({ status: 'pending' });
    const o = await paidCardOrder();
    const res = await refundOne(o);
    expect(res.status).toBe(201);
    expect(res.body.refund.status).toBe('pending');
    const id: string = res.body.refund.id;
    const stripeId = (await refundRow(id)).stripe_refund_id!;
    expect(stripeId).toMatch(/^re_test_/);
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'paid', refunded_cents: 2000 });

    const done = refundEvent(`evt_ok_${id}`, 'refund.updated', { id: stripeId, status: 'succeeded', metadata: { refund_id: id, store_id: store.id } });
    const forged = await postWebhook(server, store.id, done.payload, signed({ id: 'x' }, 'whsec_AltroSegretoNonValido12345').header);
    expect(forged.status).toBe(400);
    expect((await refundRow(id)).status).toBe('pending');

    expect((await postWebhook(server, store.id, done.payload, done.header)).status).toBe(200);
    expect((await refundRow(id)).status).toBe('succeeded');
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'partially_refunded', refunded_cents: 2000 });
    // The same event again, and a late 'failed' after 'succeeded': nothing moves, nothing is given back.
    expect((await postWebhook(server, store.id, done.payload, done.header)).status).toBe(200);
    const late = refundEvent(`evt_late_${id}`, 'refund.updated', { id: stripeId, status: 'failed', failure_reason: 'unknown', metadata: { refund_id: id } });
    expect((await postWebhook(server, store.id, late.payload, late.header)).status).toBe(200);
    expect(await refundRow(id)).toMatchObject({ status: 'succeeded', failure_reason: null });
    expect((await orderRow(o.id)).refunded_cents).toBe(2000);
    expect(await refundEvents(o.id)).toEqual(['pending:2000', 'succeeded:2000']);
  });

  it('charge.refunded settles the refunds its charge lists, matched by Stripe’s id', async () => {
    stripe.answerRefunds({ status: 'pending' });
    const o = await paidCardOrder();
    const first = await refundOne(o);
    const second = await refundOne(o);
    const ids = [first.body.refund.id, second.body.refund.id] as string[];
    const stripeIds = await Promise.all(ids.map(async (id) => (await refundRow(id)).stripe_refund_id!));
    const charge = signed({
      id: `evt_charge_${o.id}`,
      object: 'event',
      type: 'charge.refunded',
      data: {
        object: {
          id: 'ch_test_1',
          object: 'charge',
          refunds: { object: 'list', data: stripeIds.map((s) => ({ id: s, object: 'refund', status: 'succeeded', metadata: {} })) },
        },
      },
    });
    expect((await postWebhook(server, store.id, charge.payload, charge.header)).status).toBe(200);
    for (const id of ids) expect((await refundRow(id)).status).toBe('succeeded');
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'partially_refunded', refunded_cents: 4000 });
  });

  it('a refund Stripe refuses shows as failed, gives its amount back, and can be retried', async () => {
    stripe.answerRefunds({ error: 400 });
    const o = await paidCardOrder();
    const res = await refundOne(o);
    expect(res.status).toBe(201);
    expect(res.body.refund.status).toBe('failed');
    expect(res.body.refund.failureReason).toContain('Rimborso rifiutato dal simulatore');
    const id: string = res.body.refund.id;
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'paid', refunded_cents: 0 });

    stripe.answerRefunds({ status: 'succeeded' });
    const retried = await owner.post(`/api/stores/${store.id}/refunds/${id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body.refund).toMatchObject({ status: 'succeeded', failureReason: null });
    expect(stripe.refundCalls.at(-1)!.idempotencyKey).toBe(`vetrina-refund-${id}-2`);
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'partially_refunded', refunded_cents: 2000 });
    const again = await owner.post(`/api/stores/${store.id}/refunds/${id}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(returnMsg.retryOnlyFailed);
    expect((await owner.post(`/api/stores/${store.id}/refunds/non-esiste/retry`)).status).toBe(404);
    expect(await refundEvents(o.id)).toEqual(['pending:2000', 'failed:2000', 'pending:2000', 'succeeded:2000']);
  });

  it('a refund the webhook says failed gives its amount back once; the rest refunds to ‘Rimborsato’', async () => {
    stripe.answerRefunds({ status: 'pending' });
    const o = await paidCardOrder();
    const res = await owner.post(`/api/stores/${store.id}/orders/${o.id}/refunds`, { lines: [{ orderItemId: o.line, quantity: 2 }], shippingCents: 599 });
    const id: string = res.body.refund.id;
    const stripeId = (await refundRow(id)).stripe_refund_id!;
    const failed = refundEvent(`evt_fail_${id}`, 'refund.updated', {
      id: stripeId,
      status: 'failed',
      failure_reason: 'expired_or_canceled_card',
      metadata: { refund_id: id },
    });
    expect((await postWebhook(server, store.id, failed.payload, failed.header)).status).toBe(200);
    const again = refundEvent(`evt_fail2_${id}`, 'refund.updated', { id: stripeId, status: 'failed', metadata: { refund_id: id } });
    expect((await postWebhook(server, store.id, again.payload, again.header)).status).toBe(200);
    // Stripe's older 'succeeded' arriving after its 'failed' changes nothing.
    const older = refundEvent(`evt_old_${id}`, 'refund.updated', { id: stripeId, status: 'succeeded', metadata: { refund_id: id } });
    expect((await postWebhook(server, store.id, older.payload, older.header)).status).toBe(200);
    expect(await refundRow(id)).toMatchObject({ status: 'failed', failure_reason: 'expired_or_canceled_card' });
    expect((await orderRow(o.id)).refunded_cents).toBe(0);

    stripe.answerRefunds({ status: 'succeeded' });
    const retried = await owner.post(`/api/stores/${store.id}/refunds/${id}/retry`);
    expect(retried.body.refund.status).toBe('succeeded');
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'refunded', refunded_cents: o.total });
  });
  it('a refund that failed here but succeeded at Stripe (its answer lost) counts once when the webhook says so', async () => {
    stripe.answerRefunds({ error: 400 });
    const o = await paidCardOrder();
    const res = await refundOne(o);
    const id: string = res.body.refund.id;
    expect(res.body.refund.status).toBe('failed');
    expect((await orderRow(o.id)).refunded_cents).toBe(0);
    const done = refundEvent(`evt_revive_${id}`, 'refund.updated', {
      id: 're_test_lost',
      status: 'succeeded',
      metadata: { refund_id: id, store_id: store.id },
    });
    expect((await postWebhook(server, store.id, done.payload, done.header)).status).toBe(200);
    const again = refundEvent(`evt_revive2_${id}`, 'refund.updated', {
      id: 're_test_lost',
      status: 'succeeded',
      metadata: { refund_id: id, store_id: store.id },
    });
    expect((await postWebhook(server, store.id, again.payload, again.header)).status).toBe(200);
    expect(await refundRow(id)).toMatchObject({ status: 'succeeded', stripe_refund_id: 're_test_lost', failure_reason: null });
    expect(await orderRow(o.id)).toMatchObject({ payment_status: 'partially_refunded', refunded_cents: 2000 });
  });
});
