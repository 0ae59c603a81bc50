import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_LIMITS, bulkMsg, catalogMsg } from '@vetrina/shared';
import { csvMsg } from '@vetrina/shared/csv';
import { client, engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertCategory, insertProduct, unitOf } from './catalog-factory.js';
import { createProduct, createVariant, member, merchant, storeFiles, uploadImages } from './catalog-fixtures.js';
import { expectApiError } from './team-helpers.js';

let server: TestServer;
let owner: Client;
let staff: Client;
let staffId: string;
let outsider: Client;
let store: { id: string; slug: string };
let other: { id: string; slug: string };

beforeAll(async () => {
  // A long storefront cache: a bulk write must drop it as a single write does.
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0', PUBLIC_CACHE_MS: '60000' });
  const a = await merchant(server, 'Bottega Tabelle');
  owner = a.client;
  store = a.store;
  const staffUser = await member(server, store.id, 'staff');
  staff = staffUser.client;
  staffId = staffUser.id;
  const b = await merchant(server, 'Negozio Accanto');
  outsider = b.client;
  other = b.store;
});
afterAll(async () => {
  await server.close();
});

const productsBulk = (c: Client, body: unknown, storeId = store.id) => c.post(`/api/stores/${storeId}/products/bulk`, body);
const ordersBulk = (c: Client, body: unknown, storeId = store.id) => c.post(`/api/stores/${storeId}/orders/bulk`, body);
/** Every product row of both stores: a refused request must leave them exactly as they were. */
const catalogue = async () =>
  JSON.stringify(await server.ctx.db.selectFrom('products').select(['id', 'status', 'category_id', 'updated_at']).orderBy('id').execute());
