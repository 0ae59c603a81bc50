import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvMsg } from '@vetrina/shared/csv';
import { client, dropSchema, engine, PG_URL, uniqueEmail } from './harness.js';
import { buildServerIfStale, killCompiledServers, serveScriptFlags, startCompiledServer, type RunningServer } from './compiled-server.js';
import { csvBombs, fileOnDisk, importCsv, importFromAnotherProcess, largeCatalogue, shopProbe } from './csv-files.js';

/**
 * The CSV bombs of issue 45 against a real server process: the compiled server (what `npm run
 * serve` runs, with its bounded heap flags read from package.json), because a heap exhausted by
 * one upload ends a process, which an in-process test server would share with the test itself.
 * The bundle also runs the import's worker from dist/, as production does.
 */
let server: RunningServer;
let schema: string | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-abuse-csv-'));

beforeAll(async () => {
  buildServerIfStale();
  schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const serve = serveScriptFlags();
  server = await startCompiledServer(
    dataDir,
    {
      ...serve.env,
      ...(PG_URL ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema ?? '' } : {}),
      // With Redis the store's import gate is a Redis lease, as on a cluster.
      ...(process.env.REDIS_TEST_URL ? { REDIS_URL: process.env.REDIS_TEST_URL } : {}),
    },
    ['--enable-source-maps', ...serve.nodeFlags],
  );
}, 60_000);
afterAll(async () => {
  killCompiledServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (schema) await dropSchema(schema);
});

/** A merchant with a store of their own, signed up through the API; `product`: one active product for its shop. */
async function merchant(name: string, product = false) {
  const c = client(server.url);
  const signup = await c.post('/api/auth/signup', { email: uniqueEmail('csv'), password: 'password-sicura-1' });
  expect(signup.status).toBe(201);
  c.useSession(signup.body.session);
  const store = await c.post('/api/stores', { name });
  expect(store.status).toBe(201);
  const base = `/api/stores/${store.body.id}`;
  if (product)
    expect((await c.post(`${base}/products`, { title: 'Tazza', priceCents: 900, sku: `TAZZA-${store.body.id.slice(0, 6)}`, status: 'active' })).status).toBe(
      201,
    );
  return { client: c, base, slug: store.body.slug as string };
}

const productCount = async (m: Awaited<ReturnType<typeof merchant>>) => (await m.client.get(`${m.base}/products`)).body.total as number;
const alive = () => server.proc.exitCode === null && server.proc.signalCode === null;
const smallFile = (prefix: string, n = 3) =>
  [
    'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty',
    ...Array.from({ length: n }, (_, i) => `${prefix.toLowerCase()}-${i},${prefix} ${i},${prefix}-${i},9.90,4`),
  ].join('\r\n');

const expected: Record<keyof typeof csvBombs, string> = {
  'a 12 MB header of commas': csvMsg.tooManyColumns,
  '19 MB of newlines': csvMsg.tooManyLines,
  '10,000 rows of 1,900 empty columns': csvMsg.tooManyColumns,
  'a 20 MB single quoted field': csvMsg.rowTooLong(2),
  'deeply broken quoting': csvMsg.notCsv('virgolette nel mezzo di un campo alla riga 2'),
  '10 MB of quotes that never close': csvMsg.rowTooLong(2),
};

