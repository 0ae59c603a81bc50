import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, client, createStoreFor, createUser, engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';
import { expectApiError } from './team-helpers.js';
import { returnMsg } from '@vetrina/shared/returns';

let server: TestServer;
let owner: Client;
let ownerId: string;
let staff: Client;
let store: { id: string; slug: string; name: string };
let otherOwner: Client;
let other: { id: string; slug: string; name: string };

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  ownerId = a.id;
  store = await createStoreFor(server, a.id, 'Bottega dei Resi');
  const s = await createUser(server, uniqueEmail('staff'));
  await addMember(server, store.id, s.id, 'staff');
  staff = s.client;
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Negozio Vicino');
});
afterAll(async () => {
  await server.close();
});

const api = (rest: string, storeId = store.id) => `/api/stores/${storeId}${rest}`;

/** A cash-on-delivery order of `quantity` units of one product (stock 10), optionally shipped by the team. */
async function placeOrder(opts: { quantity?: number; shipped?: boolean; title?: string } = {}) {
  const title = opts.title ?? 'Tazza Aurora';
  const p = await insertProduct(server, store.id, { title, priceCents: 2000, stock: 30 });
  const email = uniqueEmail('cliente');
  const body = checkoutBody([{ productId: p.id, quantity: opts.quantity ?? 2, unitPriceCents: 2000 }]);
  body.customer = { ...body.customer, customerEmail: email };
  const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const orderId = res.body.orderId as string;
  if (opts.shipped) expect((await owner.patch(api(`/orders/${orderId}`), { status: 'shipped' })).status).toBe(200);
  const detail = await owner.get(api(`/orders/${orderId}`));
  return { orderId, orderNumber: res.body.orderNumber as number, email, productId: p.id, itemId: detail.body.order.items[0].id as string, title };
}

const open = (orderId: string, body: unknown, c = owner, storeId = store.id) => c.post(api(`/orders/${orderId}/returns`, storeId), body);
const act = (returnId: string, action: 'authorize' | 'receive' | 'reject', body?: unknown, c = owner, storeId = store.id) =>
  c.post(api(`/returns/${returnId}/${action}`, storeId), body);