const productRow = (id: string) => server.ctx.db.selectFrom('products').select(['status', 'category_id']).where('id', '=', id).executeTakeFirst();
const orderStatus = async (id: string) => (await server.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

async function placeOrder(slug: string, productId: string, email = uniqueEmail('cliente')) {
  const body = checkoutBody([{ productId, quantity: 2, unitPriceCents: 1000 }]);
  body.customer = { ...body.customer, customerEmail: email };
  const res = await client(server.url).post(`/api/public/stores/${slug}/checkout`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { ...(res.body as { orderId: string; orderNumber: number }), email };
}

describe(`bulk actions on products (${engine})`, () => {
  it('sets the status of the selected products only, and staff may do it as they may edit one', async () => {
    const [a, b, c] = [await insertProduct(server, store.id), await insertProduct(server, store.id), await insertProduct(server, store.id)];
    const onSale = async () => (await client(server.url).get(`/api/public/stores/${store.slug}/products`)).body.items.map((p: { id: string }) => p.id);
    expect(await onSale()).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    const res = await productsBulk(owner, { action: 'status', ids: [a.id, b.id, a.id], status: 'draft' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    expect((await productRow(a.id))?.status).toBe('draft');
    expect((await productRow(b.id))?.status).toBe('draft');
    expect((await productRow(c.id))?.status).toBe('active');
    // The storefront stops showing the drafts at once (its cached list was dropped).
    const shown = await onSale();
    expect(shown).toContain(c.id);
    expect(shown).not.toContain(a.id);
    expect(shown).not.toContain(b.id);
    expect((await productsBulk(staff, { action: 'status', ids: [c.id], status: 'archived' })).status).toBe(200);
    expect((await productRow(c.id))?.status).toBe('archived');
  });

  it('moves the selected products to a category of the store, or out of any', async () => {
    const category = await insertCategory(server, store.id, 'Ceramiche', `ceramiche-${Date.now().toString(36)}`);
    const [a, b] = [await insertProduct(server, store.id), await insertProduct(server, store.id)];
    expect((await productsBulk(owner, { action: 'category', ids: [a.id, b.id], categoryId: category })).status).toBe(200);
    expect((await productRow(a.id))?.category_id).toBe(category);
    // The new category finds them in the dashboard's search.
    const found = await owner.get(`/api/stores/${store.id}/products?q=ceramiche`);
    expect(found.body.items.map((p: { id: string }) => p.id).sort()).toEqual([a.id, b.id].sort());
    expect((await productsBulk(owner, { action: 'category', ids: [b.id], categoryId: null })).status).toBe(200);
    expect((await productRow(b.id))?.category_id).toBeNull();
  });

  it('deletes the selected products with their variants, stock, SKUs and image files', async () => {
    const base = `/api/stores/${store.id}`;
    const images = await uploadImages(owner, base, 2);
    const pictured = await createProduct(owner, base, { imageIds: images.map((i) => i.id) });
    await createVariant(owner, base, pictured.id);
    const plain = await insertProduct(server, store.id);
    const kept = await insertProduct(server, store.id);
    const stored = (f: string[], img: { url: string; thumbUrl: string }) => f.some((key) => img.url.endsWith(key) || img.thumbUrl.endsWith(key));
    const before = await storeFiles(server, store.id);
    for (const img of images) expect(stored(before, img)).toBe(true);
    const res = await productsBulk(owner, { action: 'delete', ids: [pictured.id, plain.id] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ count: 2 });
    for (const id of [pictured.id, plain.id]) {
      expect(await productRow(id)).toBeUndefined();
      expect(await server.ctx.db.selectFrom('inventory').select('id').where('product_id', '=', id).execute()).toEqual([]);
      expect(await server.ctx.db.selectFrom('store_skus').select('sku').where('product_id', '=', id).execute()).toEqual([]);
    }
    const files = await storeFiles(server, store.id);
    for (const img of images) expect(stored(files, img)).toBe(false);
    expect(await productRow(kept.id)).toBeDefined();
  });

  it('refuses the whole request when one id is another store’s or unknown, changing nothing', async () => {
    const mine = await insertProduct(server, store.id);
    const theirs = await insertProduct(server, other.id);
    const category = await insertCategory(server, store.id, 'Tessuti', `tessuti-${Date.now().toString(36)}`);
    const before = await catalogue();
    for (const body of [
      { action: 'status', ids: [mine.id, theirs.id], status: 'draft' },
      { action: 'category', ids: [mine.id, theirs.id], categoryId: category },
      { action: 'delete', ids: [mine.id, theirs.id] },
      { action: 'delete', ids: [mine.id, '00000000-0000-4000-8000-000000000000'] },
    ])
      expectApiError(await productsBulk(owner, body), 404, bulkMsg.productsNotFound);
    // Their own store's id with this store's products: the same answer.
    expectApiError(await productsBulk(outsider, { action: 'delete', ids: [mine.id] }, other.id), 404, bulkMsg.productsNotFound);
    // A category of another store is not found either.
    const foreignCategory = await insertCategory(server, other.id, 'Altrui', `altrui-${Date.now().toString(36)}`);
    expectApiError(await productsBulk(owner, { action: 'category', ids: [mine.id], categoryId: foreignCategory }), 404, catalogMsg.categoryNotFound);
    // Not a member: the store itself is not found.
    expect((await productsBulk(outsider, { action: 'delete', ids: [mine.id] })).status).toBe(404);
    expect((await productsBulk(client(server.url), { action: 'delete', ids: [mine.id] })).status).toBe(401);
    expect(await catalogue()).toBe(before);
  });

  it('answers bad input with an Italian message and changes nothing', async () => {
    const p = await insertProduct(server, store.id);
    const before = await catalogue();
    const many = Array.from({ length: BULK_LIMITS.maxIds + 1 }, (_, i) => `${p.id.slice(0, 30)}${i}`);
    expectApiError(await productsBulk(owner, { action: 'status', ids: [], status: 'draft' }), 400, bulkMsg.empty);
    expectApiError(await productsBulk(owner, { action: 'status', ids: many, status: 'draft' }), 400, bulkMsg.tooMany);
    expectApiError(await productsBulk(owner, { action: 'status', ids: [p.id], status: 'venduto' }), 400, catalogMsg.statusInvalid);
    expectApiError(await productsBulk(owner, { action: 'rename', ids: [p.id] }), 400, bulkMsg.action);
    expectApiError(await productsBulk(owner, { action: 'delete', ids: 'tutti' }), 400, bulkMsg.empty);
    expectApiError(await productsBulk(owner, { action: 'delete', ids: [''] }), 400, bulkMsg.idInvalid);
    expect(await catalogue()).toBe(before);
  });
});

describe(`bulk status change of orders (${engine})`, () => {
  it('changes each order as the single change does: stock and the shopper’s mail follow', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 10 });
    const [o1, o2, o3] = [await placeOrder(store.slug, p.id), await placeOrder(store.slug, p.id), await placeOrder(store.slug, p.id)];
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 6 });
    const res = await ordersBulk(staff, { action: 'status', ids: [o1.orderId, o2.orderId], status: 'shipped' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 2, failures: [] });
    expect(await orderStatus(o1.orderId)).toBe('shipped');
    expect(await orderStatus(o3.orderId)).toBe('pending');
    expect(await unitOf(server, p.id)).toEqual({ qty: 6, reserved: 2 });
    // The stock history names the member who shipped them, as for a single change.
    const shipped = await server.ctx.db
      .selectFrom('stock_movements')
      .select(['order_id', 'reason', 'actor_user_id'])
      .where('reason', '=', 'shipment')
      .where('order_id', 'in', [o1.orderId, o2.orderId])
      .execute();
    expect(shipped.map((m) => m.actor_user_id)).toEqual([staffId, staffId]);
    await expect.poll(() => server.smtp.mails.filter((m) => m.to.includes(o1.email) && /spedito/i.test(m.subject)).length).toBe(1);
  });

  it('reports the orders it could not change, in Italian, and leaves them as they were', async () => {
    const p = await insertProduct(server, store.id, { title: 'Vaso Blu', priceCents: 1000, stock: 2 });
    const gone = await placeOrder(store.slug, p.id);
    expect((await owner.patch(`/api/stores/${store.id}/orders/${gone.orderId}`, { status: 'cancelled' })).status).toBe(200);
    const open = await placeOrder(store.slug, p.id);
    // The two units are now the second order's: the cancelled one cannot take them back.
    const res = await ordersBulk(owner, { action: 'status', ids: [gone.orderId, open.orderId], status: 'confirmed' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      updated: 1,
      failures: [{ id: gone.orderId, orderNumber: gone.orderNumber, message: 'Disponibilità insufficiente per "Vaso Blu"' }],
    });
    expect(await orderStatus(gone.orderId)).toBe('cancelled');
    expect(await orderStatus(open.orderId)).toBe('confirmed');
    expect(await unitOf(server, p.id)).toEqual({ qty: 2, reserved: 2 });
  });

  it('refuses a selection with another store’s order, bad input and callers without the permission', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 10 });
    const q = await insertProduct(server, other.id, { priceCents: 1000, stock: 10 });
    const mine = await placeOrder(store.slug, p.id);
    const theirs = await placeOrder(other.slug, q.id);
    expectApiError(await ordersBulk(owner, { action: 'status', ids: [mine.orderId, theirs.orderId], status: 'confirmed' }), 404, bulkMsg.ordersNotFound);
    expectApiError(await ordersBulk(outsider, { action: 'status', ids: [mine.orderId], status: 'confirmed' }, other.id), 404, bulkMsg.ordersNotFound);
    expectApiError(await ordersBulk(owner, { action: 'status', ids: [], status: 'confirmed' }), 400, bulkMsg.empty);
    expectApiError(await ordersBulk(owner, { action: 'status', ids: [mine.orderId], status: 'perso' }), 400, 'Stato non valido');
    expectApiError(await ordersBulk(owner, { action: 'cancella', ids: [mine.orderId] }), 400, bulkMsg.action);
    expect((await ordersBulk(outsider, { action: 'status', ids: [mine.orderId], status: 'confirmed' })).status).toBe(404);
    expect(await orderStatus(mine.orderId)).toBe('pending');
    expect(await orderStatus(theirs.orderId)).toBe('pending');
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 2 });
  });
});