describe(`CSV bombs against the compiled server with its bounded heap (${engine})`, () => {
  it('refuses each bomb with an Italian 400, writes nothing, and keeps serving another store during and after', async () => {
    const attacker = await merchant('Bottega Bomba');
    const neighbour = await merchant('Bottega Accanto', true);
    expect((await fetch(`${server.url}/api/public/stores/${neighbour.slug}/products`)).status).toBe(200);
    for (const [name, make] of Object.entries(csvBombs) as Array<[keyof typeof csvBombs, () => Buffer]>) {
      const shopper = shopProbe(server.url, neighbour.slug);
      const res = await importCsv(attacker.client, attacker.base, make(), 'apply');
      const samples = await shopper.stop();
      expect({ name, status: res.status, message: res.body.error?.message }).toEqual({ name, status: 400, message: expected[name] });
      expect(alive(), `${name}: ${server.errors.join('')}`).toBe(true);
      expect(samples.length).toBeGreaterThan(0);
      expect(samples.every((s) => s.status === 200)).toBe(true);
    }
    expect(await productCount(attacker)).toBe(0);
    expect((await fetch(`${server.url}/api/public/stores/${neighbour.slug}/products`)).status).toBe(200);
    // The server still imports: the attacker's store takes a good file right after.
    expect((await importCsv(attacker.client, attacker.base, smallFile('DOPO'), 'apply')).status).toBe(200);
    expect(await productCount(attacker)).toBe(3);
    expect(server.errors).toEqual([]);
  }, 180_000);

  it('imports 20 MB while another store’s shop keeps answering, and one import at a time per store (429) while other stores import', async () => {
    const big = await merchant('Bottega Grande');
    const other = await merchant('Bottega Parallela');
    const neighbour = await merchant('Bottega Vetrina', true);
    expect((await fetch(`${server.url}/api/public/stores/${neighbour.slug}/products`)).status).toBe(200);
    const upload = fileOnDisk(largeCatalogue());
    const shopper = shopProbe(server.url, neighbour.slug);
    const started = performance.now();
    let finished = false as boolean;
    const bigImport = importFromAnotherProcess(`${server.url}${big.base}/import/products?mode=apply`, big.client.token ?? '', upload.file);
    const running = bigImport.done.finally(() => (finished = true));
    // Once the big file has arrived (it is then read, checked and written for seconds), its store is
    // refused with a 429 and another store imports at the same time.
    await bigImport.sent;
    await new Promise((r) => setTimeout(r, 300));
    const refused = await importCsv(big.client, big.base, smallFile('BIS'), 'preview');
    const refusedWhileRunning = !finished;
    const otherRes = await importCsv(other.client, other.base, smallFile('ALTRO'), 'apply');
    const otherStore = { status: otherRes.status, duringTheBigOne: !finished };
    const res = await running;
    const ms = performance.now() - started;
    const samples = await shopper.stop();
    upload.remove();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, rows: 10_000, products: { create: 10_000 } });
    expect(await productCount(big)).toBe(10_000);
    expect({ status: refused.status, message: refused.body.error?.message, refusedWhileRunning }).toEqual({
      status: 429,
      message: csvMsg.importBusy,
      refusedWhileRunning: true,
    });
    expect(otherStore).toEqual({ status: 200, duringTheBigOne: true });
    expect(await productCount(other)).toBe(3);
    expect(samples.every((s) => s.status === 200)).toBe(true);
    const peak = fs.readFileSync(`/proc/${server.proc.pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1];
    console.info(
      `[abuse-csv] 20 MB import in ${ms.toFixed(0)} ms (${engine}); the shop answered ${samples.length} times, worst ${shopper.worstMs().toFixed(0)} ms; server peak RSS ${Math.round(Number(peak) / 1024)} MB`,
    );
    expect(shopper.worstMs()).toBeLessThan(500);
  }, 180_000);

  it('a stalled upload holds no gate: its own store and another one import meanwhile, and nothing of it is written', async () => {
    const slow = await merchant('Bottega Lenta');
    const other = await merchant('Bottega Svelta');
    const boundary = '----vetrina-fermo';
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fermo.csv"\r\nContent-Type: text/csv\r\n\r\n${smallFile('FERMO', 2000)}\r\n--${boundary}--\r\n`,
    );
    const stalled = http.request(`${server.url}${slow.base}/import/products?mode=apply`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${slow.client.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    stalled.on('error', () => undefined);
    stalled.write(body.subarray(0, body.length / 2));
    await new Promise((r) => setTimeout(r, 500));

    expect((await importCsv(other.client, other.base, smallFile('SVELTA'), 'apply')).status).toBe(200);
    expect((await importCsv(slow.client, slow.base, smallFile('LENTA'), 'apply')).status).toBe(200);
    expect(stalled.destroyed).toBe(false);
    stalled.destroy();

    expect(await productCount(other)).toBe(3);
    const skus = (await slow.client.get(`${slow.base}/products`)).body.items.map((p: { sku: string }) => p.sku).sort();
    expect(skus).toEqual(['LENTA-0', 'LENTA-1', 'LENTA-2']);
    expect(alive()).toBe(true);
  }, 60_000);
});
