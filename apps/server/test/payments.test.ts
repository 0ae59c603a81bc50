import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { clock } from '../src/lib/clock.js';
import { paymentExpiryJob } from '../src/modules/jobs/registry.js';
import { addMember, client, createStoreFor, createUser, engine, startPeer, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';
import { mailedConfirmationCode } from './order-mails.js';
import { IBAN, SECRET_KEY, WEBHOOK_SECRET, orderWith, paymentSettings as settings, postWebhook, sessionEvent as eventFor, signed } from './payment-fixtures.js';
import { startStripeStandIn } from './stripe-standin.js';

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let owner: Client;
let store: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };
let otherOwner: Client;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startServer({
    ORDER_RATE_LIMIT: '0',
    ORDER_EMAIL_RATE_LIMIT: '0',
    UNCONFIRMED_ORDERS_PER_EMAIL: '0',
    STRIPE_API_URL: stripe.url,
    PUBLIC_URL: 'https://negozi.example.it',
  });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Pagamenti');
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Altro Negozio');
  const saved = await owner.put(`/api/stores/${store.id}/payments`, settings());
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});
afterEach(() => clock.reset());

const pub = (path: string) => client(server.url).get(`/api/public/stores/${store.slug}${path}`);
const checkout = (body: unknown, slug = store.slug) => client(server.url).post(`/api/public/stores/${slug}/checkout`, body);

/** A checkout of one product for a method, in the store under test. */
const order = (method: string, opts: Parameters<typeof orderWith>[3] = {}) => orderWith(server, store, method, opts);

const row = (id: string) => server.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const sessionEvent = (id: string, type: string, orderId: string, over: Record<string, unknown> = {}) => eventFor(id, type, orderId, store.id, over);
const webhook = (payload: string, header: string, storeId = store.id) => postWebhook(server, storeId, payload, header);

