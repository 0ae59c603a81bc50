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

// Runs only with TEST_DATABASE_URL and REDIS_TEST_URL (see vitest.config.ts): two real server
// processes sharing one PostgreSQL database and the local Redis.
const PG_URL = process.env.TEST_DATABASE_URL!;
const REDIS_URL = process.env.REDIS_TEST_URL!;
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const schema = `cluster_${randomBytes(5).toString('hex')}`;
const procs: ChildProcess[] = [];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-cluster-'));
const env = { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' };

async function startInstance(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'inherit', 'inherit'] });
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

it('a chat message posted to instance A reaches a browser connected to instance B within a second, and back', async () => {
  const merchant = client(b);
  const m = (await merchant.post('/api/auth/signup', { email: `m.${schema}@example.it`, password: 'password-ok' })).body.session;
  merchant.useSession(m);
  // The store exists in the shared database: insert it directly (the stores API is tested elsewhere).
  const storeId = crypto.randomUUID();
  const slug = `cluster-${schema}`;
  const db = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await db.connect();
  const now = new Date().toISOString();
  await db.query(`insert into stores (id, name, slug, colors, created_at) values ($1, 'Cluster', $2, '{}', $3)`, [storeId, slug, now]);
  await db.query(`insert into store_members (id, store_id, user_id, role, created_at) values ($1, $2, $3, 'admin', $4)`, [crypto.randomUUID(), storeId, m.user.id, now]);
  await db.end();

  const visitor = client(a);
  const v = (await visitor.post('/api/auth/signup', { email: `v.${schema}@example.it`, password: 'password-ok' })).body.session;
  visitor.useSession(v);

  const dashOnB = await connectRealtime(b);
  await dashOnB.auth(m.accessToken);
  dashOnB.send({ type: 'subscribe', channel: { kind: 'store', storeId } });
  await dashOnB.waitFor((f) => f.type === 'subscribed');
  const visitorOnA = await connectRealtime(a);
  await visitorOnA.auth(v.accessToken);
  visitorOnA.send({ type: 'subscribe', channel: { kind: 'chat', slug } });
  await visitorOnA.waitFor((f) => f.type === 'subscribed');

  const isChat = (text: string) => (f: ServerFrame) => f.type === 'event' && f.event.type === 'chat.message' && f.event.message.message === text;
  let t0 = Date.now();
  expect((await visitor.post(`/api/public/stores/${slug}/chat`, { message: 'Ciao da A' })).status).toBe(201);
  await dashOnB.waitFor(isChat('Ciao da A'), 1000);
  expect(Date.now() - t0).toBeLessThan(1000);

  t0 = Date.now();
  expect((await merchant.post(`/api/stores/${storeId}/chats/${v.user.id}`, { message: 'Risposta da B' })).status).toBe(201);
  await visitorOnA.waitFor(isChat('Risposta da B'), 1000);
  expect(Date.now() - t0).toBeLessThan(1000);

  // Presence is counted across instances too.
  const shopper = await connectRealtime(a);
  shopper.send({ type: 'subscribe', channel: { kind: 'storefront', slug } });
  await dashOnB.waitFor((f) => f.type === 'event' && f.event.type === 'presence' && f.event.online === 1, 2000);
  expect((await merchant.get(`/api/stores/${storeId}/presence`)).body.online).toBe(1);
  shopper.close();
  dashOnB.close();
  visitorOnA.close();
}, 30_000);
