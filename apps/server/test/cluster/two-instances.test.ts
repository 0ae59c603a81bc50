import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerFrame } from '@vetrina/shared';
import { client } from '../harness.js';
import { connectRealtime } from '../ws-client.js';
import { checkoutBody } from '../catalog-factory.js';

// Runs only with TEST_DATABASE_URL and REDIS_TEST_URL (see vitest.config.ts): two real server
// processes sharing one PostgreSQL database and the local Redis.
const PG_URL = process.env.TEST_DATABASE_URL!;
const REDIS_URL = process.env.REDIS_TEST_URL!;
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const schema = `cluster_${randomBytes(5).toString('hex')}`;
const procs: ChildProcess[] = [];
const password = `cluster-${randomBytes(6).toString('hex')}-sicura`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-cluster-'));
// Sign-up limits would count in the shared Redis across runs: off here, tested elsewhere.
const env = {
  DATABASE_URL: PG_URL,
  DATABASE_SCHEMA: schema,
  REDIS_URL,
  JWT_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  NODE_ENV: 'test',
  SIGNUP_RATE_LIMIT: '0',
  // The payment-method test places several cash-on-delivery orders from one address.
  UNCONFIRMED_ORDERS_PER_EMAIL: '0',
};

async function startInstance(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  procs.push(child);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/api/docs/json`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on ${port} did not start`);
}

