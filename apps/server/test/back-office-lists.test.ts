import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tableMsg } from '@vetrina/shared';
import { client, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertCategory, insertProduct } from './catalog-factory.js';
import { merchant } from './catalog-fixtures.js';
import { expectApiError } from './team-helpers.js';

/** The dashboard tables' sorting and filters, applied by the server (docs/decisions/0027-back-office-tables.md). */
let server: TestServer;
let owner: Client;
let store: { id: string; slug: string };
let ids: Record<'tazza' | 'brocca' | 'vaso' | 'piatto', string>;

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const m = await merchant(server, 'Bottega Ordinata');
  owner = m.client;
  store = m.store;
  const category = await insertCategory(server, store.id, 'Cucina', 'cucina');
  // Created in this order: tazza is the oldest.
  const tazza = await insertProduct(server, store.id, { title: 'Tazza', priceCents: 1200, stock: 0 });
  const brocca = await insertProduct(server, store.id, { title: 'brocca', priceCents: 3000, stock: 2, status: 'draft', categoryId: category });
  const vaso = await insertProduct(server, store.id, {
    title: 'Vaso',
    priceCents: 900,
    variants: [
      { label: 'S', stock: 4 },
      { label: 'L', stock: 5 },
    ],
  });
  const piatto = await insertProduct(server, store.id, { title: 'Piatto', priceCents: 2500, stock: 40, status: 'archived', categoryId: category });
  ids = { tazza: tazza.id, brocca: brocca.id, vaso: vaso.id, piatto: piatto.id };
});
afterAll(async () => {
  await server.close();
});