describe(`export of a table's selection (${engine})`, () => {
  it('the products file holds exactly the selected products', async () => {
    const base = `/api/stores/${store.id}`;
    const [a, b, c] = [await createProduct(owner, base), await createProduct(owner, base), await createProduct(owner, base)];
    const res = await staff.get(`${base}/export/products.csv?ids=${a.id},${c.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/prodotti-.+-selezione-\d{4}-\d{2}-\d{2}\.csv/);
    const text = res.body as string;
    // (fetch's text() drops the BOM)
    // Italian Excel's dialect by default; the international one on request.
    expect(text.startsWith('Handle;Title;')).toBe(true);
    const intl = await staff.get(`${base}/export/products.csv?ids=${a.id},${c.id}&format=internazionale`);
    expect((intl.body as string).startsWith('Handle,Title,')).toBe(true);
    expect(text).toContain(a.sku);
    expect(text).toContain(c.sku);
    expect(text).not.toContain(b.sku);
    expect(text.trim().split('\r\n')).toHaveLength(3);
    const theirs = await insertProduct(server, other.id);
    expectApiError(await owner.get(`${base}/export/products.csv?ids=${a.id},${theirs.id}`), 404, bulkMsg.productsNotFound);
    expectApiError(await owner.get(`${base}/export/products.csv?ids=`), 400, bulkMsg.empty);
  });

  it('the orders file holds exactly the lines of the selected orders', async () => {
    const p = await insertProduct(server, store.id, { title: 'Brocca Verde', priceCents: 1000, stock: 20 });
    const [o1, o2] = [await placeOrder(store.slug, p.id), await placeOrder(store.slug, p.id)];
    const res = await owner.get(`/api/stores/${store.id}/export/orders.csv?ids=${o2.orderId}`);
    expect(res.status).toBe(200);
    const lines = (res.body as string).trim().split('\r\n');
    expect(lines[0]).toMatch(/^Numero ordine;/);
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([String(o2.orderNumber)]);
    expect(lines.join('\n')).not.toContain(`\n${o1.orderNumber},`);
    const q = await insertProduct(server, other.id, { priceCents: 1000, stock: 5 });
    const theirs = await placeOrder(other.slug, q.id);
    expectApiError(await owner.get(`/api/stores/${store.id}/export/orders.csv?ids=${o1.orderId},${theirs.orderId}`), 404, bulkMsg.ordersNotFound);
    expectApiError(await owner.get(`/api/stores/${store.id}/export/orders.csv?ids=${o1.orderId}&from=2026-01-01&to=2026-01-31`), 400, csvMsg.rangeOrSelection);
    // Without a selection the range is required, as before.
    expectApiError(await owner.get(`/api/stores/${store.id}/export/orders.csv?from=2026-01-01`), 400, csvMsg.orderDate);
  });
});
