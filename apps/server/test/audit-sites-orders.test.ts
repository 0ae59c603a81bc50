import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { client, engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { member, merchant } from './catalog-fixtures.js';
import { IBAN, orderWith, paymentSettings, postWebhook, sessionEvent, signed } from './payment-fixtures.js';
import { startStripeStandIn } from './stripe-standin.js';
import { entriesOf, failRightAfterNextEntry, sessionOf } from './audit-sites-helpers.js';

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let owner: Awaited<ReturnType<typeof merchant>>;
let staff: { client: Client; id: string; email: string };
let store: { id: string; slug: string };

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0', STRIPE_API_URL: stripe.url });
  owner = await merchant(server, 'Bottega Ordini');
  store = owner.store;
  staff = await member(server, store.id, 'staff');
  expect((await owner.client.put(`${owner.base}/payments`, paymentSettings())).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});
afterEach(() => vi.restoreAllMocks());

const api = (rest: string) => `${owner.base}${rest}`;
const statusOf = async (id: string) => (await server.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const ofOrder = async (orderId: string, action?: string) => (await entriesOf(server, store.id, action)).filter((e) => e.subject_id === orderId);

/** A cash-on-delivery order of 2 × 10,00 € ('Da confermare'). */
async function placeOrder() {
  const p = await insertProduct(server, store.id, { title: `Tazza ${Math.random().toString(36).slice(2, 6)}`, priceCents: 1000, stock: 20 });
  const body = checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 1000 }], { totalCents: 2000 + 599 + 250 });
  body.customer = { ...body.customer, customerEmail: uniqueEmail('cliente') };
  const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.orderId as string, number: res.body.orderNumber as number };
}

describe(`'Registro attività': orders (${engine})`, () => {
  it("records the team's confirmation, status changes with the shipment, its later correction and a cancellation", async () => {
    const o = await placeOrder();
    expect(await ofOrder(o.id)).toEqual([]); // the shopper's checkout is not the team's doing
    expect((await staff.client.post(api(`/orders/${o.id}/confirmation`))).status).toBe(200);
    const res = await staff.client.patch(api(`/orders/${o.id}`), { status: 'shipped', shipment: { carrier: 'brt', trackingNumber: 'BRT123456789' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await owner.client.put(api(`/orders/${o.id}/shipment`), { carrier: 'gls', trackingNumber: 'GLS987654321' })).status).toBe(200);
    expect((await owner.client.patch(api(`/orders/${o.id}`), { status: 'cancelled' })).status).toBe(200);

    const entries = await ofOrder(o.id);
    expect(entries.map((e) => [e.kind, e.action, e.summary, e.actor_user_id, e.session_id])).toEqual([
      ['orders', 'orders.confirmed', `Ordine #${o.number} confermato dal team`, staff.id, sessionOf(staff.client.token)],
      ['orders', 'orders.status_changed', `Ordine #${o.number}: In attesa → Spedito`, staff.id, sessionOf(staff.client.token)],
      ['orders', 'orders.shipment_changed', `Spedizione dell’ordine #${o.number} modificata`, owner.id, sessionOf(owner.client.token)],
      ['orders', 'orders.cancelled', `Ordine #${o.number} annullato`, owner.id, sessionOf(owner.client.token)],
    ]);
    expect(entries[1]?.actor_email).toBe(staff.email);
    expect(entries[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'status', label: 'Stato', before: 'In attesa', after: 'Spedito' },
        { field: 'carrierLabel', label: 'Corriere', before: null, after: 'BRT' },
        { field: 'trackingNumber', label: 'Numero di tracking', before: null, after: 'BRT123456789' },
      ]),
    );
    expect(entries[2]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'carrierLabel', label: 'Corriere', before: 'BRT', after: 'GLS' },
        { field: 'trackingNumber', label: 'Numero di tracking', before: 'BRT123456789', after: 'GLS987654321' },
      ]),
    );
    expect(entries[3]?.changes).toEqual([{ field: 'status', label: 'Stato', before: 'Spedito', after: 'Annullato' }]);
  });

  it("records each order of a bulk 'Cambia stato' as a bulk action", async () => {
    const [a, b] = [await placeOrder(), await placeOrder()];
    const res = await staff.client.post(api('/orders/bulk'), { action: 'status', ids: [a.id, b.id], status: 'processing' });
    expect(res.body).toEqual({ updated: 2, failures: [] });
    for (const o of [a, b]) {
      const entries = await ofOrder(o.id);
      expect(entries.map((e) => [e.kind, e.summary, e.actor_user_id, e.session_id])).toEqual([
        ['bulk', `Azione di massa: Ordine #${o.number}: In attesa → In lavorazione`, staff.id, sessionOf(staff.client.token)],
      ]);
    }
  });

  it('records the team marking an order paid, then refunded by hand; a refused mark leaves none', async () => {
    const o = await placeOrder();
    // Not paid yet: it cannot be marked refunded.
    expect((await staff.client.patch(api(`/orders/${o.id}/payment`), { paymentStatus: 'refunded' })).status).toBe(409);
    expect(await ofOrder(o.id)).toEqual([]);
    expect((await staff.client.patch(api(`/orders/${o.id}/payment`), { paymentStatus: 'paid' })).status).toBe(200);
    expect((await owner.client.patch(api(`/orders/${o.id}/payment`), { paymentStatus: 'refunded' })).status).toBe(200);
    const entries = await ofOrder(o.id);
    expect(entries.map((e) => [e.kind, e.action, e.summary, e.actor_user_id, e.session_id, e.changes])).toEqual([
      [
        'orders',
        'orders.marked_paid',
        `Ordine #${o.number} segnato come pagato`,
        staff.id,
        sessionOf(staff.client.token),
        [{ field: 'paymentStatus', label: 'Pagamento', before: 'Da pagare', after: 'Pagato' }],
      ],
      [
        'refunds',
        'orders.marked_refunded',
        `Ordine #${o.number} segnato come rimborsato`,
        owner.id,
        sessionOf(owner.client.token),
        [{ field: 'paymentStatus', label: 'Pagamento', before: 'Pagato', after: 'Rimborsato' }],
      ],
    ]);
  });

  it('a refused change and one whose transaction fails after its entry leave no entry and no change', async () => {
    const o = await placeOrder();
    // Not shipped: the shipment cannot be edited.
    expect((await owner.client.put(api(`/orders/${o.id}/shipment`), { carrier: 'gls', trackingNumber: 'GLS987654321' })).status).toBe(409);
    failRightAfterNextEntry();
    expect((await owner.client.patch(api(`/orders/${o.id}`), { status: 'cancelled' })).status).toBe(500);
    expect(await statusOf(o.id)).toBe('pending');
    expect(await ofOrder(o.id)).toEqual([]);
  });
});

