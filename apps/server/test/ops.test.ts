import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, dropSchema, engine, PG_URL, uniqueEmail, type Client } from './harness.js';
import { checkoutBody } from './catalog-factory.js';
import { buildServerIfStale, killCompiledServers, startCompiledServer } from './compiled-server.js';

/**
 * Operations, tested on the artefact operators run: the compiled server (apps/server/dist/main.js)
 * as a child process, stopped with SIGTERM in the middle of a burst of checkouts, and backed up
 * with `npm run backup` while shoppers keep ordering.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const backupScript = path.join(root, 'apps/server/scripts/backup.mjs');
const PRICE = 1500;

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `vetrina-ops-${prefix}-`));
  tempDirs.push(dir);
  return dir;
};

beforeAll(buildServerIfStale);
afterAll(() => {
  killCompiledServers();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A merchant, their store and one active product with plenty of stock, all through the API. */
async function seedStore(url: string) {
  const merchant = client(url);
  const signup = await merchant.post('/api/auth/signup', { email: uniqueEmail('ops'), password: 'password-sicura-1' });
  expect(signup.status).toBe(201);
  merchant.useSession(signup.body.session);
  const store = await merchant.post('/api/stores', { name: 'Bottega Operativa' });
  expect(store.status).toBe(201);
  const product = await merchant.post(`/api/stores/${store.body.id}/products`, {
    title: 'Quaderno',
    priceCents: PRICE,
    sku: `OPS-${Date.now().toString(36)}`.toUpperCase(),
    stock: 1_000_000,
    status: 'active',
  });
  expect(product.status).toBe(201);
  return { merchant, storeId: store.body.id as string, slug: store.body.slug as string, productId: product.body.id as string };
}

type Outcome = { status: number; orderId?: string; startedAt: number; endedAt: number } | { connectionError: string; startedAt: number; endedAt: number };

/** Shoppers checking out one item each, `workers` at a time, until `keepGoing` says stop or the server is gone. */
function checkoutLoad(url: string, slug: string, productId: string, workers: number, keepGoing: () => boolean) {
  const outcomes: Outcome[] = [];
  const shopper = client(url);
  const worker = async () => {
    while (keepGoing()) {
      const startedAt = performance.now();
      try {
        const res = await shopper.post(`/api/public/stores/${slug}/checkout`, checkoutBody([{ productId, quantity: 1, unitPriceCents: PRICE }]));
        outcomes.push({ status: res.status, orderId: res.body?.orderId, startedAt, endedAt: performance.now() });
      } catch (err) {
        // The server closed its socket or no longer accepts connections.
        outcomes.push({ connectionError: String((err as { cause?: { code?: string } }).cause?.code ?? err), startedAt, endedAt: performance.now() });
        return;
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, worker));
  const acknowledged = () => outcomes.flatMap((o) => ('status' in o && o.status >= 200 && o.status < 300 && o.orderId ? [o.orderId] : []));
  return { outcomes, done, acknowledged };
}

/**
 * A checkout whose body is held back: `started` resolves once the server has read its headers (it
 * answers "100 Continue"), so the request is in flight on the server; `finish` sends the body.
 */
function heldCheckout(url: string, slug: string, body: unknown) {
  const payload = JSON.stringify(body);
  const req = http.request(`${url}/api/public/stores/${slug}/checkout`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), expect: '100-continue' },
  });
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  // Observed by `finish`'s caller; until then a reset must not count as unhandled.
  answer.catch(() => {});
  req.flushHeaders();
  return {
    started: once(req, 'continue'),
    finish: () => {
      req.end(payload);
      return answer;
    },
  };
}

