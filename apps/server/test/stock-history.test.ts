import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@vetrina/shared';
import { STOCK_HISTORY_PAGE_SIZE, stockMovementLabel, type StockHistory, type StockMovement } from '@vetrina/shared/stock-history';
import { clock } from '../src/lib/clock.js';
import { paymentExpiryJob } from '../src/modules/jobs/registry.js';
import { client, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody } from './catalog-factory.js';
import { createProduct, createVariant, member, merchant } from './catalog-fixtures.js';

let server: TestServer;
let m: Awaited<ReturnType<typeof merchant>>;
let other: Awaited<ReturnType<typeof merchant>>;
let staff: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  m = await merchant(server, 'Emporio Storico');
  other = await merchant(server, 'Altro Emporio');
  staff = await member(server, m.store.id, 'staff');
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const history = (c: Client, base: string, inventoryId: string, page = 1) => c.get<StockHistory>(`${base}/inventory/${inventoryId}/history?page=${page}`);

/** The unit's movements, newest first, with the fields a merchant reads. */
async function movements(inventoryId: string) {
  const res = await history(m.client, m.base, inventoryId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((i: StockMovement) => ({
    label: stockMovementLabel(i),
    reason: i.reason,
    qty: i.qtyChange,
    reserved: i.reservedChange,
    qtyAfter: i.qtyAfter,
    reservedAfter: i.reservedAfter,
    order: i.order?.number ?? null,
    actor: i.actor?.email ?? null,
  }));
}

const unitOf = (p: ProductDetail) => p.inventory?.id ?? '';

async function order(lines: Array<{ productId: string; variantId?: string | null; quantity: number; unitPriceCents: number }>, extra = {}) {
  const res = await client(server.url).post(`/api/public/stores/${m.store.slug}/checkout`, checkoutBody(lines, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { orderId: string; orderNumber: number };
}

describe(`stock history (${engine})`, () => {
  it('records the creation and each manual edit with the member who made it; an unchanged quantity adds nothing', async () => {
    const p = await createProduct(m.client, m.base, { title: 'Moka', stock: 10 });
    expect((await m.client.patch(`${m.base}/inventory/${unitOf(p)}`, { qty: 13 })).status).toBe(200);
    // The product form saving the same stock is not a change.
    const same = await m.client.put(`${m.base}/products/${p.id}`, { title: 'Moka da 6', priceCents: 1990, sku: p.sku, stock: 13 });
    expect(same.status).toBe(200);
    const lower = await m.client.put(`${m.base}/products/${p.id}`, { title: 'Moka da 6', priceCents: 1990, sku: p.sku, stock: 12 });
    expect(lower.status).toBe(200);
    expect(await movements(unitOf(p))).toEqual([
      { label: `Modifica manuale di ${m.email}`, reason: 'manual', qty: -1, reserved: 0, qtyAfter: 12, reservedAfter: 0, order: null, actor: m.email },
      { label: `Modifica manuale di ${m.email}`, reason: 'manual', qty: 3, reserved: 0, qtyAfter: 13, reservedAfter: 0, order: null, actor: m.email },
      { label: 'Giacenza iniziale', reason: 'created', qty: 10, reserved: 0, qtyAfter: 10, reservedAfter: 0, order: null, actor: m.email },
    ]);
    // A refused edit (below zero) writes no history.
    expect((await m.client.patch(`${m.base}/inventory/${unitOf(p)}`, { qty: -1 })).status).toBe(400);
    expect(await movements(unitOf(p))).toHaveLength(3);
  });

  it('an order reserves with its number (one row per unit, never the shopper), shipping and cancelling by the team name the member', async () => {
    const mug = await createProduct(m.client, m.base, { title: 'Tazza', priceCents: 1000, stock: 8, status: 'active' });
    const shirt = await createProduct(m.client, m.base, { title: 'Maglia', priceCents: 2000, status: 'active' });
    const size = (await createVariant(m.client, m.base, shirt.id, { label: 'M', stock: 5 })) as { id: string; inventoryId: string };
    const a = await order([
      { productId: mug.id, quantity: 2, unitPriceCents: 1000 },
      { productId: shirt.id, variantId: size.id, quantity: 1, unitPriceCents: 2000 },
    ]);
    const res = await history(m.client, m.base, unitOf(mug));
    expect(JSON.stringify(res.body)).not.toContain('maria.rossi');
    expect(res.body.items[0]).toMatchObject({ reason: 'order', order: { id: a.orderId, number: a.orderNumber }, actor: null });
    expect((await movements(size.inventoryId))[0]).toEqual({
      label: `Ordine #${a.orderNumber}`,
      reason: 'order',
      qty: 0,
      reserved: 1,
      qtyAfter: 5,
      reservedAfter: 1,
      order: a.orderNumber,
      actor: null,
    });

    expect((await m.client.patch(`${m.base}/orders/${a.orderId}`, { status: 'shipped' })).status).toBe(200);
    const b = await order([{ productId: mug.id, quantity: 3, unitPriceCents: 1000 }]);
    expect((await m.client.patch(`${m.base}/orders/${b.orderId}`, { status: 'cancelled' })).status).toBe(200);
    expect((await m.client.patch(`${m.base}/orders/${b.orderId}`, { status: 'pending' })).status).toBe(200);
    expect((await movements(unitOf(mug))).slice(0, 5)).toEqual([
      {
        label: `Riapertura ordine #${b.orderNumber}`,
        reason: 'reopen',
        qty: 0,
        reserved: 3,
        qtyAfter: 6,
        reservedAfter: 3,
        order: b.orderNumber,
        actor: m.email,
      },
      {
        label: `Annullamento ordine #${b.orderNumber}`,
        reason: 'cancellation',
        qty: 0,
        reserved: -3,
        qtyAfter: 6,
        reservedAfter: 0,
        order: b.orderNumber,
        actor: m.email,
      },
      { label: `Ordine #${b.orderNumber}`, reason: 'order', qty: 0, reserved: 3, qtyAfter: 6, reservedAfter: 3, order: b.orderNumber, actor: null },
      {
        label: `Spedizione ordine #${a.orderNumber}`,
        reason: 'shipment',
        qty: -2,
        reserved: -2,
        qtyAfter: 6,
        reservedAfter: 0,
        order: a.orderNumber,
        actor: m.email,
      },
      { label: `Ordine #${a.orderNumber}`, reason: 'order', qty: 0, reserved: 2, qtyAfter: 8, reservedAfter: 2, order: a.orderNumber, actor: null },
    ]);
    // Moving to a status with the same stock effect writes nothing.
    expect((await m.client.patch(`${m.base}/orders/${b.orderId}`, { status: 'confirmed' })).status).toBe(200);
    expect(await movements(unitOf(mug))).toHaveLength(6);
  });

  it('an unpaid order past its deadline gives its units back as an expiry, with no member', async () => {
    const bank = { enabled: true, iban: 'IT60X0542811101000000123456', holder: 'Bottega Srl', bank: 'Banca Esempio', deadlineDays: 2 };
    const settings = await m.client.put(`${m.base}/payments`, {
      bankTransfer: bank,
      cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
      pickup: { enabled: false, address: '', hours: '' },
      card: { enabled: false, secretKey: '', webhookSecret: '' },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const p = await createProduct(m.client, m.base, { title: 'Vaso', priceCents: 1500, stock: 4, status: 'active' });
    const o = await order([{ productId: p.id, quantity: 2, unitPriceCents: 1500 }], { paymentMethod: 'bank_transfer' });
    clock.advance(3 * 86_400_000);
    await paymentExpiryJob(server.ctx).runOnce();
    clock.reset();
    expect((await movements(unitOf(p)))[0]).toEqual({
      label: `Pagamento scaduto, ordine #${o.orderNumber}`,
      reason: 'expiry',
      qty: 0,
      reserved: -2,
      qtyAfter: 4,
      reservedAfter: 0,
      order: o.orderNumber,
      actor: null,
    });
  });

  it('the CSV import records its changes as "Importazione CSV" by the member, new products included', async () => {
    const p = await createProduct(m.client, m.base, { title: 'Borraccia', sku: 'BOR-STORICO', stock: 2 });
    const file = [
      'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty',
      `${p.slug},Borraccia,BOR-STORICO,19.90,7`,
      'nuova-lampada,Lampada,LAMP-STORICO,30,4',
    ];
    const form = new FormData();
    form.append('file', new Blob([file.join('\r\n')], { type: 'text/csv' }), 'prodotti.csv');
    // The preview is a dry run: it leaves no history either.
    const preview = new FormData();
    preview.append('file', new Blob([file.join('\r\n')], { type: 'text/csv' }), 'prodotti.csv');
    expect((await m.client.post(`${m.base}/import/products?mode=preview`, preview)).status).toBe(200);
    expect(await movements(unitOf(p))).toHaveLength(1);
    const res = await m.client.post(`${m.base}/import/products?mode=apply`, form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await movements(unitOf(p)))[0]).toEqual({
      label: 'Importazione CSV',
      reason: 'import',
      qty: 5,
      reserved: 0,
      qtyAfter: 7,
      reservedAfter: 0,
      order: null,
      actor: m.email,
    });
    const lamp = await server.ctx.db
      .selectFrom('inventory as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .select('i.id')
      .where('p.sku', '=', 'LAMP-STORICO')
      .executeTakeFirstOrThrow();
    expect(await movements(lamp.id)).toEqual([
      { label: 'Importazione CSV', reason: 'import', qty: 4, reserved: 0, qtyAfter: 4, reservedAfter: 0, order: null, actor: m.email },
    ]);
  });

  it('pages newest first, staff may read it, another store’s unit is 404, and deleting the product takes its history along', async () => {
    const p = await createProduct(m.client, m.base, { title: 'Candela', stock: 0 });
    for (let qty = 1; qty <= STOCK_HISTORY_PAGE_SIZE + 2; qty++) await m.client.patch(`${m.base}/inventory/${unitOf(p)}`, { qty });
    const first = await history(staff.client, m.base, unitOf(p));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: STOCK_HISTORY_PAGE_SIZE + 3, page: 1, pageSize: STOCK_HISTORY_PAGE_SIZE });
    expect(first.body.items[0]?.qtyAfter).toBe(STOCK_HISTORY_PAGE_SIZE + 2);
    const second = await history(staff.client, m.base, unitOf(p), 2);
    expect(second.body.items.map((i) => i.qtyAfter)).toEqual([2, 1, 0]);
    expect((await history(m.client, m.base, unitOf(p), 0)).status).toBe(400);

    // Another store's admin: with their own store in the path, or with this one.
    const foreign = await history(other.client, other.base, unitOf(p));
    expect(foreign.status).toBe(404);
    expect((foreign.body as unknown as { error: { message: string } }).error.message).toBe('Articolo di magazzino non trovato');
    expect((await history(other.client, m.base, unitOf(p))).status).toBe(404);

    expect((await m.client.del(`${m.base}/products/${p.id}`)).status).toBe(204);
    const left = await server.ctx.db.selectFrom('stock_movements').select('id').where('product_id', '=', p.id).execute();
    expect(left).toEqual([]);
  });
});
