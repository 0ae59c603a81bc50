import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { confirmationMsg, discountMsg } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { paymentExpiryJob } from '../src/modules/jobs/registry.js';
import { client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, discountTerms, insertProduct, unitOf } from './catalog-factory.js';
import { mailedConfirmationCode } from './order-mails.js';

// Default limits (as in production): the guessing budget and the caps are what is under test.
let server: TestServer;
let owner: Client;
let ownerEmail: string;
let ownerPassword: string;
let store: { id: string; slug: string };
let rival: Client;
let rivalStore: { id: string; slug: string };

beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://negozi.example.it' });
  const a = await createUser(server);
  owner = a.client;
  ownerEmail = a.email;
  ownerPassword = a.password;
  store = await createStoreFor(server, a.id, 'Bottega Abusi');
  const b = await createUser(server);
  rival = b.client;
  rivalStore = await createStoreFor(server, b.id, 'Negozio Vicino');
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const shopper = () => client(server.url);
/** The owner signed in again: a session signed before the clock moved hours on has expired. */
async function ownerNow(): Promise<Client> {
  const c = client(server.url);
  const res = await c.post('/api/auth/login', { email: ownerEmail, password: ownerPassword });
  expect(res.status).toBe(200);
  c.useSession(res.body.session);
  return c;
}
const HOUR = 3_600_000;
const product = (storeId = store.id, stock = 200) =>
  insertProduct(server, storeId, { title: `Articolo ${Math.random().toString(36).slice(2, 7)}`, priceCents: 1000, stock });

