import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { client, uniqueEmail, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';

export interface PlacedOrder {
  orderId: string;
  orderNumber: number;
  orderToken: string;
  email: string;
  /** The order lines by product title. */
  lines: Record<string, string>;
}

/**
 * A cash-on-delivery order of two 'Tazza Aurora' and one 'Marmellata di fichi', the jam's product
 * excluded from withdrawal as perishable.
 */
export async function placeWithdrawableOrder(server: TestServer, store: { id: string; slug: string }): Promise<PlacedOrder> {
  const cup = await insertProduct(server, store.id, { title: 'Tazza Aurora', priceCents: 2000, stock: 10 });
  const jam = await insertProduct(server, store.id, { title: 'Marmellata di fichi', priceCents: 700, stock: 10 });
  await server.ctx.db.updateTable('products').set({ withdrawal_exclusion: 'perishable' }).where('id', '=', jam.id).execute();
  const email = uniqueEmail('cliente');
  const body = checkoutBody([
    { productId: cup.id, quantity: 2, unitPriceCents: 2000 },
    { productId: jam.id, quantity: 1, unitPriceCents: 700 },
  ]);
  body.customer = { ...body.customer, customerEmail: email };
  const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
  expect(res.status).toBe(201);
  const placed = res.body as { orderId: string; orderNumber: number; orderToken: string };
  const items = await server.ctx.db.selectFrom('order_items').select(['id', 'title']).where('order_id', '=', placed.orderId).execute();
  return { ...placed, email, lines: Object.fromEntries(items.map((i) => [i.title, i.id])) };
}

/** Step two's body: the whole cup line unless told otherwise. */
export const confirmation = (o: PlacedOrder, extra: Record<string, unknown> = {}) => ({
  order: { token: o.orderToken },
  name: 'Maria Rossi',
  email: o.email,
  lines: [{ orderItemId: o.lines['Tazza Aurora'], quantity: 2 }],
  requestKey: randomUUID(),
  ...extra,
});

export const lookup = (server: TestServer, slug: string, ref: unknown) => client(server.url).post(`/api/public/stores/${slug}/withdrawals/lookup`, ref);
export const confirm = (server: TestServer, slug: string, body: unknown) => client(server.url).post(`/api/public/stores/${slug}/withdrawals`, body);

/** The order's status moved by the team (shipped, delivered, cancelled). */
export const moveOrder = (owner: Client, storeId: string, orderId: string, status: string) =>
  owner.patch(`/api/stores/${storeId}/orders/${orderId}`, { status });