/** Resolves once nothing accepts connections on the server's port any more. */
async function untilRefused(url: string) {
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  const deadline = Date.now() + 5_000;
  while (await accepts()) {
    if (Date.now() > deadline) throw new Error('the server still accepts connections after SIGTERM');
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function until(condition: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Orders as the database holds them, with their lines, and the stock the store has reserved. */
interface StoredOrders {
  ids: string[];
  linesPerOrder: Record<string, number>;
  reserved: number;
}
const ORDERS_SQL = 'select o.id as id, count(i.id) as lines from orders o left join order_items i on i.order_id = o.id group by o.id';
const RESERVED_SQL = 'select coalesce(sum(reserved), 0) as reserved from inventory';

function summarise(rows: Array<{ id: string; lines: number | string }>, reserved: number | string): StoredOrders {
  return { ids: rows.map((r) => r.id).sort(), linesPerOrder: Object.fromEntries(rows.map((r) => [r.id, Number(r.lines)])), reserved: Number(reserved) };
}
function readSqlite(file: string): StoredOrders {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return summarise(db.prepare(ORDERS_SQL).all() as Array<{ id: string; lines: number }>, (db.prepare(RESERVED_SQL).get() as { reserved: number }).reserved);
  } finally {
    db.close();
  }
}
async function readPostgres(schema: string): Promise<StoredOrders> {
  const c = new pg.Client({ connectionString: PG_URL, options: `-c search_path="${schema}"` });
  await c.connect();
  try {
    const orders = await c.query(ORDERS_SQL);
    const stock = await c.query(RESERVED_SQL);
    return summarise(orders.rows, stock.rows[0].reserved);
  } finally {
    await c.end();
  }
}

const sorted = (ids: string[]) => [...ids].sort();

describe(`stopping the compiled server (${engine})`, () => {
  const schema = PG_URL ? `t_ops_${randomBytes(5).toString('hex')}` : undefined;
  afterAll(async () => {
    if (schema) await dropSchema(schema);
  });

  it('SIGTERM in the middle of a burst of checkouts: exit 0, every acknowledged order stored whole, nothing else, no 500', async () => {
    const dataDir = tempDir('stop');
    const server = await startCompiledServer(dataDir, schema ? { DATABASE_URL: PG_URL!, DATABASE_SCHEMA: schema } : {});
    const { slug, productId } = await seedStore(server.url);

    let signalledAt = Infinity;
    const load = checkoutLoad(server.url, slug, productId, 16, () => performance.now() < signalledAt + 3_000);
    await until(() => load.acknowledged().length >= 40, 'the first acknowledged orders');
    // One checkout is on the server when the signal comes; its body arrives only once the server
    // has stopped accepting connections. Stopping gracefully means it is still served.
    const held = heldCheckout(server.url, slug, checkoutBody([{ productId, quantity: 1, unitPriceCents: PRICE }]));
    await held.started;
    signalledAt = performance.now();
    server.proc.kill('SIGTERM');
    await untilRefused(server.url);
    const late = await held.finish();
    expect(late.status).toBe(201);
    await load.done;
    const [code, signal] = await server.exited;

    expect({ code, signal, errors: server.errors }).toEqual({ code: 0, signal: null, errors: [] });
    // The burst overlapped the shutdown: requests sent before the signal were answered after it.
    expect(load.outcomes.some((o) => o.startedAt < signalledAt && o.endedAt > signalledAt)).toBe(true);
    // Refused during the stop: 503 or a closed connection, never a 500 (nor any other answer).
    const statuses = new Set(load.outcomes.map((o) => ('status' in o ? o.status : 'connection error')));
    expect([...statuses].filter((s) => s !== 201 && s !== 503 && s !== 'connection error')).toEqual([]);

    const stored = schema ? await readPostgres(schema) : readSqlite(path.join(dataDir, 'vetrina.db'));
    const acknowledged = sorted([...load.acknowledged(), late.body.orderId]);
    expect(stored.ids).toEqual(acknowledged);
    expect(Object.values(stored.linesPerOrder).every((n) => n === 1)).toBe(true);
    // Each order holds one unit: the stock reserved is exactly the orders stored.
    expect(stored.reserved).toBe(acknowledged.length);
  });

  it('SIGTERM as 40 shoppers hang up mid-checkout: their checkouts still finish before the database closes; no error, orders whole', async () => {
    const dataDir = tempDir('hangup');
    const server = await startCompiledServer(dataDir, schema ? { DATABASE_URL: PG_URL!, DATABASE_SCHEMA: schema } : {});
    const { slug, productId } = await seedStore(server.url);
    const port = Number(new URL(server.url).port);
    // Whole requests, sent at once; the clients go away without reading the answers.
    const sockets = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const socket = net.connect(port, '127.0.0.1');
        await once(socket, 'connect');
        const payload = JSON.stringify(checkoutBody([{ productId, quantity: 1, unitPriceCents: PRICE }]));
        socket.write(
          `POST /api/public/stores/${slug}/checkout HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`,
        );
        socket.on('error', () => {});
        return socket;
      }),
    );
    server.proc.kill('SIGTERM');
    for (const socket of sockets) socket.destroy();
    const [code, signal] = await server.exited;

    // Nothing was acknowledged; whatever the server had started is either stored whole or not at all,
    // and no checkout met a closed database or Redis on its way ("realtime publish failed", a 500).
    expect({ code, signal, errors: server.errors }).toEqual({ code: 0, signal: null, errors: [] });
    const stored = schema ? await readPostgres(schema) : readSqlite(path.join(dataDir, 'vetrina.db'));
    expect(Object.values(stored.linesPerOrder).every((n) => n === 1)).toBe(true);
    expect(stored.reserved).toBe(stored.ids.length);
  });
});