/** A cash-on-delivery order of `qty` units for this address, with the totals the shopper saw. */
function order(productId: string, o: { email?: string; qty?: number; code?: string; discount?: number } = {}) {
  const qty = o.qty ?? 1;
  const base = checkoutBody([{ productId, quantity: qty, unitPriceCents: 1000 }]);
  return {
    ...base,
    totalCents: base.totalCents - (o.discount ?? 0),
    ...(o.code ? { discountCode: o.code, discountCents: o.discount ?? 0 } : {}),
    ...(o.email ? { customer: { ...base.customer, customerEmail: o.email } } : {}),
  };
}
const place = (body: unknown, slug = store.slug) => shopper().post(`/api/public/stores/${slug}/checkout`, body);
const ordersOf = (storeId: string) => server.ctx.db.selectFrom('orders').selectAll().where('store_id', '=', storeId).execute();
const orderRow = (id: string) => server.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe(`discount codes cannot be guessed through the checkout (${engine})`, () => {
  it('counts every checkout with a code against the check endpoint’s budget, refused ones too', async () => {
    const p = await product();
    const valid = await owner.post(`/api/stores/${store.id}/discounts`, discountTerms({ code: 'SEGRETO10', kind: 'fixed', value: 100 }));
    expect(valid.status).toBe(201);
    const rivalProduct = await product(rivalStore.id);
    expect((await rival.post(`/api/stores/${rivalStore.id}/discounts`, discountTerms({ code: 'VICINO5', kind: 'fixed', value: 100 }))).status).toBe(201);

    for (let i = 0; i < 30; i++) {
      const res = await place(order(p.id, { code: `PROVA${i}`, discount: 100 }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(discountMsg.invalid);
    }
    const thirtyFirst = await place(order(p.id, { code: 'PROVA31', discount: 100 }));
    expect(thirtyFirst.status).toBe(429);
    expect(thirtyFirst.body.error.message).toBe('Troppi tentativi con i codici sconto. Riprova più tardi.');
    // The right code now is refused as well: a guess that hits is not told apart.
    const right = await place(order(p.id, { code: 'SEGRETO10', discount: 100 }));
    expect(right.status).toBe(429);
    const check = await shopper().post(`/api/public/stores/${store.slug}/discounts/check`, { code: 'SEGRETO10', subtotalCents: 1000 });
    expect(check.status).toBe(429);
    expect(check.body.error.message).toBe('Troppi tentativi con i codici sconto. Riprova più tardi.');
    expect(await ordersOf(store.id)).toHaveLength(0);
    expect((await unitOf(server, p.id)).reserved).toBe(0);

    // A checkout without a code is not limited by the codes' budget.
    const plain = await place(order(p.id, { email: 'senza.codice@example.it' }));
    expect(plain.status).toBe(201);
    // Another store's codes have their own budget.
    expect((await shopper().post(`/api/public/stores/${rivalStore.slug}/discounts/check`, { code: 'NONESISTE', subtotalCents: 1000 })).status).toBe(400);
    const elsewhere = await place(order(rivalProduct.id, { code: 'VICINO5', discount: 100 }), rivalStore.slug);
    expect(elsewhere.status).toBe(201);

    // Once the window ends the right code works again.
    clock.advance(15 * 60_000 + 1000);
    const later = await place(order(p.id, { code: 'SEGRETO10', discount: 100, email: 'dopo@example.it' }));
    expect(later.status).toBe(201);
    const placed = await orderRow(later.body.orderId);
    expect([placed.discount_code, placed.total_cents]).toEqual(['SEGRETO10', 1000 + 599 - 100]);
  });
});

describe(`cash-on-delivery orders cannot hoard stock (${engine})`, () => {
  it('holds at most 3 unconfirmed orders per address (+tags and Gmail dots are one address) and gives the stock back after 2 hours', async () => {
    const p = await product(store.id, 200);
    const variants = ['mario.rossi+1@gmail.com', 'MarioRossi@googlemail.com', 'm.a.r.i.o.rossi+regalo@gmail.com'];
    const placed: string[] = [];
    for (const email of variants) {
      const res = await place(order(p.id, { email, qty: 50 }));
      expect(res.status).toBe(201);
      placed.push(res.body.orderId);
    }
    const fourth = await place(order(p.id, { email: 'mariorossi@gmail.com', qty: 50 }));
    expect(fourth.status).toBe(409);
    expect(fourth.body.error.message).toBe(confirmationMsg.tooManyAwaiting());
    expect((await ordersOf(store.id)).filter((o) => o.customer_email_key === 'mariorossi@gmail.com')).toHaveLength(3);
    expect(await unitOf(server, p.id)).toEqual({ qty: 200, reserved: 150 });
    // The order keeps the address as typed (its mails go there).
    expect((await orderRow(placed[1]!)).customer_email).toBe('mariorossi@googlemail.com');

    // The dashboard lists them apart with their count.
    const awaiting = await owner.get(`/api/stores/${store.id}/orders?confirmation=awaiting`);
    expect(awaiting.status).toBe(200);
    expect(awaiting.body.awaitingConfirmation).toBe(awaiting.body.total);
    expect(awaiting.body.items.filter((o: { id: string }) => placed.includes(o.id))).toHaveLength(3);
    expect(awaiting.body.items.every((o: { confirmation: { state: string } }) => o.confirmation.state === 'awaiting')).toBe(true);

    const sold = await owner.get(`/api/stores/${store.id}/stats?period=7d`);
    expect(sold.body.stats.topProducts.find((t: { productId: string }) => t.productId === p.id)?.units).toBe(150);

    clock.advance(2 * HOUR - 60_000);
    await paymentExpiryJob(server.ctx).runOnce();
    expect((await unitOf(server, p.id)).reserved).toBe(150);

    clock.advance(2 * 60_000);
    expect(await paymentExpiryJob(server.ctx).runOnce()).toBeGreaterThanOrEqual(3);
    expect(await unitOf(server, p.id)).toEqual({ qty: 200, reserved: 0 });
    for (const id of placed) {
      const o = await orderRow(id);
      expect([o.status, o.payment_status, o.confirmation]).toEqual(['cancelled', 'expired', 'expired']);
    }
    // The shopper reads why on the order page; the home's numbers no longer count them.
    const page = await shopper().get(`/api/public/stores/${store.slug}/orders/${(await orderRow(placed[0]!)).public_token}`);
    expect(page.body.order.status).toBe('cancelled');
    expect(page.body.order.timeline.map((e: { label: string }) => e.label)).toContain('Annullato: non confermato entro 2 ore');
    const team = await ownerNow();
    const stats = await team.get(`/api/stores/${store.id}/stats?period=7d`);
    expect(stats.status).toBe(200);
    expect(stats.body.stats.topProducts.find((t: { productId: string }) => t.productId === p.id)).toBeUndefined();
    // Too late to confirm, for the shopper and the team alike.
    const first = (await orderRow(placed[0]!)).public_token!;
    const late = await shopper().post(`/api/public/stores/${store.slug}/orders/${first}/confirmation`, { code: await mailedConfirmationCode(server, first) });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(confirmationMsg.tooLate);
    expect((await team.post(`/api/stores/${store.id}/orders/${placed[1]}/confirmation`)).status).toBe(409);
    // The address may order again.
    expect((await place(order(p.id, { email: 'mariorossi@gmail.com' }))).status).toBe(201);
  });

  it('the shopper confirms from the mail’s link (a GET of the page confirms nothing) and the order no longer expires', async () => {
    const p = await product(store.id, 10);
    const res = await place(order(p.id, { email: 'giulia.bianchi@example.it', qty: 2 }));
    expect(res.status).toBe(201);
    const mail = await server.smtp.waitFor('giulia.bianchi@example.it', new RegExp(`Conferma il tuo ordine #${res.body.orderNumber}`));
    expect(mail.text).toContain('Conferma ordine');
    const link = /https:\/\/negozi\.example\.it\/store\/([^/\s"]+)\/ordine\/([A-Za-z0-9_-]{43})#conferma=([A-Za-z0-9_-]{43})/.exec(mail.html)!;
    expect(link[1]).toBe(store.slug);
    const [token, code] = [link[2]!, link[3]!];
    expect(token).toBe(res.body.orderToken);
    expect(await mailedConfirmationCode(server, token)).toBe(code);

    // What a mail scanner does: open the link (the browser never sends the fragment).
    await shopper().get(`/store/${store.slug}/ordine/${token}`);
    const before = await shopper().get(`/api/public/stores/${store.slug}/orders/${token}`);
    expect(before.body.order.confirmation).toMatchObject({ state: 'awaiting', confirmedBy: null });
    expect((await orderRow(res.body.orderId)).confirmation).toBe('awaiting');

    // The checkout's answer gives the page's token: that alone, or with a made-up secret, confirms nothing.
    const withoutCode = await shopper().post(`/api/public/stores/${store.slug}/orders/${token}/confirmation`, {});
    expect([withoutCode.status, withoutCode.body.error.message]).toEqual([400, confirmationMsg.badCode]);
    const madeUp = await shopper().post(`/api/public/stores/${store.slug}/orders/${token}/confirmation`, { code: token });
    expect([madeUp.status, madeUp.body.error.message]).toEqual([400, confirmationMsg.badCode]);
    expect((await orderRow(res.body.orderId)).confirmation).toBe('awaiting');

    const confirmed = await shopper().post(`/api/public/stores/${store.slug}/orders/${token}/confirmation`, { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.order.confirmation).toMatchObject({ state: 'confirmed', confirmedBy: 'shopper', dueAt: null });
    expect(confirmed.body.order.timeline.map((e: { label: string }) => e.label)).toContain('Confermato dal cliente');
    // Asking twice changes nothing.
    expect((await shopper().post(`/api/public/stores/${store.slug}/orders/${token}/confirmation`, { code })).status).toBe(200);

    clock.advance(3 * HOUR);
    await paymentExpiryJob(server.ctx).runOnce();
    const o = await orderRow(res.body.orderId);
    expect([o.status, o.payment_status, o.confirmation, o.confirmed_by]).toEqual(['pending', 'unpaid', 'confirmed', 'shopper']);
    expect((await unitOf(server, p.id)).reserved).toBe(2);
    const events = await server.ctx.db
      .selectFrom('order_events')
      .select(['kind', 'value'])
      .where('order_id', '=', o.id)
      .where('kind', '=', 'confirmation')
      .execute();
    expect(events).toEqual([{ kind: 'confirmation', value: 'shopper' }]);
  });

  it('the merchant confirms one by hand; another store’s member gets 404 and changes nothing', async () => {
    const p = await product(store.id, 10);
    const res = await place(order(p.id, { email: 'telefono@example.it' }));
    expect(res.status).toBe(201);

    const foreign = await rival.post(`/api/stores/${rivalStore.id}/orders/${res.body.orderId}/confirmation`);
    expect(foreign.status).toBe(404);
    const notMember = await rival.post(`/api/stores/${store.id}/orders/${res.body.orderId}/confirmation`);
    expect(notMember.status).toBe(404);
    expect((await orderRow(res.body.orderId)).confirmation).toBe('awaiting');

    const detail = await owner.get(`/api/stores/${store.id}/orders/${res.body.orderId}`);
    expect(detail.body.order.confirmation.state).toBe('awaiting');
    const done = await owner.post(`/api/stores/${store.id}/orders/${res.body.orderId}/confirmation`);
    expect(done.status).toBe(200);
    expect(done.body.order.confirmation).toMatchObject({ state: 'confirmed', confirmedBy: 'team' });
    expect(done.body.order.confirmedByMember).toBe(ownerEmail);
    const page = await shopper().get(`/api/public/stores/${store.slug}/orders/${(await orderRow(res.body.orderId)).public_token}`);
    expect(page.body.order.timeline.map((e: { label: string }) => e.label)).toContain('Confermato dal negozio');

    // Money received by hand settles it too.
    const cash = await place(order(p.id, { email: 'paga.subito@example.it' }));
    const paid = await owner.patch(`/api/stores/${store.id}/orders/${cash.body.orderId}/payment`, { paymentStatus: 'paid' });
    expect(paid.status).toBe(200);
    expect(paid.body.order.confirmation).toMatchObject({ state: 'confirmed', confirmedBy: 'team' });

    clock.advance(3 * HOUR);
    await paymentExpiryJob(server.ctx).runOnce();
    expect((await orderRow(res.body.orderId)).status).toBe('pending');
    // Paid by hand, it was also confirmed (docs/decisions/0043-order-page.md); the job cancels neither.
    expect((await orderRow(cash.body.orderId)).status).toBe('confirmed');
  });
});