let a: string;
let b: string;
beforeAll(async () => {
  const base = 20000 + Math.floor(Math.random() * 20000);
  a = await startInstance(base);
  b = await startInstance(base + 1);
}, 60_000);
afterAll(async () => {
  for (const p of procs) p.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`drop schema if exists "${schema}" cascade`);
  await c.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Signs a new user up on one instance; the client keeps their session. */
async function signUp(url: string, name: string) {
  const c = client(url);
  const email = `${name}.${randomBytes(4).toString('hex')}.${schema}@example.it`;
  const res = await c.post('/api/auth/signup', { email, password });
  if (res.status !== 201) throw new Error(`signup on ${url}: ${res.status} ${JSON.stringify(res.body)}`);
  const session = res.body.session;
  c.useSession(session);
  return { client: c, session, email };
}

/**
 * The store exists in the shared database: inserted directly (the stores and team APIs are tested
 * elsewhere). Returns the store and the store_members id of each member.
 */
async function storeWith(members: Array<{ userId: string; role: 'admin' | 'staff' }>, ownerId: string | null = null) {
  const storeId = crypto.randomUUID();
  const slug = `cluster-${randomBytes(4).toString('hex')}`;
  const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await db.connect();
  const now = new Date().toISOString();
  await db.query(`insert into stores (id, name, slug, colors, created_at, owner_id) values ($1, 'Cluster', $2, '{}', $3, $4)`, [storeId, slug, now, ownerId]);
  const memberIds: string[] = [];
  for (const m of members) {
    const id = crypto.randomUUID();
    await db.query(`insert into store_members (id, store_id, user_id, role, created_at) values ($1, $2, $3, $4, $5)`, [id, storeId, m.userId, m.role, now]);
    memberIds.push(id);
  }
  await db.end();
  return { storeId, slug, memberIds };
}

const isChat = (text: string) => (f: ServerFrame) => f.type === 'event' && f.event.type === 'chat.message' && f.event.message.message === text;
// The one time bound of these tests: what happens through one instance shows on the other within a
// second. Each wait starts before the request that causes it.
const WITHIN_A_SECOND = 1000;

it('a chat message posted to instance A reaches a browser connected to instance B within a second, and back', async () => {
  const merchant = await signUp(b, 'm');
  const visitor = await signUp(a, 'v');
  const { storeId, slug } = await storeWith([{ userId: merchant.session.user.id, role: 'admin' }]);

  const dashOnB = await connectRealtime(b);
  await dashOnB.auth(merchant.session.accessToken);
  dashOnB.send({ type: 'subscribe', channel: { kind: 'store', storeId } });
  await dashOnB.waitFor((f) => f.type === 'subscribed');
  const visitorOnA = await connectRealtime(a);
  await visitorOnA.auth(visitor.session.accessToken);
  visitorOnA.send({ type: 'subscribe', channel: { kind: 'chat', slug } });
  await visitorOnA.waitFor((f) => f.type === 'subscribed');

  const onB = dashOnB.next(isChat('Ciao da A'), WITHIN_A_SECOND);
  expect((await visitor.client.post(`/api/public/stores/${slug}/chat`, { message: 'Ciao da A' })).status).toBe(201);
  await onB;

  const onA = visitorOnA.next(isChat('Risposta da B'), WITHIN_A_SECOND);
  expect((await merchant.client.post(`/api/stores/${storeId}/chats/${visitor.session.user.id}`, { message: 'Risposta da B' })).status).toBe(201);
  await onA;
  dashOnB.close();
  visitorOnA.close();
}, 30_000);

it('a member removed through instance A stops receiving on instance B within a second', async () => {
  const admin = await signUp(a, 'admin');
  const staff = await signUp(a, 'staff');
  const { storeId, slug, memberIds } = await storeWith([
    { userId: admin.session.user.id, role: 'admin' },
    { userId: staff.session.user.id, role: 'staff' },
  ]);
  const channel = { kind: 'store' as const, storeId };
  const staffOnB = await connectRealtime(b);
  await staffOnB.auth(staff.session.accessToken);
  staffOnB.send({ type: 'subscribe', channel });
  await staffOnB.waitFor((f) => f.type === 'subscribed');
  const adminOnB = await connectRealtime(b);
  await adminOnB.auth(admin.session.accessToken);
  adminOnB.send({ type: 'subscribe', channel });
  await adminOnB.waitFor((f) => f.type === 'subscribed');

  const dropped = staffOnB.next((f) => f.type === 'error' && f.channel?.kind === 'store', WITHIN_A_SECOND);
  expect((await admin.client.del(`/api/stores/${storeId}/team/members/${memberIds[1]}`)).status).toBe(204);
  expect(await dropped).toMatchObject({ code: 'forbidden', message: 'Non fai più parte del team di questo store' });

  const shopper = await signUp(a, 'shopper');
  expect((await shopper.client.post(`/api/public/stores/${slug}/chat`, { message: 'Dopo la rimozione' })).status).toBe(201);
  await adminOnB.waitFor(isChat('Dopo la rimozione'));
  expect(await staffOnB.never(isChat('Dopo la rimozione'))).toBe(true);
  staffOnB.close();
  adminOnB.close();
}, 30_000);

it('sessions revoked through instance A sign out a socket on instance B within a second', async () => {
  const user = await signUp(a, 'revocata');
  const { storeId } = await storeWith([{ userId: user.session.user.id, role: 'admin' }]);
  const onB = await connectRealtime(b);
  await onB.auth(user.session.accessToken);
  onB.send({ type: 'subscribe', channel: { kind: 'store', storeId } });
  await onB.waitFor((f) => f.type === 'subscribed');
  const otherDevice = client(a);
  otherDevice.useSession((await otherDevice.post('/api/auth/login', { email: user.email, password })).body.session);

  const signedOut = onB.next((f) => f.type === 'error' && !f.channel, WITHIN_A_SECOND);
  expect((await otherDevice.post('/api/auth/logout', { scope: 'others' })).status).toBe(204);
  expect(await signedOut).toMatchObject({ code: 'unauthenticated', message: 'Sessione terminata: accedi di nuovo' });
  onB.close();
}, 30_000);

it('counts one visitor with tabs on both instances once', async () => {
  const merchant = await signUp(b, 'presenza');
  const { storeId, slug } = await storeWith([{ userId: merchant.session.user.id, role: 'admin' }]);
  const online = async (url: string) => {
    const c = client(url);
    c.useSession(merchant.session);
    return (await c.get(`/api/stores/${storeId}/presence`)).body.online as number;
  };
  const channel = { kind: 'storefront' as const, slug };
  const tabs = [await connectRealtime(a), await connectRealtime(b)];
  for (const tab of tabs) {
    tab.send({ type: 'subscribe', channel, visitorId: 'visitatore-due-istanze' });
    await tab.waitFor((f) => f.type === 'subscribed');
  }
  expect(await online(a)).toBe(1);
  expect(await online(b)).toBe(1);

  const another = await connectRealtime(a);
  another.send({ type: 'subscribe', channel, visitorId: 'un-altro-visitatore-01' });
  await another.waitFor((f) => f.type === 'subscribed');
  expect(await online(b)).toBe(2);
  for (const ws of [...tabs, another]) ws.close();
  for (let i = 0; i < 40 && (await online(a)) !== 0; i++) await new Promise((r) => setTimeout(r, 50));
  expect(await online(a)).toBe(0);
}, 30_000);

it('a payment method turned off through instance A is refused by checkouts on instance B within a second', async () => {
  const merchant = await signUp(a, 'pagamenti');
  // The owner: only they set the IBAN that bank transfers need.
  const { storeId, slug } = await storeWith([{ userId: merchant.session.user.id, role: 'admin' }], merchant.session.user.id);
  const product = await merchant.client.post(`/api/stores/${storeId}/products`, {
    title: 'Tazza da tè',
    priceCents: 1200,
    sku: 'TAZ-CLUSTER',
    stock: 20,
    status: 'active',
  });
  expect(product.status).toBe(201);
  const shopper = client(b);
  const checkout = (paymentMethod: string) =>
    shopper.post(`/api/public/stores/${slug}/checkout`, checkoutBody([{ productId: product.body.id, quantity: 1, unitPriceCents: 1200 }], { paymentMethod }));
  // Instance B has read (and keeps) the store's settings: cash on delivery only.
  const first = await checkout('cod');
  expect(first.status, JSON.stringify(first.body)).toBe(201);
  const saved = await merchant.client.put(`/api/stores/${storeId}/payments`, {
    bankTransfer: { enabled: true, iban: 'IT60X0542811101000000123456', holder: 'Bottega Srl', bank: '', deadlineDays: 3 },
    cod: { enabled: false, surchargeCents: 0, maxTotalCents: null },
    pickup: { enabled: false, address: '', hours: '' },
    card: { enabled: false },
  });
  expect(saved.status).toBe(200);
  const deadline = Date.now() + WITHIN_A_SECOND;
  let refused = await checkout('cod');
  while (refused.status === 201 && Date.now() < deadline) refused = await checkout('cod');
  expect(refused.status).toBe(400);
  expect((await checkout('bank_transfer')).status).toBe(201);
}, 30_000);