const returnCount = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('store_id', '=', store.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const returnMovements = (productId: string) =>
  server.ctx.db.selectFrom('stock_movements').selectAll().where('product_id', '=', productId).where('reason', '=', 'return').execute();
const returnEvents = (orderId: string) =>
  server.ctx.db
    .selectFrom('order_events')
    .select(['value', 'actor_user_id'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'return')
    .orderBy('created_at')
    .execute();

describe(`opening a return for an order (${engine})`, () => {
  it('opens it for chosen lines with the order’s customer, and refuses units already in a return', async () => {
    const o = await placeOrder({ quantity: 2 });
    const res = await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }], reason: '  Taglia sbagliata  ' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.return).toMatchObject({
      orderId: o.orderId,
      orderNumber: o.orderNumber,
      origin: 'team',
      status: 'requested',
      customerName: 'Maria Rossi',
      customerEmail: o.email,
      reason: 'Taglia sbagliata',
      units: 1,
      lines: [{ orderItemId: o.itemId, title: 'Tazza Aurora', quantity: 1, restockedQuantity: 0 }],
    });
    expect(await returnEvents(o.orderId)).toEqual([{ value: `requested:${res.body.return.number}`, actor_user_id: ownerId }]);

    // The page shows what the shopper wrote to the store from that address (any case), not others' messages.
    const anon = client(server.url);
    const write = (email: string, message: string) =>
      anon.post(`/api/public/stores/${store.slug}/messages`, { customerName: 'Maria Rossi', customerEmail: email, message });
    expect((await write(o.email.toUpperCase(), 'La tazza è arrivata scheggiata')).status).toBe(201);
    expect((await write(uniqueEmail('altro'), 'Avete la teiera?')).status).toBe(201);
    const detail = await owner.get(`/api/stores/${store.id}/returns/${res.body.return.id}`);
    expect(detail.body.return.messages).toEqual([expect.objectContaining({ body: 'La tazza è arrivata scheggiata', response: null })]);

    const before = await returnCount();
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 2 }] }), 409, 'Di «Tazza Aurora» puoi restituire al massimo 1');
    // The same line named twice counts once.
    expectApiError(
      await open(o.orderId, {
        lines: [
          { orderItemId: o.itemId, quantity: 1 },
          { orderItemId: o.itemId, quantity: 1 },
        ],
      }),
      409,
      'Di «Tazza Aurora» puoi restituire al massimo 1',
    );
    expect(await returnCount()).toBe(before);
    const last = await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] });
    expect(last.status).toBe(201);
    expect(last.body.return.number).toBe(res.body.return.number + 1);
    expect(last.body.return.reason).toBeNull();
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] }), 409, 'Di «Tazza Aurora» puoi restituire al massimo 0');

    // A refused return gives its units back.
    expect((await act(last.body.return.id, 'reject', { reason: 'Fuori tempo' })).status).toBe(200);
    expect((await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] })).status).toBe(201);

    const list = await owner.get(api(`/orders/${o.orderId}/returns`));
    expect(list.status).toBe(200);
    expect(list.body.returns.map((r: { status: string }) => r.status)).toEqual(['requested', 'rejected', 'requested']);
  });

  it('two members opening a return for the last unit at once: one gets it, the other a 409', async () => {
    const o = await placeOrder({ quantity: 1 });
    const body = { lines: [{ orderItemId: o.itemId, quantity: 1 }] };
    const results = await Promise.all([open(o.orderId, body), open(o.orderId, body, staff)]);
    expect(results.map((x) => x.status).sort()).toEqual([201, 409]);
    expect(results.find((x) => x.status === 409)!.body.error.message).toBe('Di «Tazza Aurora» puoi restituire al massimo 0');
    expect((await owner.get(api(`/orders/${o.orderId}/returns`))).body.returns).toHaveLength(1);
  });

  it('refuses bad bodies with Italian messages, a line of another order, and a cancelled order; nothing is created', async () => {
    const o = await placeOrder();
    const elsewhere = await placeOrder({ title: 'Piatto Fondo' });
    const before = await returnCount();
    expectApiError(await open(o.orderId, { lines: [] }), 400, 'Scegli almeno un prodotto da restituire');
    expectApiError(await open(o.orderId, {}), 400, 'Scegli almeno un prodotto da restituire');
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 0 }] }), 400, 'Quantità non valida per uno dei prodotti scelti');
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1.5 }] }), 400, 'Quantità non valida per uno dei prodotti scelti');
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }], reason: 'x'.repeat(1001) }), 400, returnMsg.reason);
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: elsewhere.itemId, quantity: 1 }] }), 400, 'Uno dei prodotti scelti non fa parte dell’ordine');
    expectApiError(await owner.post(api(`/orders/${o.orderId}/returns`), undefined, { raw: '{"lines":' }), 400);

    expect((await owner.patch(api(`/orders/${o.orderId}`), { status: 'cancelled' })).status).toBe(200);
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] }), 409, 'L’ordine è annullato: non c’è niente da restituire');
    expect(await returnCount()).toBe(before);
  });
});

