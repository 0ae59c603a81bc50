import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { csvMsg } from '@vetrina/shared/csv';
import { startPeer, startServer, type TestServer } from '../harness.js';
import { merchant } from '../catalog-fixtures.js';
import { fileOnDisk, importCsv, importFromAnotherProcess, largeCatalogue } from '../csv-files.js';

// Runs only with TEST_DATABASE_URL and REDIS_TEST_URL (see vitest.config.ts): two instances of one
// deployment share the store's import gate through Redis.
const REDIS_URL = process.env.REDIS_TEST_URL!;
let server: TestServer;
let peer: Awaited<ReturnType<typeof startPeer>>;
const redis = new Redis(REDIS_URL);

beforeAll(async () => {
  server = await startServer({ REDIS_URL });
  peer = await startPeer(server, { REDIS_URL });
});
afterAll(async () => {
  await peer.close();
  await server.close();
  redis.disconnect();
});

const small = (prefix: string) => `Handle,Title,Variant SKU,Variant Price\r\n${prefix.toLowerCase()},${prefix},${prefix}-1,5.00\r\n`;

it('one import per store across instances: the other instance refuses the same store with a 429, takes another store, and the gate is gone after', async () => {
  const busy = await merchant(server, 'Bottega Cluster');
  const other = await merchant(server, 'Bottega Altrove');
  const upload = fileOnDisk(largeCatalogue(3000));
  let finished = false as boolean;
  const running = importFromAnotherProcess(`${server.url}${busy.base}/import/products?mode=apply`, busy.client.token ?? '', upload.file);
  const done = running.done.finally(() => (finished = true));
  await running.sent;
  await new Promise((r) => setTimeout(r, 300));

  // A preview of the same merchant, or of another store, through the other instance.
  const viaPeer = async (m: typeof busy, text: string): Promise<{ status: number; body: any }> => {
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/csv' }), 'prodotti.csv');
    const res = await fetch(`${peer.url}${m.base}/import/products?mode=preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${m.client.token}` },
      body: form,
    });
    return { status: res.status, body: await res.json() };
  };
  // The gate is a lease in Redis while the import runs (both instances here share one process's memory too).
  const lease = await redis.pttl(`vetrina:csv-import:${busy.store.id}`);
  const refused = await viaPeer(busy, small('BIS'));
  const refusedWhileRunning = !finished;
  const elsewhere = await viaPeer(other, small('ALTRO'));
  expect({ status: refused.status, message: refused.body.error?.message, refusedWhileRunning }).toEqual({
    status: 429,
    message: csvMsg.importBusy,
    refusedWhileRunning: true,
  });
  expect(elsewhere.status).toBe(200);
  expect(lease).toBeGreaterThan(0);
  expect(lease).toBeLessThanOrEqual(30_000);

  const res = await done;
  upload.remove();
  expect(res.status).toBe(200);
  // The lease is given back at once, not left to lapse.
  expect(await redis.exists(`vetrina:csv-import:${busy.store.id}`)).toBe(0);
  expect((await viaPeer(busy, small('DOPO'))).status).toBe(200);
  expect((await importCsv(busy.client, busy.base, small('ANCORA'), 'apply')).status).toBe(200);
}, 120_000);

it('a lease held by an instance in another process refuses the store here, and lapses by itself', async () => {
  const m = await merchant(server, 'Bottega Lontana');
  const key = `vetrina:csv-import:${m.store.id}`;
  // What another process's import holds: a key of its own with a short lease left.
  await redis.set(key, 'altra-istanza', 'PX', 1500);
  const refused = await importCsv(m.client, m.base, small('LONTANA'), 'apply');
  expect(refused.status).toBe(429);
  expect(refused.body.error?.message).toBe(csvMsg.importBusy);
  expect(await redis.get(key)).toBe('altra-istanza');
  await new Promise((r) => setTimeout(r, 1600));
  expect((await importCsv(m.client, m.base, small('LONTANA'), 'apply')).status).toBe(200);
  expect((await m.client.get(`${m.base}/products`)).body.total).toBe(1);
});