describe(`payment settings (${engine})`, () => {
  it('a new store takes cash on delivery only; the saved settings come back without Stripe secrets', async () => {
    const fresh = await otherOwner.get(`/api/stores/${other.id}/payments`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.settings.cod.enabled).toBe(true);
    expect(fresh.body.settings.bankTransfer.enabled).toBe(false);
    const methods = await client(server.url).get(`/api/public/stores/${other.slug}/payment-methods`);
    expect(methods.body.methods.map((m: { method: string }) => m.method)).toEqual(['cod']);

    const mine = await owner.get(`/api/stores/${store.id}/payments`);
    expect(mine.body.settings.bankTransfer.iban).toBe(IBAN);
    expect(mine.body.settings.payoutEditable).toBe(true);
    expect(mine.body.settings.card).toMatchObject({
      enabled: true,
      hasSecretKey: true,
      hasWebhookSecret: true,
      mode: 'test',
      secretKeyHint: 'sk_test_…6789',
      webhookSecretHint: 'whsec_…6789',
    });
    expect(mine.body.settings.card.webhookUrl).toBe(`https://negozi.example.it/api/public/payments/stripe/${store.id}/webhook`);
    expect(JSON.stringify(mine.body)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(mine.body)).not.toContain(WEBHOOK_SECRET);
    // At rest the keys are sealed: the database never holds them in clear.
    const stored = await server.ctx.db.selectFrom('store_payment_settings').selectAll().where('store_id', '=', store.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(SECRET_KEY.slice(8));
    expect(JSON.stringify(stored)).not.toContain(WEBHOOK_SECRET.slice(6));
  });

  it('saving again without typing the keys keeps them', async () => {
    const again = await owner.put(`/api/stores/${store.id}/payments`, settings({ card: { enabled: true, secretKey: '', webhookSecret: '' } }));
    expect(again.status).toBe(200);
    expect(again.body.settings.card).toMatchObject({ hasSecretKey: true, hasWebhookSecret: true });
  });

  it.each([
    ['a wrong checksum', { iban: 'IT61X0542811101000000123456' }, 'IBAN non valido'],
    ['a non-SEPA IBAN', { iban: 'BR1800360305000010009795493C1' }, 'IBAN non valido'],
    ['an account number', { iban: '12345678' }, 'IBAN non valido'],
    ['letters only', { iban: 'IBAN' }, 'IBAN non valido'],
    ['a deadline of 0 days', { deadlineDays: 0 }, 'La scadenza del bonifico deve essere tra 1 e 60 giorni'],
    ['a deadline of 1,000 days', { deadlineDays: 1000 }, 'La scadenza del bonifico deve essere tra 1 e 60 giorni'],
  ])('refuses %s with a clear message and changes nothing', async (_what, bank, message) => {
    const before = await owner.get(`/api/stores/${store.id}/payments`);
    const res = await owner.put(`/api/stores/${store.id}/payments`, settings({ bankTransfer: { ...settings().bankTransfer, ...bank } }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await owner.get(`/api/stores/${store.id}/payments`)).body).toEqual(before.body);
  });

  it.each([
    ['a negative surcharge', { surchargeCents: -100 }],
    ['an over-large surcharge', { surchargeCents: 5_001 }],
    ['a fractional surcharge', { surchargeCents: 2.5 }],
  ])('refuses %s', async (_what, cod) => {
    const res = await owner.put(`/api/stores/${store.id}/payments`, settings({ cod: { ...settings().cod, ...cod } }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Il supplemento del contrassegno deve essere tra 0 e 50,00 €');
  });

  it('keeps at least one method enabled, and asks for Stripe keys before cards', async () => {
    const none = await otherOwner.put(`/api/stores/${other.id}/payments`, {
      bankTransfer: { enabled: false, iban: '', holder: '', bank: '', deadlineDays: 5 },
      cod: { enabled: false, surchargeCents: 0, maxTotalCents: null },
      pickup: { enabled: false, address: '', hours: '' },
      card: { enabled: false },
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Abilita almeno un metodo di pagamento');
    const card = await otherOwner.put(`/api/stores/${other.id}/payments`, {
      bankTransfer: { enabled: false, iban: '', holder: '', bank: '', deadlineDays: 5 },
      cod: { enabled: false, surchargeCents: 0, maxTotalCents: null },
      pickup: { enabled: false, address: '', hours: '' },
      card: { enabled: true },
    });
    expect(card.status).toBe(400);
    expect(card.body.error.message).toContain('chiave segreta');
    expect((await otherOwner.get(`/api/stores/${other.id}/payments`)).body.settings.cod.enabled).toBe(true);
  });

  it('is for the store’s admins only: staff get 403, another store’s owner 404', async () => {
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    expect((await staff.client.get(`/api/stores/${store.id}/payments`)).status).toBe(403);
    expect((await staff.client.put(`/api/stores/${store.id}/payments`, settings())).status).toBe(403);
    expect((await otherOwner.get(`/api/stores/${store.id}/payments`)).status).toBe(404);
  });

  it('the storefront lists the enabled methods with their costs', async () => {
    const res = await pub('/payment-methods');
    expect(res.status).toBe(200);
    expect(res.body.methods.map((m: { method: string }) => m.method)).toEqual(['bank_transfer', 'cod', 'pickup', 'card']);
    const cod = res.body.methods.find((m: { method: string }) => m.method === 'cod');
    expect(cod).toMatchObject({ label: 'Contrassegno', surchargeCents: 250, maxTotalCents: 50_000, freeShipping: false });
    expect(res.body.methods.find((m: { method: string }) => m.method === 'pickup').freeShipping).toBe(true);
  });
});

describe(`checkout with each method (${engine})`, () => {
  it('bank transfer: the order page shows amount, IBAN, holder and causale; the mails carry them', async () => {
    const { res, total } = await order('bank_transfer');
    expect(res.status).toBe(201);
    expect(res.body.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.paymentUrl).toBeNull();
    const page = await pub(`/orders/${res.body.orderToken}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const o = page.body.order;
    expect(o).toMatchObject({
      orderNumber: res.body.orderNumber,
      status: 'pending',
      paymentStatus: 'unpaid',
      paymentMethod: 'bank_transfer',
      totalCents: total,
      shippingCents: 599,
      surchargeCents: 0,
    });
    expect(o.payment).toMatchObject({
      method: 'bank_transfer',
      iban: IBAN,
      holder: 'Bottega Srl',
      bank: 'Banca Esempio',
      causale: `Ordine #${res.body.orderNumber} – Bottega Pagamenti`,
    });
    expect(Date.parse(o.payment.dueAt) - Date.parse(o.createdAt)).toBe(2 * 86_400_000);
    expect(o.timeline.map((e: { label: string }) => e.label)).toEqual(['In attesa', 'Da pagare']);

    const mail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Ordine #${res.body.orderNumber} confermato`));
    expect(mail.text).toContain('IT60 X054 2811 1010 0000 0123 456');
    expect(mail.text).toContain(`Causale: Ordine #${res.body.orderNumber} – Bottega Pagamenti`);
    expect(mail.text).toContain(`https://negozi.example.it/store/${store.slug}/ordine/${res.body.orderToken}`);
    expect(mail.html).toContain('Bottega Pagamenti');
    expect(mail.html).toContain('#8B5CF6');
  });

  it('cash on delivery adds its surcharge as its own line; the total without it is refused', async () => {
    const tampered = await order('cod');
    expect(tampered.res.status).toBe(409);
    expect(tampered.res.body.error.code).toBe('price_changed');
    expect((await unitOf(server, tampered.product.id)).reserved).toBe(0);

    const { res, total } = await order('cod', { extra: 250 });
    expect(res.status).toBe(201);
    expect(res.body.totalCents).toBe(total);
    const o = (await pub(`/orders/${res.body.orderToken}`)).body.order;
    expect(o).toMatchObject({
      surchargeCents: 250,
      shippingCents: 599,
      subtotalCents: 2000,
      totalCents: 2849,
      payment: { method: 'cod', surchargeCents: 250 },
    });
  });

  it('cash on delivery is refused above its maximum total', async () => {
    const { res, product } = await order('cod', { priceCents: 30_000, qty: 2, extra: 250 });
    expect(res.status).toBe(400);
    expect(res.body.error.message.replace(/\s/g, ' ')).toBe('Il contrassegno è disponibile per ordini fino a 500,00 €');
    expect((await unitOf(server, product.id)).reserved).toBe(0);
  });

  it('pickup removes shipping; charging shipping anyway is refused', async () => {
    const wrong = await order('pickup', { shipping: 599 });
    expect(wrong.res.status).toBe(409);
    const { res } = await order('pickup');
    expect(res.status).toBe(201);
    const o = (await pub(`/orders/${res.body.orderToken}`)).body.order;
    expect(o).toMatchObject({ shippingCents: 0, totalCents: 2000, payment: { method: 'pickup', address: 'Via Dante 5, 20121 Milano', hours: 'Lun-Sab 9-19' } });
  });

  it('a method the store has not enabled, or an unknown one, is refused and reserves nothing', async () => {
    const p = await insertProduct(server, other.id, { title: 'Solo contrassegno', priceCents: 1000, stock: 3 });
    const disabled = await checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { paymentMethod: 'bank_transfer' }), other.slug);
    expect(disabled.status).toBe(400);
    expect(disabled.body.error.message).toBe('Metodo di pagamento non disponibile');
    const unknown = await checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { paymentMethod: 'bitcoin' }), other.slug);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toBe('Metodo di pagamento non disponibile');
    expect((await unitOf(server, p.id)).reserved).toBe(0);
    const count = await server.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', other.id)
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('the order page answers 404 for a wrong token or another store, 400 for a malformed one', async () => {
    const { res } = await order('cod', { extra: 250 });
    const token: string = res.body.orderToken;
    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await pub(`/orders/${wrong}`)).status).toBe(404);
    expect((await pub(`/orders/${wrong}`)).body.error.message).toBe('Ordine non trovato');
    expect((await client(server.url).get(`/api/public/stores/${other.slug}/orders/${token}`)).status).toBe(404);
    for (const bad of ['abc', token + 'x', token.slice(0, 42) + '$']) {
      const r = await pub(`/orders/${encodeURIComponent(bad)}`);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('Link dell’ordine non valido');
    }
  });
});