const titles = async (query: string) => {
  const res = await owner.get(`/api/stores/${store.id}/products?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.items as Array<{ title: string }>).map((p) => p.title);
};

const STATUS_OF: Record<string, string> = { Tazza: 'active', brocca: 'draft', Vaso: 'active', Piatto: 'archived' };

describe(`products table: sorting and filters (${engine})`, () => {
  it('sorts by each column, both ways; without a sort the list stays newest first', async () => {
    expect(await titles('')).toEqual(['Piatto', 'Vaso', 'brocca', 'Tazza']);
    expect(await titles('sort=title')).toEqual(['brocca', 'Piatto', 'Tazza', 'Vaso']);
    expect(await titles('sort=title&dir=desc')).toEqual(['Vaso', 'Tazza', 'Piatto', 'brocca']);
    expect(await titles('sort=price')).toEqual(['Vaso', 'Tazza', 'Piatto', 'brocca']);
    expect(await titles('sort=price&dir=desc')).toEqual(['brocca', 'Piatto', 'Tazza', 'Vaso']);
    // Stock is the units on hand of all the product's units (Vaso: 4 + 5).
    expect(await titles('sort=stock')).toEqual(['Tazza', 'brocca', 'Vaso', 'Piatto']);
    // By status (as stored), ties in the index's id order.
    expect((await titles('sort=status')).map((t) => STATUS_OF[t])).toEqual(['active', 'active', 'archived', 'draft']);
    expect((await titles('sort=status&dir=desc')).map((t) => STATUS_OF[t])).toEqual(['draft', 'archived', 'active', 'active']);
    expect(await titles('sort=created')).toEqual(['Tazza', 'brocca', 'Vaso', 'Piatto']);
  });

  it('follows stock and edits: the stock sort sees a new quantity, the updated sort a new save', async () => {
    const unit = await server.ctx.db.selectFrom('inventory').select('id').where('product_id', '=', ids.tazza).executeTakeFirstOrThrow();
    expect((await owner.patch(`/api/stores/${store.id}/inventory/${unit.id}`, { qty: 100 })).status).toBe(200);
    expect((await titles('sort=stock&dir=desc'))[0]).toBe('Tazza');
    expect((await owner.patch(`/api/stores/${store.id}/inventory/${unit.id}`, { qty: 0 })).status).toBe(200);
    expect((await titles('sort=stock'))[0]).toBe('Tazza');
    const res = await owner.post(`/api/stores/${store.id}/products/bulk`, { action: 'status', ids: [ids.brocca], status: 'draft' });
    expect(res.status).toBe(200);
    expect((await titles('sort=updated&dir=desc'))[0]).toBe('brocca');
  });

  it('filters by stock, status and category, with a search and a sort together', async () => {
    expect(await titles('stock=out')).toEqual(['Tazza']);
    expect((await titles('stock=in')).sort()).toEqual(['Piatto', 'Vaso', 'brocca']);
    // The store's threshold (3 by default): brocca has 2, Vaso's S has 4, Tazza none.
    expect((await titles('stock=low')).sort()).toEqual(['Tazza', 'brocca']);
    await server.ctx.db.updateTable('stores').set({ low_stock_threshold: 4 }).where('id', '=', store.id).execute();
    expect((await titles('stock=low&sort=title')).sort()).toEqual(['Tazza', 'Vaso', 'brocca']);
    const category = await server.ctx.db.selectFrom('categories').select('id').where('store_id', '=', store.id).executeTakeFirstOrThrow();
    expect(await titles(`categoryId=${category.id}&sort=price`)).toEqual(['Piatto', 'brocca']);
    expect(await titles(`categoryId=${category.id}&status=draft&stock=in`)).toEqual(['brocca']);
    expect(await titles('q=vaso&sort=price&dir=desc')).toEqual(['Vaso']);
    const counted = await owner.get(`/api/stores/${store.id}/products?stock=out`);
    expect(counted.body.total).toBe(1);
  });

  it('refuses an unknown sort, direction or stock filter in Italian', async () => {
    expectApiError(await owner.get(`/api/stores/${store.id}/products?sort=colore`), 400, tableMsg.sort);
    expectApiError(await owner.get(`/api/stores/${store.id}/products?sort=title&dir=su`), 400, tableMsg.dir);
    expectApiError(await owner.get(`/api/stores/${store.id}/products?stock=poco`), 400, tableMsg.stock);
  });
});

describe(`orders table: sorting (${engine})`, () => {
  it('sorts by number, customer (any case), total, status and payment', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 50 });
    const place = async (name: string, quantity: number) => {
      const body = checkoutBody([{ productId: p.id, quantity, unitPriceCents: 1000 }]);
      body.customer = { ...body.customer, customerName: name };
      const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
      expect(res.status).toBe(201);
      return res.body as { orderId: string; orderNumber: number };
    };
    const [carla, anna, bruno] = [await place('Carla Verdi', 1), await place('anna Neri', 3), await place('Bruno Gialli', 2)];
    expect((await owner.patch(`/api/stores/${store.id}/orders/${anna.orderId}`, { status: 'confirmed' })).status).toBe(200);
    const list = async (query: string) => {
      const res = await owner.get(`/api/stores/${store.id}/orders?${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as Array<{ customerName: string }>).map((o) => o.customerName.split(' ')[0]);
    };
    expect(await list('')).toEqual(['Bruno', 'anna', 'Carla']);
    expect(await list('sort=number')).toEqual(['Carla', 'anna', 'Bruno']);
    expect(await list('sort=date&dir=desc')).toEqual(['Bruno', 'anna', 'Carla']);
    expect(await list('sort=customer')).toEqual(['anna', 'Bruno', 'Carla']);
    expect(await list('sort=customer&dir=desc')).toEqual(['Carla', 'Bruno', 'anna']);
    expect(await list('sort=total&dir=desc')).toEqual(['anna', 'Bruno', 'Carla']);
    // 'confirmed' before 'pending'; pending ones by date.
    expect(await list('sort=status')).toEqual(['anna', 'Carla', 'Bruno']);
    expect(await list('sort=total&status=pending')).toEqual(['Carla', 'Bruno']);
    expect(await list('sort=payment&pageSize=2&page=2')).toHaveLength(1);
    expect(carla.orderNumber).toBeLessThan(bruno.orderNumber);
    expectApiError(await owner.get(`/api/stores/${store.id}/orders?sort=colore`), 400, tableMsg.sort);
    expectApiError(await owner.get(`/api/stores/${store.id}/orders?sort=total&dir=giu`), 400, tableMsg.dir);
  });
});
