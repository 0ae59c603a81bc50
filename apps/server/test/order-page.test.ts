import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, client, createStoreFor, createUser, engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';

let server: TestServer;
let owner: Client;
let ownerEmail: string;
let staff: Client;
let staffEmail: string;
let store: { id: string; slug: string; name: string };
let otherOwner: Client;
let other: { id: string; slug: string; name: string };

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  ownerEmail = uniqueEmail('titolare');
  const a = await createUser(server, ownerEmail);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Note');
  staffEmail = uniqueEmail('commesso');
  const s = await createUser(server, staffEmail);
  staff = s.client;
  await addMember(server, store.id, s.id, 'staff');
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Negozio Vicino');
});
afterAll(async () => {
  await server.close();
});

/** A cash-on-delivery order of two units, 'In attesa' and 'Da pagare'. */
async function placeOrder() {
  const p = await insertProduct(server, store.id, { title: 'Tazza Aurora', priceCents: 2000, stock: 10 });
  const body = checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 2000 }]);
  body.customer = { ...body.customer, customerEmail: uniqueEmail('cliente') };
  const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
  expect(res.status).toBe(201);
  return { ...(res.body as { orderId: string; orderNumber: number; orderToken: string }), productId: p.id };
}

const addNote = (c: Client, orderId: string, body: unknown, storeId = store.id) => c.post(`/api/stores/${storeId}/orders/${orderId}/notes`, body);
const detail = async (orderId: string) => (await owner.get(`/api/stores/${store.id}/orders/${orderId}`)).body.order;
const noteRows = (orderId: string) => server.ctx.db.selectFrom('order_notes').selectAll().where('order_id', '=', orderId).execute();