describe(`authorising, receiving and rejecting (${engine})`, () => {
  it('authorises, then receives: the chosen units go back to stock once, with the history reason «return»', async () => {
    const o = await placeOrder({ quantity: 3, shipped: true });
    expect(await unitOf(server, o.productId)).toEqual({ qty: 27, reserved: 0 });
    const r = (await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 2 }] })).body.return;

    const authorized = await act(r.id, 'authorize', undefined, staff);
    expect(authorized.status).toBe(200);
    expect(authorized.body.return).toMatchObject({ status: 'authorized', authorizedAt: expect.any(String), receivedAt: null });
    expectApiError(await act(r.id, 'authorize'), 409, 'Il reso è autorizzato: questa operazione non è possibile');

    expectApiError(
      await act(r.id, 'receive', { restock: [{ orderItemId: o.itemId, quantity: 3 }] }),
      400,
      'Di «Tazza Aurora» puoi rimettere in magazzino al massimo 2',
    );
    expectApiError(
      await act(r.id, 'receive', { restock: [{ orderItemId: 'nessuna-riga', quantity: 1 }] }),
      400,
      'Uno dei prodotti da rimettere in magazzino non fa parte del reso',
    );
    expectApiError(await act(r.id, 'receive', { restock: 'tutto' }), 400);
    expect((await owner.get(api(`/returns/${r.id}`))).body.return.status).toBe('authorized');

    const received = await act(r.id, 'receive', { restock: [{ orderItemId: o.itemId, quantity: 1 }] });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(received.body.return).toMatchObject({ status: 'received', receivedAt: expect.any(String), lines: [{ quantity: 2, restockedQuantity: 1 }] });
    expect(await unitOf(server, o.productId)).toEqual({ qty: 28, reserved: 0 });
    const moves = await returnMovements(o.productId);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ qty_change: 1, reserved_change: 0, qty_after: 28, order_id: o.orderId, actor_user_id: ownerId });

    // A second 'Ricevuto' is refused by the state machine: no stock moves twice.
    expectApiError(
      await act(r.id, 'receive', { restock: [{ orderItemId: o.itemId, quantity: 1 }] }),
      409,
      'Il reso è ricevuto: questa operazione non è possibile',
    );
    expectApiError(await act(r.id, 'reject', { reason: 'Troppo tardi' }), 409, 'Il reso è ricevuto: questa operazione non è possibile');
    expect(await unitOf(server, o.productId)).toEqual({ qty: 28, reserved: 0 });
    expect(await returnMovements(o.productId)).toHaveLength(1);
    expect((await returnEvents(o.orderId)).map((e) => e.value)).toEqual([`requested:${r.number}`, `authorized:${r.number}`, `received:${r.number}`]);
  });

  it('two receives at once: one goes through, the other gets a 409, the stock moves once', async () => {
    const o = await placeOrder({ quantity: 2, shipped: true });
    const r = (await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 2 }] })).body.return;
    const body = { restock: [{ orderItemId: o.itemId, quantity: 2 }] };
    const results = await Promise.all([act(r.id, 'receive', body), act(r.id, 'receive', body, staff)]);
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(results.find((x) => x.status === 409)!.body.error.message).toBe('Il reso è ricevuto: questa operazione non è possibile');
    expect(await unitOf(server, o.productId)).toEqual({ qty: 30, reserved: 0 });
    expect(await returnMovements(o.productId)).toHaveLength(1);
  });

  it('receives straight from «Richiesto»; an order not shipped restocks nothing', async () => {
    const o = await placeOrder({ quantity: 2 });
    const r = (await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] })).body.return;
    expectApiError(
      await act(r.id, 'receive', { restock: [{ orderItemId: o.itemId, quantity: 1 }] }),
      409,
      'L’ordine non risulta spedito: i suoi articoli sono ancora in magazzino',
    );
    expect((await owner.get(api(`/returns/${r.id}`))).body.return.status).toBe('requested');
    const received = await act(r.id, 'receive', {});
    expect(received.status).toBe(200);
    expect(received.body.return).toMatchObject({ status: 'received', authorizedAt: null, lines: [{ restockedQuantity: 0 }] });
    expect(await unitOf(server, o.productId)).toEqual({ qty: 30, reserved: 2 });
    expect(await returnMovements(o.productId)).toHaveLength(0);
  });

  it('rejects with a reason the shopper gets by mail (escaped in HTML); a rejected return moves no further', async () => {
    const o = await placeOrder();
    const r = (await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] })).body.return;
    expectApiError(await act(r.id, 'reject', { reason: '   ' }), 400, 'Scrivi il motivo del rifiuto (al massimo 1.000 caratteri)');
    expectApiError(await act(r.id, 'reject', { reason: 'x'.repeat(1001) }), 400, 'Scrivi il motivo del rifiuto (al massimo 1.000 caratteri)');
    expectApiError(await act(r.id, 'reject', {}), 400, 'Scrivi il motivo del rifiuto (al massimo 1.000 caratteri)');

    const res = await act(r.id, 'reject', { reason: 'Il prodotto è stato usato <b>molto</b>' });
    expect(res.status).toBe(200);
    expect(res.body.return).toMatchObject({ status: 'rejected', rejectReason: 'Il prodotto è stato usato <b>molto</b>', closedAt: expect.any(String) });
    const mail = await server.smtp.waitFor(o.email, new RegExp(`^Il tuo reso n\\. ${r.number} non è stato accettato$`));
    expect(mail.text).toContain('Motivo: Il prodotto è stato usato <b>molto</b>');
    expect(mail.text).toContain(`ordine #${o.orderNumber}`);
    expect(mail.html).toContain('Il prodotto è stato usato &lt;b&gt;molto&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>molto</b>');

    expectApiError(await act(r.id, 'reject', { reason: 'Ancora' }), 409, 'Il reso è rifiutato: questa operazione non è possibile');
    expectApiError(await act(r.id, 'authorize'), 409, 'Il reso è rifiutato: questa operazione non è possibile');
    expectApiError(await act(r.id, 'receive', {}), 409, 'Il reso è rifiutato: questa operazione non è possibile');
    expect(server.smtp.mails.filter((m) => m.to.includes(o.email) && /reso/.test(m.subject))).toHaveLength(1);
  });
});

