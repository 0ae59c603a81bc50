import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatEuro } from '@vetrina/shared';
import { returnMsg } from '@vetrina/shared/returns';
import { returnsRepo } from '../src/modules/returns/repo.js';
import { addMember, client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, discountTerms, insertProduct } from './catalog-factory.js';
import { IBAN, paymentSettings } from './payment-fixtures.js';

let server: TestServer;
let owner: Client;
let otherOwner: Client;
let store: { id: string; slug: string };
let other: { id: string; slug: string };
let code: string;

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Rimborsi');
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Altro Negozio');
  expect((await owner.put(`/api/stores/${store.id}/payments`, paymentSettings({ card: { enabled: false } }))).status).toBe(200);
  const discount = await owner.post(`/api/stores/${store.id}/discounts`, discountTerms({ kind: 'percent', value: 10 }));
  expect(discount.status).toBe(201);
  code = discount.body.discount?.code ?? discount.body.code;
});
afterAll(() => server.close());

/**
 * A paid bank-transfer order: 3 × 10,00 € and 1 × 25,00 €, 10 % off (5,50 €), shipping 5,99 € = 55,49 €.
 * The discount's share: 3,00 € on the first line (paid 27,00 €), 2,50 € on the second (paid 22,50 €).
 */
async function paidOrder(opts: { pay?: boolean } = {}) {
  const a = await insertProduct(server, store.id, { title: `Tazza ${Math.random().toString(36).slice(2, 6)}`, priceCents: 1000, stock: 10 });
  const b = await insertProduct(server, store.id, { title: `Teiera ${Math.random().toString(36).slice(2, 6)}`, priceCents: 2500, stock: 10 });
  const res = await client(server.url).post(
    `/api/public/stores/${store.slug}/checkout`,
    checkoutBody(
      [
        { productId: a.id, quantity: 3, unitPriceCents: 1000 },
        { productId: b.id, quantity: 1, unitPriceCents: 2500 },
      ],
      { paymentMethod: 'bank_transfer', discountCode: code, discountCents: 550, totalCents: 5549 },
    ),
  );
  expect(res.status).toBe(201);
  const id: string = res.body.orderId;
  if (opts.pay !== false) expect((await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'paid' })).status).toBe(200);
  const items = await server.ctx.db.selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', id).execute();
  const line = (p: { id: string }) => items.find((i) => i.product_id === p.id)!.id;
  return { id, token: res.body.orderToken as string, cups: line(a), teapot: line(b) };
}

const refunds = (orderId: string, body: unknown, who = owner, storeId = store.id) => who.post(`/api/stores/${storeId}/orders/${orderId}/refunds`, body);
const orderRow = (id: string) => server.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
/** The store's revenue and paid revenue over all its days. */
async function storeFigures() {
  const r = await server.ctx.db
    .selectFrom('store_daily_stats')
    .select([(eb) => eb.fn.sum<number>('revenue_cents').as('revenue'), (eb) => eb.fn.sum<number>('paid_cents').as('paid')])
    .where('store_id', '=', store.id)
    .executeTakeFirstOrThrow();
  return { revenue: Number(r.revenue ?? 0), paid: Number(r.paid ?? 0) };
}
const refundRows = (orderId: string) => server.ctx.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).execute();