describe('npm run backup (SQLite)', () => {
  it('copies the database and the uploaded files of a running server while shoppers keep ordering, and the copy restores', async () => {
    const dataDir = tempDir('live');
    const backups = tempDir('backups');
    // The backup runs against SQLite whatever engine the suite is on: it is the SQLite deployment's tool.
    const server = await startCompiledServer(dataDir);
    const { merchant, storeId, slug, productId } = await seedStore(server.url);
    const logo = randomBytes(4096);
    fs.mkdirSync(path.join(dataDir, 'files/stores', storeId), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files/stores', storeId, 'logo-prova.webp'), logo);

    // A reader that keeps an old snapshot (a report, another copy) holds SQLite's checkpoints back:
    // the orders to come live only in the write-ahead log, where a plain file copy would miss them.
    const reader = new Database(path.join(dataDir, 'vetrina.db'), { readonly: true });
    reader.prepare('begin').run();
    reader.prepare('select count(*) from orders').get();

    let running = true;
    const load = checkoutLoad(server.url, slug, productId, 8, () => running);
    await until(() => load.acknowledged().length >= 30, 'the first acknowledged orders');
    const acknowledgedBefore = load.acknowledged();
    const backup = spawn(process.execPath, [backupScript, '--dir', backups], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    backup.stdout.on('data', (d: Buffer) => (output += d.toString()));
    backup.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const [backupCode] = (await once(backup, 'exit')) as [number | null];
    const duringBackup = load.acknowledged().length - acknowledgedBefore.length;
    running = false;
    await load.done;
    reader.prepare('commit').run();
    reader.close();

    expect({ backupCode, output }).toMatchObject({ backupCode: 0 });
    // The server kept taking orders while the copy was made, and refused none.
    expect(duringBackup).toBeGreaterThan(0);
    expect(load.outcomes.filter((o) => !('status' in o) || o.status !== 201)).toEqual([]);

    const [folder, ...others] = fs.readdirSync(backups);
    expect(others).toEqual([]);
    expect(folder).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/);
    const target = path.join(backups, folder!);
    expect(output).toContain(path.join(target, 'vetrina.db'));
    expect(output).toContain(`Backup completo in ${target}`);

    const copy = new Database(path.join(target, 'vetrina.db'), { readonly: true, fileMustExist: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    const saved = readSqlite(path.join(target, 'vetrina.db'));
    expect(saved.ids).toEqual(expect.arrayContaining(acknowledgedBefore));
    expect(load.acknowledged()).toEqual(expect.arrayContaining(saved.ids));
    expect(Object.values(saved.linesPerOrder).every((n) => n === 1)).toBe(true);
    expect(saved.reserved).toBe(saved.ids.length);
    expect(fs.readFileSync(path.join(target, 'files/stores', storeId, 'logo-prova.webp')).equals(logo)).toBe(true);

    server.proc.kill('SIGTERM');
    expect((await server.exited)[0]).toBe(0);

    // Restore as docs/operations.md says: the copy's database, files and key into an empty DATA_DIR.
    const restoredDir = tempDir('restored');
    fs.copyFileSync(path.join(target, 'vetrina.db'), path.join(restoredDir, 'vetrina.db'));
    fs.copyFileSync(path.join(target, 'jwt-secret'), path.join(restoredDir, 'jwt-secret'));
    fs.cpSync(path.join(target, 'files'), path.join(restoredDir, 'files'), { recursive: true });
    const restored = await startCompiledServer(restoredDir);
    try {
      // The merchant's access token from before still works (same key), and sees the saved orders.
      const again: Client = client(restored.url);
      again.setToken(merchant.token);
      const orders = await again.get(`/api/stores/${storeId}/orders?pageSize=1`);
      expect(orders.status).toBe(200);
      expect(orders.body.total).toBe(saved.ids.length);
      const file = await fetch(`${restored.url}/files/stores/${storeId}/logo-prova.webp`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(logo)).toBe(true);
    } finally {
      restored.proc.kill('SIGTERM');
      await restored.exited;
    }
  });

  it('refuses a PostgreSQL deployment, pointing to pg_dump, and writes nothing', async () => {
    const backups = tempDir('refused');
    const res = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const p = spawn(process.execPath, [backupScript, '--dir', backups], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATABASE_URL: 'postgres://vetrina@db.example.it:5432/vetrina' },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL è impostata');
    expect(res.stderr).toContain('pg_dump');
    expect(fs.readdirSync(backups)).toEqual([]);
  });
});
