import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { RETURN_LIMITS, returnMsg } from '@vetrina/shared/returns';
import { romeDay, romeDayStart } from '@vetrina/shared/shop-day';
import { clock } from '../src/lib/clock.js';
import { withdrawalLimitKeys } from '../src/modules/returns/withdrawal/service.js';
import { client, createStoreFor, createUser, engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { confirm, confirmation, lookup, moveOrder, placeWithdrawableOrder } from './withdrawal-fixtures.js';

let server: TestServer;
let owner: Client;
let ownerEmail: string;
let store: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };

beforeAll(async () => {
  server = await startServer({
    ORDER_RATE_LIMIT: '0',
    ORDER_EMAIL_RATE_LIMIT: '0',
    UNCONFIRMED_ORDERS_PER_EMAIL: '0',
    PUBLIC_URL: 'https://negozi.example.it',
  });
  ownerEmail = uniqueEmail('titolare');
  const a = await createUser(server, ownerEmail);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Recessi');
  const b = await createUser(server);
  other = await createStoreFor(server, b.id, 'Negozio Vicino');
});
afterAll(async () => {
  await server.close();
});
// Every test starts with the client's hour of tries unused (they all come from the same address).
beforeEach(async () => {
  for (const s of [store, other]) for (const key of withdrawalLimitKeys(s.id, '127.0.0.1')) await server.ctx.limiter.reset(key);
});
afterEach(() => clock.reset());

const returnsOf = (orderId: string) => server.ctx.db.selectFrom('returns').selectAll().where('order_id', '=', orderId).execute();
const publicOrder = async (token: string) => (await client(server.url).get(`/api/public/stores/${store.slug}/orders/${token}`)).body.order;