describe(`the list, the detail and who may see what (${engine})`, () => {
  it('lists newest first a page at a time, filters by status, and refuses a bad query in Italian', async () => {
    const s = await createStoreFor(server, ownerId, 'Bottega Paginata');
    const p = await insertProduct(server, s.id, { title: 'Bicchiere', priceCents: 500, stock: 40 });
    const order = await client(server.url).post(
      `/api/public/stores/${s.slug}/checkout`,
      checkoutBody([{ productId: p.id, quantity: 27, unitPriceCents: 500 }]),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const itemId = (await owner.get(api(`/orders/${order.body.orderId}`, s.id))).body.order.items[0].id;
    const ids: string[] = [];
    for (let i = 0; i < 26; i++) ids.push((await open(order.body.orderId, { lines: [{ orderItemId: itemId, quantity: 1 }] }, owner, s.id)).body.return.id);
    await act(ids[0]!, 'authorize', undefined, owner, s.id);

    const first = await staff.get(api('/returns', s.id));
    expect(first.status).toBe(404);
    const page1 = await owner.get(api('/returns', s.id));
    expect(page1.status).toBe(200);
    expect(page1.body.total).toBe(26);
    expect(page1.body.returns).toHaveLength(25);
    expect(page1.body.returns[0]).toMatchObject({ id: ids[25], number: 26, units: 1, orderNumber: order.body.orderNumber });
    const page2 = await owner.get(api('/returns?page=2', s.id));
    expect(page2.body.returns.map((r: { id: string }) => r.id)).toEqual([ids[0]]);
    const authorized = await owner.get(api('/returns?status=authorized', s.id));
    expect(authorized.body).toMatchObject({ total: 1, returns: [{ id: ids[0], status: 'authorized' }] });
    expect((await owner.get(api('/returns?status=refunded', s.id))).body).toEqual({ returns: [], total: 0 });

    expectApiError(await owner.get(api('/returns?status=perso', s.id)), 400, 'Stato del reso non valido');
    expectApiError(await owner.get(api('/returns?page=0', s.id)), 400, 'Pagina non valida');
    expectApiError(await owner.get(api('/returns?page=abc', s.id)), 400, 'Pagina non valida');
    expectApiError(await owner.get(api('/returns?ordine=1', s.id)), 400);
  });

  it('shows staff the refund IBAN masked and admins in full; staff moves returns along', async () => {
    const o = await placeOrder();
    const r = (await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] }, staff)).body.return;
    await server.ctx.db.updateTable('returns').set({ refund_iban: 'IT60X0542811101000000123456' }).where('id', '=', r.id).execute();
    expect((await owner.get(api(`/returns/${r.id}`))).body.return.refundIban).toBe('IT60X0542811101000000123456');
    const seen = await staff.get(api(`/returns/${r.id}`));
    expect(seen.status).toBe(200);
    expect(seen.body.return.refundIban).toBe('IT•• •••• … 3456');
    expect(JSON.stringify(seen.body)).not.toContain('0542811101');
    const authorized = await act(r.id, 'authorize', undefined, staff);
    expect(authorized.body.return.refundIban).toBe('IT•• •••• … 3456');
  });

  it('answers 404 for another store’s returns and orders, and for unknown ids; nothing changes', async () => {
    const o = await placeOrder();
    const r = (await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] })).body.return;
    const before = await returnCount();
    const notReturn = 'Reso non trovato';
    expectApiError(await otherOwner.get(api(`/returns/${r.id}`, other.id)), 404, notReturn);
    expectApiError(await act(r.id, 'authorize', undefined, otherOwner, other.id), 404, notReturn);
    expectApiError(await act(r.id, 'receive', {}, otherOwner, other.id), 404, notReturn);
    expectApiError(await act(r.id, 'reject', { reason: 'No' }, otherOwner, other.id), 404, notReturn);
    expectApiError(await otherOwner.get(api(`/orders/${o.orderId}/returns`, other.id)), 404, 'Ordine non trovato');
    expectApiError(await open(o.orderId, { lines: [{ orderItemId: o.itemId, quantity: 1 }] }, otherOwner, other.id), 404, 'Ordine non trovato');
    expect((await otherOwner.get(api('/returns', other.id))).body).toEqual({ returns: [], total: 0 });
    // This store's path, by someone who is not a member.
    expectApiError(await otherOwner.get(api(`/returns/${r.id}`)), 404);
    expectApiError(await owner.get(api('/returns/non-esiste')), 404, notReturn);
    expectApiError(await open('non-esiste', { lines: [{ orderItemId: o.itemId, quantity: 1 }] }), 404, 'Ordine non trovato');
    expect(await returnCount()).toBe(before);
    expect((await owner.get(api(`/returns/${r.id}`))).body.return.status).toBe('requested');
  });
});
