import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, client, createStoreFor, createUser, engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';

let server: TestServer;
let owner: Client;
let store: { id: string; slug: string; name: string };
let otherOwner: Client;
let other: { id: string; slug: string; name: string };

beforeAll(async () => {
  server = await startServer({
    ORDER_RATE_LIMIT: '0',
    ORDER_EMAIL_RATE_LIMIT: '0',
    UNCONFIRMED_ORDERS_PER_EMAIL: '0',
    PUBLIC_URL: 'https://negozi.example.it',
  });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Spedizioni');
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Negozio Vicino');
});
afterAll(async () => {
  await server.close();
});

/** A cash-on-delivery order of one product, by a shopper with their own address. */
async function placeOrder() {
  const p = await insertProduct(server, store.id, { title: 'Tazza Aurora', priceCents: 2000, stock: 10 });
  const email = uniqueEmail('cliente');
  const body = checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 2000 }]);
  body.customer = { ...body.customer, customerEmail: email };
  const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
  expect(res.status).toBe(201);
  return { ...(res.body as { orderId: string; orderNumber: number; orderToken: string }), email, productId: p.id };
}

const patch = (c: Client, orderId: string, body: unknown, storeId = store.id) => c.patch(`/api/stores/${storeId}/orders/${orderId}`, body);
const putShipment = (c: Client, orderId: string, body: unknown, storeId = store.id) => c.put(`/api/stores/${storeId}/orders/${orderId}/shipment`, body);
const publicOrder = async (token: string) => (await client(server.url).get(`/api/public/stores/${store.slug}/orders/${token}`)).body.order;
const shipmentRow = (orderId: string) => server.ctx.db.selectFrom('order_shipments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
const statusOf = async (orderId: string) =>
  (await server.ctx.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;
/**
 * The shipping mails this shopper received, once nothing more is queued for them (mails are queued
 * in the request's transaction, so whatever a request sends is in the queue when it answers).
 */
async function shippingMails(email: string) {
  const deadline = Date.now() + 5000;
  while ((await server.ctx.db.selectFrom('mail_queue').select('id').where('to_address', '=', email).execute()).length > 0) {
    if (Date.now() > deadline) throw new Error('mail still queued');
    await new Promise((r) => setTimeout(r, 50));
  }
  return server.smtp.mails.filter((m) => m.to.includes(email) && /spedit|spedizione|consegnato/.test(m.subject)).map((m) => m.subject);
}

describe(`shipping an order with a carrier and tracking (${engine})`, () => {
  it('ships with BRT: stores the tracking, mails the shopper the link, shows it on the order page', async () => {
    const o = await placeOrder();
    const res = await patch(owner, o.orderId, { status: 'shipped', shipment: { carrier: 'brt', trackingNumber: ' 0123456789012 ' } });
    expect(res.status).toBe(200);
    const link = 'https://www.mybrt.it/it/mybrt/my-parcels/search?lang=it&parcelNumber=0123456789012';
    expect(res.body.order.status).toBe('shipped');
    expect(res.body.order.shipment).toMatchObject({
      carrier: 'brt',
      carrierLabel: 'BRT',
      trackingNumber: '0123456789012',
      trackingUrl: link,
      deliveredAt: null,
    });
    expect(res.body.order.shipment.shippedAt).toEqual(expect.any(String));
    expect(await shipmentRow(o.orderId)).toMatchObject({ store_id: store.id, carrier: 'brt', tracking_number: '0123456789012', tracking_url: null });
    // Stock followed the status as before.
    expect(await unitOf(server, o.productId)).toEqual({ qty: 8, reserved: 0 });

    const mail = await server.smtp.waitFor(o.email, new RegExp(`^Il tuo ordine è stato spedito — #${o.orderNumber}$`));
    expect(mail.text).toContain(`il tuo ordine #${o.orderNumber} su Bottega Spedizioni è stato spedito`);
    expect(mail.text).toContain('Spedito con BRT.');
    expect(mail.text).toContain('Numero di tracking: 0123456789012');
    expect(mail.text).toContain(`Traccia la spedizione: ${link}`);
    expect(mail.text).toContain(`https://negozi.example.it/store/${store.slug}/ordine/${o.orderToken}`);
    expect(mail.html).toContain('Il tuo ordine è stato spedito');
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));

    const page = await publicOrder(o.orderToken);
    expect(page.status).toBe('shipped');
    expect(page.shipment).toMatchObject({ carrier: 'brt', carrierLabel: 'BRT', trackingNumber: '0123456789012', trackingUrl: link });
    expect(await shippingMails(o.email)).toEqual([`Il tuo ordine è stato spedito — #${o.orderNumber}`]);
  });

  it('builds the Poste Italiane link, and "Consegnato" sends a short mail', async () => {
    const o = await placeOrder();
    await patch(owner, o.orderId, { status: 'shipped', shipment: { carrier: 'poste', trackingNumber: 'RA123456789IT' } });
    const mail = await server.smtp.waitFor(o.email, /Il tuo ordine è stato spedito/);
    expect(mail.text).toContain('Spedito con Poste Italiane.');
    expect(mail.text).toContain('https://www.poste.it/cerca/index.html#/risultati-spedizioni/RA123456789IT');

    const delivered = await patch(owner, o.orderId, { status: 'delivered' });
    expect(delivered.status).toBe(200);
    expect(delivered.body.order.shipment).toMatchObject({ carrier: 'poste', trackingNumber: 'RA123456789IT', deliveredAt: expect.any(String) });
    const done = await server.smtp.waitFor(o.email, new RegExp(`^Il tuo ordine è stato consegnato — #${o.orderNumber}$`));
    expect(done.text).toContain('risulta consegnato');
    expect(done.text).toContain(`/store/${store.slug}/ordine/${o.orderToken}`);
    expect((await publicOrder(o.orderToken)).shipment.trackingUrl).toBe('https://www.poste.it/cerca/index.html#/risultati-spedizioni/RA123456789IT');
    expect(await shippingMails(o.email)).toHaveLength(2);
  });

  it('ships without tracking, adds it later (the shopper hears once about it), and one request never mails twice', async () => {
    const o = await placeOrder();
    const shipped = await patch(owner, o.orderId, { status: 'shipped' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.order.shipment).toMatchObject({ carrier: null, trackingNumber: null, trackingUrl: null });
    expect((await publicOrder(o.orderToken)).shipment).toMatchObject({ carrier: null, trackingUrl: null });
    const first = await server.smtp.waitFor(o.email, /Il tuo ordine è stato spedito/);
    expect(first.text).not.toContain('Traccia la spedizione');
    expect(first.text).toContain(`Vedi il tuo ordine: https://negozi.example.it/store/${store.slug}/ordine/${o.orderToken}`);

    // Saying 'Spedito' again changes nothing and sends nothing.
    expect((await patch(owner, o.orderId, { status: 'shipped' })).status).toBe(200);
    expect(await shippingMails(o.email)).toHaveLength(1);

    const added = await putShipment(owner, o.orderId, { carrier: 'dhl', trackingNumber: '1234567890' });
    expect(added.status).toBe(200);
    expect(added.body.order.shipment).toMatchObject({
      carrier: 'dhl',
      trackingUrl: 'https://www.dhl.com/it-it/home/tracciabilita.html?tracking-id=1234567890',
    });
    const update = await server.smtp.waitFor(o.email, /Aggiornamento sulla spedizione/);
    expect(update.text).toContain('https://www.dhl.com/it-it/home/tracciabilita.html?tracking-id=1234567890');
    // The same data again: no second update.
    expect((await putShipment(owner, o.orderId, { carrier: 'dhl', trackingNumber: '1234567890' })).status).toBe(200);
    expect(await shippingMails(o.email)).toHaveLength(2);
  });

  it("'Altro' uses the link the team gives (https only), or none", async () => {
    const o = await placeOrder();
    const res = await patch(owner, o.orderId, {
      status: 'shipped',
      shipment: { carrier: 'altro', trackingNumber: 'AB-1234', trackingUrl: 'https://tracking.corriere-locale.it/pacco/AB-1234' },
    });
    expect(res.status).toBe(200);
    expect(res.body.order.shipment).toMatchObject({
      carrier: 'altro',
      carrierLabel: 'Altro',
      trackingUrl: 'https://tracking.corriere-locale.it/pacco/AB-1234',
    });
    const mail = await server.smtp.waitFor(o.email, /Il tuo ordine è stato spedito/);
    expect(mail.text).toContain('Spedito con corriere.');
    expect(mail.text).toContain('Traccia la spedizione: https://tracking.corriere-locale.it/pacco/AB-1234');
    const none = await putShipment(owner, o.orderId, { carrier: 'altro', trackingNumber: 'AB-1234', trackingUrl: '' });
    expect(none.body.order.shipment).toMatchObject({ carrier: 'altro', trackingNumber: 'AB-1234', trackingUrl: null });
  });

  it('a shipped order sent back to processing and shipped again tells the shopper again', async () => {
    const o = await placeOrder();
    await patch(owner, o.orderId, { status: 'shipped', shipment: { carrier: 'gls', trackingNumber: 'GLS123456' } });
    await patch(owner, o.orderId, { status: 'processing' });
    expect((await publicOrder(o.orderToken)).shipment).toBeNull();
    const again = await patch(owner, o.orderId, { status: 'shipped' });
    // The tracking typed the first time is kept.
    expect(again.body.order.shipment).toMatchObject({
      carrier: 'gls',
      trackingUrl: 'https://gls-group.com/IT/it/servizi-online/ricerca-spedizioni/?match=GLS123456',
    });
    expect(await shippingMails(o.email)).toHaveLength(2);
  });
});

describe(`bad shipping input changes nothing and sends nothing (${engine})`, () => {
  it('refuses a 500-character tracking number, an unknown carrier, a bad link, a link for a named carrier', async () => {
    const o = await placeOrder();
    const cases: Array<[unknown, string]> = [
      [{ carrier: 'brt', trackingNumber: 'A'.repeat(500) }, 'Numero di tracking non valido'],
      [{ carrier: 'brt', trackingNumber: 'AB' }, 'Numero di tracking non valido'],
      [{ carrier: 'brt', trackingNumber: '12 34/56' }, 'Numero di tracking non valido'],
      [{ carrier: 'tnt', trackingNumber: '123456' }, 'Scegli un corriere'],
      [{ carrier: 'altro', trackingNumber: '123456', trackingUrl: 'http://tracking.example.it/123456' }, 'Link di tracking non valido'],
      [{ carrier: 'altro', trackingUrl: 'javascript:alert(1)' }, 'Link di tracking non valido'],
      [{ carrier: 'altro', trackingUrl: `https://example.it/${'x'.repeat(600)}` }, 'Link di tracking non valido'],
      [{ carrier: 'brt', trackingNumber: '123456', trackingUrl: 'https://example.it/t' }, 'Il link di tracking si indica solo con il corriere “Altro”'],
      [{ carrier: 'brt', trackingNumber: '123456', extra: 1 }, ''],
    ];
    for (const [shipment, message] of cases) {
      const res = await patch(owner, o.orderId, { status: 'shipped', shipment });
      expect(res.status, JSON.stringify(shipment)).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    const wrongStatus = await patch(owner, o.orderId, { status: 'processing', shipment: { carrier: 'brt', trackingNumber: '123456' } });
    expect(wrongStatus.status).toBe(400);
    expect(wrongStatus.body.error.message).toBe('Corriere e tracking si indicano solo quando l’ordine passa a “Spedito”');

    expect(await statusOf(o.orderId)).toBe('pending');
    expect(await shipmentRow(o.orderId)).toBeUndefined();
    expect(await unitOf(server, o.productId)).toEqual({ qty: 10, reserved: 2 });

    // The same refusals on the edit of an order already shipped: the stored tracking stays.
    await patch(owner, o.orderId, { status: 'shipped', shipment: { carrier: 'ups', trackingNumber: '1Z999AA10123456784' } });
    for (const [shipment] of cases) expect((await putShipment(owner, o.orderId, shipment)).status).toBe(400);
    expect(await shipmentRow(o.orderId)).toMatchObject({ carrier: 'ups', tracking_number: '1Z999AA10123456784' });
    expect(await shippingMails(o.email)).toHaveLength(1);
  });

  it('refuses to edit the shipment of an order not shipped yet (409)', async () => {
    const o = await placeOrder();
    const res = await putShipment(owner, o.orderId, { carrier: 'sda', trackingNumber: '123456789' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Puoi indicare la spedizione solo di un ordine spedito o consegnato');
    expect(await shipmentRow(o.orderId)).toBeUndefined();
    expect(await shippingMails(o.email)).toEqual([]);
  });

  it("another store's order is not found, outsiders and signed-out callers are refused, staff may ship", async () => {
    const o = await placeOrder();
    const body = { status: 'shipped', shipment: { carrier: 'brt', trackingNumber: '0123456789' } };
    expect((await patch(otherOwner, o.orderId, body)).status).toBe(404);
    expect((await patch(otherOwner, o.orderId, body, other.id)).status).toBe(404);
    expect((await putShipment(otherOwner, o.orderId, body.shipment)).status).toBe(404);
    expect((await putShipment(otherOwner, o.orderId, body.shipment, other.id)).status).toBe(404);
    expect((await client(server.url).put(`/api/stores/${store.id}/orders/${o.orderId}/shipment`, body.shipment)).status).toBe(401);
    expect(await statusOf(o.orderId)).toBe('pending');
    expect(await shipmentRow(o.orderId)).toBeUndefined();
    expect(await shippingMails(o.email)).toEqual([]);

    // Every member role has orders:write (admin, staff): staff ships like the owner.
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    expect((await patch(staff.client, o.orderId, body)).status).toBe(200);
    expect(await shippingMails(o.email)).toHaveLength(1);
  });
});