describe(`the shopper's withdrawal, without an account (${engine})`, () => {
  it('finds the order by its page token: lines, units left, the excluded jam with its reason, the IBAN asked', async () => {
    const o = await placeWithdrawableOrder(server, store);
    const res = await lookup(server, store.slug, { token: o.orderToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      orderNumber: o.orderNumber,
      customerName: 'Maria Rossi',
      // The form comes prefilled with the order's e-mail.
      customerEmail: o.email,
      lastDay: null,
      needsIban: true,
      returnShippingPaidBy: 'customer',
    });
    expect(res.body.lines).toEqual([
      {
        orderItemId: o.lines['Marmellata di fichi'],
        title: 'Marmellata di fichi',
        variantLabel: null,
        quantity: 1,
        returnable: 1,
        excluded: 'Prodotto deperibile: escluso dal recesso',
      },
      { orderItemId: o.lines['Tazza Aurora'], title: 'Tazza Aurora', variantLabel: null, quantity: 2, returnable: 2, excluded: null },
    ]);
  });

  it('finds it by number and e-mail (any case); a wrong pair answers exactly like an unknown order', async () => {
    const o = await placeWithdrawableOrder(server, store);
    const byPair = await lookup(server, store.slug, { orderNumber: o.orderNumber, email: o.email.toUpperCase() });
    expect(byPair.status).toBe(200);
    expect(byPair.body.orderNumber).toBe(o.orderNumber);
    const wrongPair = await lookup(server, store.slug, { orderNumber: o.orderNumber, email: 'altra.persona@example.it' });
    const unknown = await lookup(server, store.slug, { orderNumber: 999_999, email: o.email });
    expect(wrongPair.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(wrongPair.body).toEqual(unknown.body);
    expect(JSON.stringify(wrongPair.body)).toContain(returnMsg.orderNotFound);
    // Another store's slug knows neither the token nor the number.
    expect((await lookup(server, other.slug, { token: o.orderToken })).status).toBe(404);
    expect((await lookup(server, other.slug, { orderNumber: o.orderNumber, email: o.email })).body).toEqual(unknown.body);
    expect((await confirm(server, other.slug, confirmation(o))).status).toBe(404);
    expect(await returnsOf(o.orderId)).toEqual([]);
  });

  it(`refuses the ${RETURN_LIMITS.formPerHour + 1}th try in an hour from one address, in Italian`, async () => {
    const o = await placeWithdrawableOrder(server, store);
    for (let i = 0; i < RETURN_LIMITS.formPerHour; i++)
      expect((await lookup(server, store.slug, { orderNumber: 900_000 + i, email: o.email })).status).toBe(404);
    const refused = await lookup(server, store.slug, { token: o.orderToken });
    expect(refused.status).toBe(429);
    expect(JSON.stringify(refused.body)).toContain(returnMsg.tooMany);
    // The e-mail's own counter is spent too, whatever address asks next.
    for (const key of withdrawalLimitKeys(store.id, '127.0.0.1')) await server.ctx.limiter.reset(key);
    expect((await lookup(server, store.slug, { orderNumber: o.orderNumber, email: o.email })).status).toBe(429);
    expect((await lookup(server, store.slug, { token: o.orderToken })).status).toBe(200);
  });

  it('confirms: 201, the return and its event, the acknowledgment and the admins’ mail, the bell', async () => {
    const o = await placeWithdrawableOrder(server, store);
    const res = await confirm(
      server,
      store.slug,
      confirmation(o, { lines: [{ orderItemId: o.lines['Tazza Aurora'], quantity: 1 }], reason: 'Il colore è diverso dalla foto' }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ returnNumber: expect.any(Number), receivedAt: expect.any(String) });
    const [row] = await returnsOf(o.orderId);
    expect(row).toMatchObject({ origin: 'shopper', status: 'requested', customer_email: o.email, reason: 'Il colore è diverso dalla foto', refund_iban: null });

    const mail = await server.smtp.waitFor(o.email, /^Abbiamo ricevuto il tuo recesso$/);
    expect(mail.text).toContain(`dall’ordine #${o.orderNumber} su Bottega Recessi`);
    expect(mail.text).toMatch(/ricevuto il \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} \(ora italiana\)/);
    expect(mail.text).toContain('Tazza Aurora: 1 pezzo');
    expect(mail.text).toContain('La spedizione del reso è a carico del cliente.');
    const admin = await server.smtp.waitFor(ownerEmail, /Recesso dall’ordine/);
    expect(admin.subject).toBe(`Recesso dall’ordine #${o.orderNumber} di Maria Rossi su Bottega Recessi`);
    const bell = await owner.get(`/api/stores/${store.id}/notifications`);
    expect(bell.body.items[0]).toMatchObject({
      kind: 'withdrawal',
      title: `Recesso dall’ordine #${o.orderNumber} di Maria Rossi`,
      link: `/dashboard/returns/${row!.id}`,
    });

    // The order page's timeline shows it; one cup is left to withdraw.
    const page = await publicOrder(o.orderToken);
    expect(page.timeline.map((e: { label: string }) => e.label)).toContain(`Reso n. ${res.body.returnNumber}: Richiesto`);
    expect(page.withdrawal).toEqual({ open: true, lastDay: null });
    // The merchant's timeline names the shopper as the one who withdrew.
    const detail = await owner.get(`/api/stores/${store.id}/orders/${o.orderId}`);
    expect(detail.body.order.timeline).toContainEqual(
      expect.objectContaining({ kind: 'return', label: `Reso n. ${res.body.returnNumber}: Richiesto`, actor: { kind: 'shopper', label: 'Cliente' } }),
    );
    const after = await lookup(server, store.slug, { token: o.orderToken });
    expect(after.body.lines.find((l: { title: string }) => l.title === 'Tazza Aurora').returnable).toBe(1);
    const over = await confirm(server, store.slug, confirmation(o));
    expect(over.status).toBe(409);
    expect(JSON.stringify(over.body)).toContain(returnMsg.quantityOver('Tazza Aurora', 1));
  });

  it('refuses a replayed confirmation, changing nothing', async () => {
    const o = await placeWithdrawableOrder(server, store);
    const body = confirmation(o, { lines: [{ orderItemId: o.lines['Tazza Aurora'], quantity: 1 }] });
    expect((await confirm(server, store.slug, body)).status).toBe(201);
    const replay = await confirm(server, store.slug, body);
    expect(replay.status).toBe(409);
    expect(JSON.stringify(replay.body)).toContain(returnMsg.replayed);
    expect(await returnsOf(o.orderId)).toHaveLength(1);
  });

  it('refuses an excluded line, a malformed IBAN, a reason over 1,000 characters; keeps a good IBAN', async () => {
    const o = await placeWithdrawableOrder(server, store);
    const jam = await confirm(server, store.slug, confirmation(o, { lines: [{ orderItemId: o.lines['Marmellata di fichi'], quantity: 1 }] }));
    expect(jam.status).toBe(409);
    expect(JSON.stringify(jam.body)).toContain(returnMsg.excluded('Marmellata di fichi'));
    const iban = await confirm(server, store.slug, confirmation(o, { iban: 'IT60X0542811101000000123457' }));
    expect(iban.status).toBe(400);
    expect(JSON.stringify(iban.body)).toContain(returnMsg.iban);
    const reason = await confirm(server, store.slug, confirmation(o, { reason: 'a'.repeat(1001) }));
    expect(reason.status).toBe(400);
    expect(JSON.stringify(reason.body)).toContain(returnMsg.reason);
    const notInOrder = await confirm(server, store.slug, confirmation(o, { lines: [{ orderItemId: 'nessuna-riga', quantity: 1 }] }));
    expect(notInOrder.status).toBe(400);
    expect(await returnsOf(o.orderId)).toEqual([]);
    const ok = await confirm(server, store.slug, confirmation(o, { iban: 'it60 x054 2811 1010 0000 0123 456', reason: 'a'.repeat(1000) }));
    expect(ok.status).toBe(201);
    expect((await returnsOf(o.orderId))[0]?.refund_iban).toBe('IT60X0542811101000000123456');
  });

  it('allows the 14th day after delivery to its last minute, refuses the 15th with the date', async () => {
    const o = await placeWithdrawableOrder(server, store);
    expect((await moveOrder(owner, store.id, o.orderId, 'shipped')).status).toBe(200);
    const delivered = await moveOrder(owner, store.id, o.orderId, 'delivered');
    expect(delivered.status).toBe(200);
    const day0 = Date.parse(`${romeDay(delivered.body.order.shipment.deliveredAt)}T00:00:00Z`);
    const dayAfterLast = romeDayStart(new Date(day0 + 15 * 86_400_000).toISOString().slice(0, 10));
    const lastDay = (await lookup(server, store.slug, { token: o.orderToken })).body.lastDay as string;
    expect(lastDay).toMatch(/^\d{1,2} [a-z]+ \d{4}$/);

    clock.advance(Date.parse(dayAfterLast) - 60_000 - clock.nowMs());
    expect((await lookup(server, store.slug, { token: o.orderToken })).status).toBe(200);
    expect((await publicOrder(o.orderToken)).withdrawal).toEqual({ open: true, lastDay });
    clock.advance(2 * 60_000);
    const late = await lookup(server, store.slug, { token: o.orderToken });
    expect(late.status).toBe(409);
    expect(JSON.stringify(late.body)).toContain(returnMsg.periodOver(lastDay));
    expect((await confirm(server, store.slug, confirmation(o))).status).toBe(409);
    expect((await publicOrder(o.orderToken)).withdrawal).toEqual({ open: false, lastDay });
    expect(await returnsOf(o.orderId)).toEqual([]);
  });

  it('refuses a cancelled order, and every order mail links the form', async () => {
    const o = await placeWithdrawableOrder(server, store);
    const placed = await server.smtp.waitFor(o.email, /ordine/i);
    expect(placed.html).toContain(`https://negozi.example.it/store/${store.slug}/recesso?ordine=${o.orderToken}`);
    expect(placed.text).toContain('Recedi dal contratto: ');
    expect((await moveOrder(owner, store.id, o.orderId, 'cancelled')).status).toBe(200);
    const res = await lookup(server, store.slug, { token: o.orderToken });
    expect(res.status).toBe(409);
    expect(JSON.stringify(res.body)).toContain(returnMsg.cancelled);
    expect((await publicOrder(o.orderToken)).withdrawal.open).toBe(false);
  });
});