describe(`refunds by line (${engine})`, () => {
  it('refunds lines net of their discount share, shipping in part and an adjustment; partially, then fully refunded', async () => {
    const o = await paidOrder();
    const figures = await storeFigures();
    const first = await refunds(o.id, { lines: [{ orderItemId: o.cups, quantity: 1 }], iban: IBAN });
    expect(first.status).toBe(201);
    // 27,00 € paid for 3 cups: one is 9,00 €.
    expect(first.body.refund).toMatchObject({ method: 'manual', status: 'succeeded', itemsCents: 900, shippingCents: 0, adjustmentCents: 0, amountCents: 900 });
    expect(first.body.refund.lines).toEqual([expect.objectContaining({ orderItemId: o.cups, quantity: 1, amountCents: 900 })]);
    expect((await orderRow(o.id)).payment_status).toBe('partially_refunded');
    const page = await client(server.url).get(`/api/public/stores/${store.slug}/orders/${o.token}`);
    expect(page.body.order.paymentStatus).toBe('partially_refunded');
    // The shopper is told what came back, and how.
    const number = (await orderRow(o.id)).order_number;
    const mail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`^Rimborso di 9,00\\s€ per l’ordine #${number}$`));
    expect(mail.text).toContain('Totale rimborsato: 9,00\u00a0€');
    expect(mail.text).toContain('bonifico');

    const second = await refunds(o.id, { lines: [{ orderItemId: o.teapot, quantity: 1 }], shippingCents: 300, adjustmentCents: -100, iban: IBAN });
    expect(second.status).toBe(201);
    expect(second.body.refund).toMatchObject({ itemsCents: 2250, shippingCents: 300, adjustmentCents: -100, amountCents: 2450 });

    const list = await owner.get(`/api/stores/${store.id}/orders/${o.id}/refunds`);
    expect(list.status).toBe(200);
    expect(list.body.refunds.map((r: { amountCents: number }) => r.amountCents)).toEqual([900, 2450]);
    expect(list.body.refundable).toMatchObject({ totalCents: 5549, discountCents: 550, shippingCents: 599, method: 'manual', paid: true });
    expect(list.body.refundable.prior).toHaveLength(2);

    // What is left: 2 cups (18,00 €), 2,99 € of shipping, and the 1,00 € kept back by the adjustment.
    const rest = await refunds(o.id, { lines: [{ orderItemId: o.cups, quantity: 2 }], shippingCents: 299, adjustmentCents: 100, iban: IBAN });
    expect(rest.status).toBe(201);
    expect(rest.body.refund.amountCents).toBe(1800 + 299 + 100);
    const after = await orderRow(o.id);
    expect(after).toMatchObject({ payment_status: 'refunded', refunded_cents: 5549 });
    const total = (await refundRows(o.id)).reduce((s, r) => s + Number(r.amount_cents), 0);
    expect(total).toBe(5549);
    // The home's revenue and paid revenue lose all that went back, the last refund included.
    expect(await storeFigures()).toEqual({ revenue: figures.revenue - 5549, paid: figures.paid - 5549 });
  });

  it('refuses a refund above what is left with a 409, and changes nothing', async () => {
    const o = await paidOrder();
    expect((await refunds(o.id, { adjustmentCents: 5000, iban: IBAN })).status).toBe(201);
    const before = await orderRow(o.id);
    const over = await refunds(o.id, { lines: [{ orderItemId: o.cups, quantity: 1 }], iban: IBAN });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe(returnMsg.refundOver(formatEuro(549)));
    expect(await orderRow(o.id)).toMatchObject({ refunded_cents: before.refunded_cents, payment_status: 'partially_refunded' });
    expect(await refundRows(o.id)).toHaveLength(1);
    const shipping = await refunds(o.id, { shippingCents: 600, iban: IBAN });
    expect(shipping.status).toBe(400);
    expect(shipping.body.error.message).toBe(returnMsg.shippingOver(formatEuro(599)));
    const nothing = await refunds(o.id, { iban: IBAN });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error.message).toBe(returnMsg.refundNothing);
  });

  it('two refunds at once for the last euro: one succeeds, the other is refused', async () => {
    const o = await paidOrder();
    expect((await refunds(o.id, { adjustmentCents: 5449, iban: IBAN })).status).toBe(201);
    const answers = await Promise.all([refunds(o.id, { adjustmentCents: 100, iban: IBAN }), refunds(o.id, { adjustmentCents: 100, iban: IBAN })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error.message).toBe(returnMsg.refundOver(formatEuro(0)));
    expect(await orderRow(o.id)).toMatchObject({ refunded_cents: 5549, payment_status: 'refunded' });
    expect(await refundRows(o.id)).toHaveLength(2);
  });

  it('two refunds at once of the same last unit: one succeeds', async () => {
    const o = await paidOrder();
    const body = { lines: [{ orderItemId: o.teapot, quantity: 1 }], iban: IBAN };
    const answers = await Promise.all([refunds(o.id, body), refunds(o.id, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await orderRow(o.id)).refunded_cents).toBe(2250);
  });

  it.each([
    ['negative shipping', { shippingCents: -1 }, returnMsg.refundAmount],
    ['fractional shipping', { shippingCents: 1.5 }, returnMsg.refundAmount],
    ['a fractional adjustment', { adjustmentCents: 0.5 }, returnMsg.refundAmount],
    ['a fractional quantity', { lines: [{ orderItemId: 'x', quantity: 1.5 }] }, returnMsg.quantity],
  ])('refuses %s with a 400', async (_what, body, message) => {
    const o = await paidOrder();
    const res = await refunds(o.id, { iban: IBAN, ...body });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await refundRows(o.id)).toHaveLength(0);
  });

  it('refuses lines not in the order and quantities above what is left', async () => {
    const o = await paidOrder();
    const foreign = await paidOrder();
    const notHere = await refunds(o.id, { lines: [{ orderItemId: foreign.cups, quantity: 1 }], iban: IBAN });
    expect(notHere.status).toBe(400);
    expect(notHere.body.error.message).toBe(returnMsg.lineNotInOrder);
    const tooMany = await refunds(o.id, { lines: [{ orderItemId: o.cups, quantity: 4 }], iban: IBAN });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/puoi restituire al massimo 3$/);
    expect(await refundRows(o.id)).toHaveLength(0);
  });

  it('manual refunds need a valid IBAN; an unpaid order has nothing to refund', async () => {
    const o = await paidOrder();
    const missing = await refunds(o.id, { adjustmentCents: 100 });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(returnMsg.refundIbanRequired);
    const bad = await refunds(o.id, { adjustmentCents: 100, iban: 'IT61X0542811101000000123456' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(returnMsg.iban);
    const unpaid = await paidOrder({ pay: false });
    const res = await refunds(unpaid.id, { adjustmentCents: 100, iban: IBAN });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(returnMsg.refundUnpaid);
    expect([...(await refundRows(o.id)), ...(await refundRows(unpaid.id))]).toHaveLength(0);
  });

  it('another store’s order is 404; staff may read (IBAN masked) but not refund', async () => {
    const o = await paidOrder();
    expect((await refunds(o.id, { adjustmentCents: 100, iban: IBAN }, otherOwner)).status).toBe(404);
    expect((await refunds(o.id, { adjustmentCents: 100, iban: IBAN }, otherOwner, other.id)).status).toBe(404);
    expect((await otherOwner.get(`/api/stores/${other.id}/orders/${o.id}/refunds`)).status).toBe(404);
    expect((await otherOwner.post(`/api/stores/${other.id}/refunds/nope/retry`)).status).toBe(404);
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    await returnsRepo(server.ctx.db).insert({
      storeId: store.id,
      orderId: o.id,
      origin: 'shopper',
      customerName: 'Maria Rossi',
      customerEmail: 'maria.rossi@example.it',
      reason: null,
      refundIban: IBAN,
      requestKey: null,
      createdByUserId: null,
      at: new Date().toISOString(),
      lines: [{ orderItemId: o.cups, quantity: 1 }],
    });
    expect((await refunds(o.id, { adjustmentCents: 100, iban: IBAN }, staff.client)).status).toBe(403);
    const read = await staff.client.get(`/api/stores/${store.id}/orders/${o.id}/refunds`);
    expect(read.status).toBe(200);
    expect(read.body.refundable.iban).toBe('IT•• •••• … 3456');
    expect((await owner.get(`/api/stores/${store.id}/orders/${o.id}/refunds`)).body.refundable.iban).toBe(IBAN);
    expect(await refundRows(o.id)).toHaveLength(0);
  });

  it('a refund of a return takes the shopper’s IBAN and closes the return once all its lines are refunded', async () => {
    const o = await paidOrder();
    const repo = returnsRepo(server.ctx.db);
    const ret = await repo.insert({
      storeId: store.id,
      orderId: o.id,
      origin: 'shopper',
      customerName: 'Maria Rossi',
      customerEmail: 'maria.rossi@example.it',
      reason: null,
      refundIban: IBAN,
      requestKey: null,
      createdByUserId: null,
      at: new Date().toISOString(),
      lines: [{ orderItemId: o.cups, quantity: 2 }],
    });
    expect(await repo.move(store.id, ret.id, ['requested'], 'received', new Date().toISOString())).toBe(true);
    const one = await refunds(o.id, { returnId: ret.id, lines: [{ orderItemId: o.cups, quantity: 1 }] });
    expect(one.status).toBe(201);
    expect(one.body.refund.returnId).toBe(ret.id);
    expect((await repo.find(store.id, ret.id))!.status).toBe('received');
    expect((await refunds(o.id, { returnId: ret.id, lines: [{ orderItemId: o.cups, quantity: 1 }] })).status).toBe(201);
    const closed = await repo.find(store.id, ret.id);
    expect(closed).toMatchObject({ status: 'refunded' });
    expect(closed!.closedAt).not.toBeNull();
    const events = await server.ctx.db
      .selectFrom('order_events')
      .select(['kind', 'value'])
      .where('order_id', '=', o.id)
      .where('kind', 'in', ['refund', 'return'])
      .execute();
    expect(events.map((e) => `${e.kind}:${e.value}`).sort()).toEqual(['refund:succeeded:900', 'refund:succeeded:900', `return:refunded:${ret.number}`]);
    const foreignReturn = await refunds(o.id, { returnId: 'non-esiste', adjustmentCents: 100 });
    expect(foreignReturn.status).toBe(404);
    expect(foreignReturn.body.error.message).toBe(returnMsg.notFound);
  });
  it('the ‘Rimborsato’ button counts the whole rest as returned: no refund by line can follow', async () => {
    const o = await paidOrder();
    expect((await refunds(o.id, { adjustmentCents: 1000, iban: IBAN })).status).toBe(201);
    // Only a fully paid order takes the button: after a partial refund it is refused.
    const partial = await owner.patch(`/api/stores/${store.id}/orders/${o.id}/payment`, { paymentStatus: 'refunded' });
    expect(partial.status).toBe(409);
    const fresh = await paidOrder();
    expect((await owner.patch(`/api/stores/${store.id}/orders/${fresh.id}/payment`, { paymentStatus: 'refunded' })).status).toBe(200);
    expect(await orderRow(fresh.id)).toMatchObject({ payment_status: 'refunded', refunded_cents: 5549 });
    const after = await refunds(fresh.id, { lines: [{ orderItemId: fresh.cups, quantity: 1 }], iban: IBAN });
    expect(after.status).toBe(409);
    expect(after.body.error.message).toBe(returnMsg.refundOver(formatEuro(0)));
    expect(await refundRows(fresh.id)).toHaveLength(0);
  });
});