describe(`the team marks payments (${engine})`, () => {
  it('paid, then refunded: the shopper gets "Pagamento ricevuto" and the order page follows', async () => {
    const { res } = await order('bank_transfer');
    const id = res.body.orderId;
    const paid = await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.order.paymentStatus).toBe('paid');
    expect(paid.body.order.paidAt).not.toBeNull();
    expect(paid.body.order.paymentDueAt).toBeNull();
    const mail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Pagamento ricevuto — ordine #${res.body.orderNumber}`));
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('abbiamo ricevuto il pagamento di 25,99 €');
    expect((await pub(`/orders/${res.body.orderToken}`)).body.order.paymentStatus).toBe('paid');

    const list = await owner.get(`/api/stores/${store.id}/orders?paymentStatus=paid`);
    expect(list.body.items.map((o: { id: string }) => o.id)).toContain(id);
    expect(list.body.items.every((o: { paymentStatus: string }) => o.paymentStatus === 'paid')).toBe(true);

    const refunded = await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'refunded' });
    expect(refunded.body.order.paymentStatus).toBe('refunded');
    const timeline = (await pub(`/orders/${res.body.orderToken}`)).body.order.timeline.map((e: { label: string }) => e.label);
    // Money received confirms an order still 'In attesa' (docs/decisions/0043-order-page.md).
    expect(timeline).toEqual(['In attesa', 'Da pagare', 'Pagato', 'Confermato', 'Rimborsato']);
  });

  it('refuses what makes no sense, with Italian messages, and another store’s order is 404', async () => {
    const { res } = await order('cod', { extra: 250 });
    const id = res.body.orderId;
    const refund = await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'refunded' });
    expect(refund.status).toBe(409);
    expect(refund.body.error.message).toBe('Solo un ordine pagato può essere segnato come rimborsato');
    expect((await owner.patch(`/api/stores/${store.id}/orders/${id}`, { status: 'cancelled' })).status).toBe(200);
    const cancelled = await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'paid' });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.error.message).toBe('L’ordine è annullato: riattivalo prima di segnarlo come pagato');
    expect((await otherOwner.patch(`/api/stores/${other.id}/orders/${id}/payment`, { paymentStatus: 'paid' })).status).toBe(404);
    expect((await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'expired' })).status).toBe(400);
    expect((await row(id)).payment_status).toBe('unpaid');
  });
});