describe(`internal notes on an order (${engine})`, () => {
  it('adds a note the order detail lists with its author and time, and the shopper never sees', async () => {
    const o = await placeOrder();
    const res = await addNote(owner, o.orderId, { body: '  Cliente richiamato: consegna al mattino.  ' });
    expect(res.status).toBe(201);
    expect(res.body.order.internalNotes).toEqual([
      { id: expect.any(String), body: 'Cliente richiamato: consegna al mattino.', author: ownerEmail, createdAt: expect.any(String) },
    ]);
    const second = await addNote(staff, o.orderId, { body: 'Pacco pronto.' });
    expect(second.status).toBe(201);
    const order = await detail(o.orderId);
    expect(order.internalNotes.map((n: { body: string; author: string }) => [n.body, n.author])).toEqual([
      ['Cliente richiamato: consegna al mattino.', ownerEmail],
      ['Pacco pronto.', staffEmail],
    ]);
    const shopperView = await client(server.url).get(`/api/public/stores/${store.slug}/orders/${o.orderToken}`);
    expect(JSON.stringify(shopperView.body)).not.toContain('Pacco pronto');
    expect(shopperView.body.order.timeline.map((e: { kind: string }) => e.kind)).not.toContain('note');
  });

  it('refuses a note over 5,000 characters or empty, in Italian, saving nothing', async () => {
    const o = await placeOrder();
    const long = await addNote(owner, o.orderId, { body: 'a'.repeat(5001) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('La nota può avere al massimo 5.000 caratteri.');
    for (const body of [{ body: '' }, { body: '   \n ' }, {}]) {
      const empty = await addNote(owner, o.orderId, body);
      expect(empty.status).toBe(400);
      expect(JSON.stringify(empty.body)).toContain('Scrivi il testo della nota.');
    }
    expect(await noteRows(o.orderId)).toEqual([]);
    // Exactly 5,000 characters is allowed.
    expect((await addNote(owner, o.orderId, { body: 'b'.repeat(5000) })).status).toBe(201);
  });

  it("answers 404 for another store's order and 401 without a session; staff may write notes", async () => {
    const o = await placeOrder();
    // The other store's owner, through their own store and through ours.
    expect((await addNote(otherOwner, o.orderId, { body: 'Intruso' }, other.id)).status).toBe(404);
    expect([403, 404]).toContain((await addNote(otherOwner, o.orderId, { body: 'Intruso' })).status);
    expect((await addNote(client(server.url), o.orderId, { body: 'Anonimo' })).status).toBe(401);
    expect(await noteRows(o.orderId)).toEqual([]);
    expect((await addNote(staff, o.orderId, { body: 'Dal magazzino' })).status).toBe(201);
  });
});

describe(`marking an order paid and the merchant's timeline (${engine})`, () => {
  it("'Segna come pagato' moves an 'In attesa' order to 'Confermato', stock as for a confirmed order", async () => {
    const o = await placeOrder();
    const res = await owner.patch(`/api/stores/${store.id}/orders/${o.orderId}/payment`, { paymentStatus: 'paid' });
    expect(res.status).toBe(200);
    expect(res.body.order).toMatchObject({ paymentStatus: 'paid', status: 'confirmed' });
    const before = await unitOf(server, o.productId);
    // Stock of a confirmed order: what an explicit status change to 'Confermato' would leave.
    const twin = await placeOrder();
    await owner.patch(`/api/stores/${store.id}/orders/${twin.orderId}`, { status: 'confirmed' });
    expect(before).toEqual(await unitOf(server, twin.productId));
  });

  it('leaves an order further along in its status when it is marked paid', async () => {
    const o = await placeOrder();
    await owner.patch(`/api/stores/${store.id}/orders/${o.orderId}`, { status: 'processing' });
    const res = await owner.patch(`/api/stores/${store.id}/orders/${o.orderId}/payment`, { paymentStatus: 'paid' });
    expect(res.body.order).toMatchObject({ paymentStatus: 'paid', status: 'processing' });
  });

  it('names who did each event: Cliente, the member, Sistema', async () => {
    const o = await placeOrder();
    await staff.patch(`/api/stores/${store.id}/orders/${o.orderId}/payment`, { paymentStatus: 'paid' });
    await owner.patch(`/api/stores/${store.id}/orders/${o.orderId}`, { status: 'shipped', shipment: { carrier: 'brt', trackingNumber: '0123456789' } });
    await staff.put(`/api/stores/${store.id}/orders/${o.orderId}/shipment`, { carrier: 'gls', trackingNumber: 'GLS12345' });
    await owner.post(`/api/stores/${store.id}/orders/${o.orderId}/notes`, { body: 'Spedito in giornata.' });
    const order = await detail(o.orderId);
    const lines = order.timeline.map((e: { label: string; actor: { kind: string; label: string } }) => [e.label, e.actor.label]);
    expect(lines).toEqual([
      ['Ordine ricevuto', 'Cliente'],
      ['Pagamento: Da pagare', 'Cliente'],
      ['Pagamento: Pagato', staffEmail],
      // Cash on delivery waits for the shopper's confirmation: the money settles it too.
      ['Confermato dal negozio', staffEmail],
      ['Stato: Confermato', staffEmail],
      ['Stato: Spedito', ownerEmail],
      ['Spedizione aggiornata (corriere o tracking)', staffEmail],
      ['Nota interna aggiunta', ownerEmail],
    ]);
    const rows = await server.ctx.db.selectFrom('order_events').select(['kind', 'actor_user_id']).where('order_id', '=', o.orderId).execute();
    expect(rows.filter((r) => r.actor_user_id !== null)).toHaveLength(6);
  });

  it("an automatic change (the payment deadline) reads 'Sistema'", async () => {
    const o = await placeOrder();
    // What the expiry job writes: no member behind it.
    await server.ctx.db
      .insertInto('order_events')
      .values({ id: crypto.randomUUID(), order_id: o.orderId, kind: 'status', value: 'cancelled', created_at: new Date(Date.now() + 1000).toISOString() })
      .execute();
    const order = await detail(o.orderId);
    expect(order.timeline.at(-1)).toMatchObject({ label: 'Stato: Annullato', actor: { kind: 'system', label: 'Sistema' } });
  });
});