describe(`'Recedi dal contratto' in the storefront's pages (${engine})`, () => {
  const page = async (path: string) => {
    const res = await fetch(server.url + path);
    return { status: res.status, html: await res.text() };
  };

  it('every footer links the form; the form is served, not indexed, with step one', async () => {
    for (const path of [`/store/${store.slug}`, `/store/${store.slug}/products`, `/store/${store.slug}/termini`]) {
      const p = await page(path);
      expect(p.status, path).toBe(200);
      expect(p.html, path).toMatch(new RegExp(`href="/store/${store.slug}/recesso"[^>]*>Recedi dal contratto<`));
    }
    const form = await page(`/store/${store.slug}/recesso`);
    expect(form.status).toBe(200);
    expect(form.html).toContain('<title>Recedi dal contratto · Bottega Recessi</title>');
    expect(form.html).toContain('<meta name="robots" content="noindex');
    expect(form.html).toContain('Numero ordine');
    expect(form.html).toContain('Trova l’ordine');
    // From the order page: the order is looked up in the browser, the server renders the wait.
    const fromOrder = await page(`/store/${store.slug}/recesso?ordine=${'a'.repeat(43)}`);
    expect(fromOrder.status).toBe(200);
    expect(fromOrder.html).toContain('Caricamento dell’ordine');
    expect(fromOrder.html).not.toContain('Trova l’ordine');
  });
});