describe(`bank transfers past their deadline (${engine})`, () => {
  it('are cancelled once, with exactly their stock released, by the job on two instances', async () => {
    const late = await order('bank_transfer', { qty: 3, stock: 5 });
    const paidOne = await order('bank_transfer', { stock: 5 });
    const cod = await order('cod', { extra: 250, stock: 5 });
    expect(late.res.status).toBe(201);
    // Cash on delivery has no payment deadline once the shopper confirmed it ('Da confermare' expires in abuse-checkout.test.ts).
    const code = await mailedConfirmationCode(server, cod.res.body.orderToken);
    expect((await client(server.url).post(`/api/public/stores/${store.slug}/orders/${cod.res.body.orderToken}/confirmation`, { code })).status).toBe(200);
    await owner.patch(`/api/stores/${store.id}/orders/${paidOne.res.body.orderId}/payment`, { paymentStatus: 'paid' });
    expect((await unitOf(server, late.product.id)).reserved).toBe(3);

    const peer = await startPeer(server, { STRIPE_API_URL: stripe.url });
    try {
      // One day later: not yet due.
      clock.advance(86_400_000);
      await paymentExpiryJob(server.ctx).runOnce();
      expect((await row(late.res.body.orderId)).status).toBe('pending');
      expect((await unitOf(server, late.product.id)).reserved).toBe(3);
      clock.advance(1.5 * 86_400_000);
      const [a, b] = await Promise.all([paymentExpiryJob(server.ctx).runOnce(), paymentExpiryJob(peer.ctx).runOnce()]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      const o = await row(late.res.body.orderId);
      expect(o).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
      const unit = await unitOf(server, late.product.id);
      expect(unit).toMatchObject({ qty: 5, reserved: 0 });
      // Running again, on either instance, changes nothing.
      await paymentExpiryJob(peer.ctx, randomUUID()).runOnce();
      expect(await unitOf(server, late.product.id)).toMatchObject({ qty: 5, reserved: 0 });
      expect((await row(paidOne.res.body.orderId)).status).toBe('confirmed');
      expect((await unitOf(server, paidOne.product.id)).reserved).toBe(1);
      expect(await row(cod.res.body.orderId)).toMatchObject({ status: 'pending', payment_status: 'unpaid' });
      expect((await unitOf(server, cod.product.id)).reserved).toBe(1);
      const page = (await pub(`/orders/${late.res.body.orderToken}`)).body.order;
      expect(page).toMatchObject({ status: 'cancelled', paymentStatus: 'expired' });
    } finally {
      await peer.close();
    }
  });

  it('the team may reopen an expired order: it takes its stock again and is "Da pagare" without a deadline', async () => {
    const late = await order('bank_transfer', { stock: 2 });
    clock.advance(3 * 86_400_000);
    await paymentExpiryJob(server.ctx).runOnce();
    expect((await unitOf(server, late.product.id)).reserved).toBe(0);
    clock.reset(); // the merchant's session is valid now, not three days on
    const reopened = await owner.patch(`/api/stores/${store.id}/orders/${late.res.body.orderId}`, { status: 'pending' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.order).toMatchObject({ status: 'pending', paymentStatus: 'unpaid', paymentDueAt: null });
    expect((await unitOf(server, late.product.id)).reserved).toBe(1);
  });
});

describe(`cards through Stripe Checkout (${engine})`, () => {
  it('opens a Checkout Session with the server’s amounts, the order id and an idempotency key', async () => {
    const before = stripe.calls.length;
    const { res, total } = await order('card', { qty: 2, priceCents: 1500 });
    expect(res.status).toBe(201);
    expect(res.body.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_standin\d+$/);
    const call = stripe.calls[before]!;
    expect(call.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(call.idempotencyKey).toBe(`vetrina-order-${res.body.orderId}`);
    expect(call.form.get('metadata[order_id]')).toBe(res.body.orderId);
    expect(call.form.get('mode')).toBe('payment');
    let sum = 0;
    for (let i = 0; call.form.has(`line_items[${i}][quantity]`); i++) {
      expect(call.form.get(`line_items[${i}][price_data][currency]`)).toBe('eur');
      sum += Number(call.form.get(`line_items[${i}][quantity]`)) * Number(call.form.get(`line_items[${i}][price_data][unit_amount]`));
    }
    expect(sum).toBe(total);
    expect(call.form.get('success_url')).toBe(`https://negozi.example.it/store/${store.slug}/ordine/${res.body.orderToken}?pagamento=completato`);
    const o = await row(res.body.orderId);
    expect(o).toMatchObject({ payment_status: 'unpaid', stripe_session_id: expect.stringMatching(/^cs_test_standin/) });
    // No confirmation before the money: the mail waits for Stripe.
    const page = (await pub(`/orders/${res.body.orderToken}`)).body.order;
    expect(page.payment).toMatchObject({ method: 'card', checkoutUrl: res.body.paymentUrl });
  });

  it('completed webhook marks it paid once; a redelivery and a bad signature change nothing', async () => {
    const { res, total } = await order('card');
    const id = res.body.orderId;
    const ev = signed(sessionEvent(`evt_paid_${id}`, 'checkout.session.completed', id, { amount_total: total }));

    const forged = await webhook(ev.payload, signed(sessionEvent('x', 'x', id), 'whsec_AltroSegretoNonValido12345').header);
    expect(forged.status).toBe(400);
    expect(forged.body.error.message).toBe('Firma del webhook non valida');
    expect((await webhook(ev.payload, '')).status).toBe(400);
    expect((await row(id)).payment_status).toBe('unpaid');

    const first = await webhook(ev.payload, ev.header);
    expect(first.status).toBe(200);
    const afterFirst = await row(id);
    expect(afterFirst.payment_status).toBe('paid');
    await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Ordine #${res.body.orderNumber} confermato`));

    const again = await webhook(ev.payload, ev.header);
    expect(again.status).toBe(200);
    expect((await row(id)).paid_at).toBe(afterFirst.paid_at);
    const events = await server.ctx.db.selectFrom('order_events').select('value').where('order_id', '=', id).where('kind', '=', 'payment').execute();
    expect(events.map((e) => e.value)).toEqual(['unpaid', 'paid']);
  });

  it('a completed event for another amount, or another store, does not mark it paid', async () => {
    const { res, total } = await order('card');
    const id = res.body.orderId;
    const wrongAmount = signed(sessionEvent(`evt_amount_${id}`, 'checkout.session.completed', id, { amount_total: total - 1 }));
    expect((await webhook(wrongAmount.payload, wrongAmount.header)).status).toBe(200);
    const otherStore = signed(
      sessionEvent(`evt_store_${id}`, 'checkout.session.completed', id, { amount_total: total, metadata: { order_id: id, store_id: other.id } }),
    );
    expect((await webhook(otherStore.payload, otherStore.header)).status).toBe(200);
    expect((await row(id)).payment_status).toBe('unpaid');
    // The other store has no card keys: its webhook address does not exist.
    expect((await webhook(otherStore.payload, otherStore.header, other.id)).status).toBe(404);
  });

  it('an expired session cancels the order and releases its stock; a late completed event says it was paid', async () => {
    const { res, product, total } = await order('card', { stock: 4, qty: 2 });
    const id = res.body.orderId;
    expect((await unitOf(server, product.id)).reserved).toBe(2);
    const expired = signed(sessionEvent(`evt_exp_${id}`, 'checkout.session.expired', id, { payment_status: 'unpaid' }));
    expect((await webhook(expired.payload, expired.header)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'cancelled', payment_status: 'expired' });
    expect(await unitOf(server, product.id)).toMatchObject({ qty: 4, reserved: 0 });
    // Delivered again: nothing is released twice.
    expect((await webhook(expired.payload, expired.header)).status).toBe(200);
    expect(await unitOf(server, product.id)).toMatchObject({ qty: 4, reserved: 0 });

    const late = signed(sessionEvent(`evt_late_${id}`, 'checkout.session.completed', id, { amount_total: total }));
    expect((await webhook(late.payload, late.header)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: 'cancelled', payment_status: 'paid' });
    expect(await unitOf(server, product.id)).toMatchObject({ qty: 4, reserved: 0 });
  });

  it('when Stripe cannot be reached the shopper is told in Italian and the stock comes back', async () => {
    stripe.fail(500);
    try {
      const { res, product } = await order('card', { stock: 3 });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe('Il pagamento con carta non è disponibile in questo momento: scegli un altro metodo o riprova tra poco.');
      expect((await unitOf(server, product.id)).reserved).toBe(0);
    } finally {
      stripe.fail(null);
    }
  });
});
