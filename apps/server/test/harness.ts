import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { SessionPayload } from '@vetrina/shared';
import { loadConfig } from '../src/config.js';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.js';
import { startSmtp } from './smtp.js';

/** Engine under test: PostgreSQL when TEST_DATABASE_URL is set (npm run test:pg), else SQLite. */
export const PG_URL = process.env.TEST_DATABASE_URL;
export const engine = PG_URL ? 'postgres' : 'sqlite';

export interface TestServer extends BuiltApp {
  url: string;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  dataDir: string;
  /** The server's PostgreSQL schema (PostgreSQL runs only). */
  schema?: string;
  close(): Promise<void>;
}

/**
 * A real server on a random port with a fresh database (its own SQLite file or PostgreSQL schema)
 * and a real SMTP server capturing its mail.
 */
export async function startServer(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<TestServer> {
  const smtp = await startSmtp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-test-'));
  const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    // Every test signs its users up from 127.0.0.1; the sign-up limit has its own test.
    SIGNUP_RATE_LIMIT: '0',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(PG_URL ? { DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  });
  const built = await buildApp(config, opts);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = built.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    ...built,
    url,
    smtp,
    dataDir,
    schema,
    async close() {
      await built.app.close();
      await smtp.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
}

/** Drops a PostgreSQL schema a test created (its tables with it). */
export async function dropSchema(schema: string) {
  if (!PG_URL) return;
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  await c.query(`drop schema if exists "${schema}" cascade`);
  await c.end();
}

/**
 * A second instance of the same deployment: same database (SQLite file or PostgreSQL schema), same
 * JWT secret and mail server, its own process state (caches, sockets). Pass REDIS_URL to both
 * instances to share rate limits and events as a real cluster does. Closing it drops nothing.
 */
export async function startPeer(
  server: TestServer,
  env: Record<string, string> = {},
): Promise<{ app: BuiltApp['app']; ctx: BuiltApp['ctx']; url: string; close(): Promise<void> }> {
  const c = server.ctx.config;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: server.dataDir,
    SMTP_URL: server.smtp.url,
    LOG_LEVEL: 'silent',
    SIGNUP_RATE_LIMIT: '0',
    JWT_SECRET: c.jwtSecret ?? '',
    ...(c.databaseUrl ? { DATABASE_URL: c.databaseUrl, DATABASE_SCHEMA: c.databaseSchema ?? '' } : {}),
    ...env,
  });
  const built = await buildApp(config);
  await built.app.listen({ host: '127.0.0.1', port: 0 });
  const addr = built.app.server.address();
  return { ...built, url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`, close: () => built.app.close() };
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A GET read as it travels: its status, encoding and `vary` headers and its bytes as sent (fetch
 * would decompress them).
 */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

/** An HTTP client with a cookie jar, like one browser. */
export function client(baseUrl: string) {
  const jar = new Map<string, string>();
  let token: string | null = null;
  async function request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    opts: { raw?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | FormData | undefined;
    if (opts.raw !== undefined) {
      payload = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(baseUrl + url, { method, headers, body: payload });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      const value = v.join('=');
      if (!k) continue;
      if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) jar.delete(k.trim());
      else jar.set(k.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    jar,
    get token() {
      return token;
    },
    setToken(t: string | null) {
      token = t;
    },
    useSession(s: SessionPayload) {
      token = s.accessToken;
    },
    get: <T = any>(url: string, opts?: { headers?: Record<string, string> }) => request<T>('GET', url, undefined, opts),
    post: <T = any>(url: string, body?: unknown, opts?: { raw?: string; headers?: Record<string, string> }) => request<T>('POST', url, body, opts),
    put: <T = any>(url: string, body?: unknown, opts?: { raw?: string; headers?: Record<string, string> }) => request<T>('PUT', url, body, opts),
    patch: <T = any>(url: string, body?: unknown, opts?: { raw?: string }) => request<T>('PATCH', url, body, opts),
    del: <T = any>(url: string, body?: unknown) => request<T>('DELETE', url, body),
  };
}
export type Client = ReturnType<typeof client>;

let counter = 0;
export const uniqueEmail = (prefix = 'utente') => `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@example.it`;

/** Factory: a signed-up, signed-in user with their own client. */
export async function createUser(server: TestServer, email = uniqueEmail(), password = 'password-sicura-1') {
  const c = client(server.url);
  const res = await c.post<{ session: SessionPayload }>('/api/auth/signup', { email, password });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`);
  c.useSession(res.body.session);
  return { client: c, email, password, id: res.body.session.user.id, session: res.body.session };
}

/** Marks the account's mailbox as proved, as opening any of our mailed links would. */
export async function markEmailVerified(server: TestServer, userId: string) {
  await server.ctx.db.updateTable('auth_users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', userId).execute();
}

/**
 * Factory: a store with the given user as its owner (an admin), inserted directly (no HTTP), and
 * made their active store. For tests of other modules that only need a store to exist.
 */
export async function createStoreFor(server: TestServer, userId: string, name = 'Negozio di prova') {
  const { db } = server.ctx;
  const id = crypto.randomUUID();
  const slug = `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}-${id.slice(0, 8)}`;
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('stores')
      .values({
        id,
        name,
        slug,
        logo_url: null,
        colors: JSON.stringify({ primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' }),
        theme_id: 'theme-moderno',
        owner_id: userId,
        created_at: now,
      })
      .execute();
    await trx.insertInto('store_members').values({ id: crypto.randomUUID(), store_id: id, user_id: userId, role: 'admin', created_at: now }).execute();
    await trx.updateTable('users').set({ active_store_id: id }).where('id', '=', userId).execute();
  });
  return { id, slug, name };
}

/** Factory: adds an existing user to a store with a role. */
export async function addMember(server: TestServer, storeId: string, userId: string, role: 'admin' | 'staff') {
  await server.ctx.db
    .insertInto('store_members')
    .values({ id: crypto.randomUUID(), store_id: storeId, user_id: userId, role, created_at: new Date().toISOString() })
    .execute();
}