/** A bank-transfer order of 20,00 € + 5,99 € shipping, marked paid by the owner. */
async function paidTransfer() {
  const { res } = await orderWith(server, store, 'bank_transfer', { qty: 1, priceCents: 2000 });
  expect(res.status).toBe(201);
  const id: string = res.body.orderId;
  expect((await owner.client.patch(api(`/orders/${id}/payment`), { paymentStatus: 'paid' })).status).toBe(200);
  const line = await server.ctx.db.selectFrom('order_items').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
  return { id, number: res.body.orderNumber as number, line: line.id };
}

describe(`'Registro attività': refunds and returns (${engine})`, () => {
  it('records a manual refund with its amount, method and status, never the IBAN; refunding more than was bought, or a failed write, leaves none', async () => {
    const o = await paidTransfer();
    const refused = await owner.client.post(api(`/orders/${o.id}/refunds`), { lines: [{ orderItemId: o.line, quantity: 2 }], iban: IBAN });
    expect(refused.status).toBe(400);
    failRightAfterNextEntry();
    expect((await owner.client.post(api(`/orders/${o.id}/refunds`), { lines: [{ orderItemId: o.line, quantity: 1 }], iban: IBAN })).status).toBe(500);
    expect(await server.ctx.db.selectFrom('refunds').select('id').where('order_id', '=', o.id).execute()).toEqual([]);
    expect(await ofOrder(o.id, 'refunds.issued')).toEqual([]);

    const res = await owner.client.post(api(`/orders/${o.id}/refunds`), { lines: [{ orderItemId: o.line, quantity: 1 }], iban: IBAN });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [entry, ...more] = await ofOrder(o.id, 'refunds.issued');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'refunds',
      summary: `Rimborso di 20,00\u00a0€ per l’ordine #${o.number}`,
      actor_user_id: owner.id,
      actor_email: owner.email,
      session_id: sessionOf(owner.client.token),
      subject_label: `#${o.number}`,
    });
    expect(entry?.changes).toEqual([
      { field: 'amount', label: 'Importo', before: null, after: '20,00\u00a0€' },
      { field: 'method', label: 'Metodo', before: null, after: 'Manuale (bonifico o contanti)' },
      { field: 'status', label: 'Stato', before: null, after: 'Eseguito' },
    ]);
    expect(JSON.stringify(await entriesOf(server, store.id))).not.toMatch(/IT60|0123456/);
  });

  it('records a card refund Stripe refused (by no member) and the retry by the member', async () => {
    const { res: placed, total } = await orderWith(server, store, 'card', { qty: 1, priceCents: 2000 });
    const id: string = placed.body.orderId;
    const paid = signed(sessionEvent(`evt_paid_${id}`, 'checkout.session.completed', id, store.id, { amount_total: total }));
    expect((await postWebhook(server, store.id, paid.payload, paid.header)).status).toBe(200);
    const line = await server.ctx.db.selectFrom('order_items').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
    stripe.answerRefunds({ error: 400 });
    const res = await owner.client.post(api(`/orders/${id}/refunds`), { lines: [{ orderItemId: line.id, quantity: 1 }] });
    expect(res.body.refund?.status).toBe('failed');
    stripe.answerRefunds({ status: 'succeeded' });
    expect((await owner.client.post(api(`/refunds/${res.body.refund.id}/retry`))).status).toBe(200);

    const entries = await ofOrder(id);
    expect(entries.map((e) => [e.action, e.actor_user_id, e.session_id])).toEqual([
      ['refunds.issued', owner.id, sessionOf(owner.client.token)],
      ['refunds.failed', null, null],
      ['refunds.retried', owner.id, sessionOf(owner.client.token)],
    ]);
    expect(entries[1]?.summary).toMatch(/^Rimborso di 20,00\u00a0€ non riuscito per l’ordine #\d+: Rimborso rifiutato dal simulatore/);
    expect(entries[1]?.changes).toEqual([{ field: 'status', label: 'Stato', before: 'In corso', after: 'Non riuscito' }]);
    expect(entries[2]?.changes).toEqual([{ field: 'status', label: 'Stato', before: 'Non riuscito', after: 'In corso' }]);
  });

  it("records a return opened by the team and staff's decisions with the reason of a rejection; a refused step leaves none", async () => {
    const o = await placeOrder();
    const items = await server.ctx.db.selectFrom('order_items').select('id').where('order_id', '=', o.id).execute();
    const openReturn = async () => {
      const r = await owner.client.post(api(`/orders/${o.id}/returns`), { lines: [{ orderItemId: items[0]!.id, quantity: 1 }], reason: '' });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.return as { id: string; number: number };
    };
    const first = await openReturn();
    expect((await staff.client.post(api(`/returns/${first.id}/authorize`))).status).toBe(200);
    expect((await staff.client.post(api(`/returns/${first.id}/authorize`))).status).toBe(409);
    expect((await staff.client.post(api(`/returns/${first.id}/reject`), { reason: 'Prodotto usato' })).status).toBe(200);

    const entries = (await entriesOf(server, store.id)).filter((e) => e.subject_id === first.id);
    expect(entries.map((e) => [e.kind, e.action, e.summary, e.actor_user_id, e.session_id])).toEqual([
      ['refunds', 'returns.opened', `Reso n. ${first.number} aperto per l’ordine #${o.number}`, owner.id, sessionOf(owner.client.token)],
      ['refunds', 'returns.authorized', `Reso n. ${first.number} dell’ordine #${o.number}: autorizzato`, staff.id, sessionOf(staff.client.token)],
      ['refunds', 'returns.rejected', `Reso n. ${first.number} dell’ordine #${o.number}: rifiutato`, staff.id, sessionOf(staff.client.token)],
    ]);
    expect(entries[2]?.changes).toEqual([
      { field: 'status', label: 'Stato', before: 'Autorizzato', after: 'Rifiutato' },
      { field: 'reject_reason', label: 'Motivo del rifiuto', before: null, after: 'Prodotto usato' },
    ]);

    const second = await openReturn();
    expect((await staff.client.post(api(`/returns/${second.id}/receive`), { restock: [] })).status).toBe(200);
    const received = (await entriesOf(server, store.id, 'returns.received')).filter((e) => e.subject_id === second.id);
    expect(received.map((e) => [e.summary, e.actor_user_id])).toEqual([[`Reso n. ${second.number} dell’ordine #${o.number}: ricevuto`, staff.id]]);
    expect(received[0]?.changes).toEqual([{ field: 'status', label: 'Stato', before: 'Richiesto', after: 'Ricevuto' }]);
  });
});
