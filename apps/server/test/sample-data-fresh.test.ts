import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { catalogRows, storeFiles } from './catalog-fixtures.js';

let server: TestServer;
let signingUp = true;
let signups: Promise<number[]>;

beforeAll(async () => {
  server = await startServer();
  // Other people signing up all along: each sign-up hashes a password (scrypt) on libuv's 4 pool
  // threads, which sharp and every file write share. Before the fix the first sample data made
  // ~700 trips in a row through that pool and, under this load, answered only once it stopped.
  signups = Promise.all(
    Array.from({ length: 6 }, async () => {
      const c = client(server.url);
      let n = 0;
      while (signingUp) if ((await c.post('/api/auth/signup', { email: uniqueEmail('passante'), password: 'password-sicura-1' })).status === 201) n++;
      return n;
    }),
  );
});
afterAll(async () => {
  signingUp = false;
  await signups;
  await server?.close();
});

const count = (table: Parameters<typeof catalogRows>[1], storeId: string) => catalogRows(server, table, storeId);

describe(`'Dati di esempio' on new stores while others sign up (${engine})`, () => {
  // The first is this process's first use of sharp and of the sample pictures; the test timeout (30 s) bounds each.
  for (const n of [1, 2, 3]) {
    it(`answers on new store ${n} and leaves its catalogue`, async () => {
      const user = await createUser(server);
      const created = await user.client.post('/api/stores', { name: `Bottega Nuova ${n}` });
      expect(created.status).toBe(201);
      const base = `/api/stores/${created.body.id}`;
      const res = await user.client.post(`${base}/sample-data`);
      expect(res.status).toBe(200);
      expect(res.body.stats).toEqual({ categories: 5, products: 12, variants: 23 });
      const list = await user.client.get(`${base}/products`);
      expect(list.body.total).toBe(12);
      expect(list.body.items.every((i: { cover: unknown }) => i.cover)).toBe(true);
      expect(await count('categories', created.body.id)).toBe(5);
      // Each picture: the full image, its thumbnail and copies 320 and 640 px wide, all stored.
      const images = await count('product_images', created.body.id);
      expect(images).toBeGreaterThan(12);
      expect(await storeFiles(server, created.body.id)).toHaveLength(4 * images);
    });
  }

  it('kept serving the sign-ups meanwhile', async () => {
    signingUp = false;
    const done = await signups;
    expect(done.reduce((a, b) => a + b, 0)).toBeGreaterThan(6);
  });
});
