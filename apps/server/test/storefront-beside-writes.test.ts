import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { client, engine, startServer, uniqueEmail, type TestServer } from './harness.js';

/**
 * A long write of one store (a CSV import writes its 10,000 products in one transaction) and
 * another store's shop at the same time: the shop's reads do not wait for that transaction.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function merchant(name: string) {
  const c = client(server.url);
  const signup = await c.post('/api/auth/signup', { email: uniqueEmail('accanto'), password: 'password-sicura-1' });
  expect(signup.status).toBe(201);
  c.useSession(signup.body.session);
  const store = await c.post('/api/stores', { name });
  expect(store.status).toBe(201);
  return { client: c, id: store.body.id as string, slug: store.body.slug as string };
}

/**
 * A transaction writing one of `storeId`'s products and kept open until `end` (or, should the code
 * under test wait for it, for at most `giveUpMs`: the test then fails on what it saw, not on a hang).
 */
async function openWrite(storeId: string, giveUpMs = 3000) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const giveUp = setTimeout(end, giveUpMs);
  let open = false;
  let opened!: () => void;
  const started = new Promise<void>((resolve) => (opened = resolve));
  const done = server.ctx.db.transaction().execute(async (trx) => {
    await sql`update products set title = 'In importazione' where store_id = ${storeId}`.execute(trx);
    open = true;
    opened();
    await ended;
    open = false;
  });
  await started;
  return { isOpen: () => open, end: () => (clearTimeout(giveUp), end()), done };
}

describe(`another store's shop during a long write (${engine})`, () => {
  it('answers its list, product and store while the transaction is open, from nothing cached', async () => {
    const importing = await merchant('Bottega Importa');
    const neighbour = await merchant('Bottega Vicina');
    const base = `/api/stores/${neighbour.id}`;
    const product = await neighbour.client.post(`${base}/products`, { title: 'Tazza blu', priceCents: 900, sku: 'TAZZA-BLU', status: 'active' });
    expect(product.status).toBe(201);
    expect(
      (await importing.client.post(`/api/stores/${importing.id}/products`, { title: 'Vaso', priceCents: 1500, sku: 'VASO-1', status: 'active' })).status,
    ).toBe(201);

    // Nothing of the neighbour's shop has been asked for yet: every answer is read from the database.
    const write = await openWrite(importing.id);
    const shop = `${server.url}/api/public/stores/${neighbour.slug}`;
    const [list, detail, store] = await Promise.all([fetch(`${shop}/products`), fetch(`${shop}/products/${product.body.slug}`), fetch(shop)]);
    const answeredWhileOpen = write.isOpen();
    write.end();
    await write.done;

    expect({ answeredWhileOpen, statuses: [list.status, detail.status, store.status] }).toEqual({ answeredWhileOpen: true, statuses: [200, 200, 200] });
    expect(((await list.json()) as { items: Array<{ title: string }> }).items.map((p) => p.title)).toEqual(['Tazza blu']);
    expect(((await detail.json()) as { product: { title: string } }).product.title).toBe('Tazza blu');
    expect(((await store.json()) as { store: { name: string } }).store.name).toBe('Bottega Vicina');
  });
});
