import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, engine, startServer, type ApiResult, type TestServer } from './harness.js';
import { fingerprint, newCell, ROLES, type Cell, type Role } from './authorization-cells.js';
import { MATRIX, type Call, type Entry } from './authorization-matrix.js';

/**
 * Every documented operation × every kind of caller, each in a fresh store with fresh fixtures:
 * allowed callers get the real success status, refused ones the expected 401/403/404 and change
 * nothing. A route missing from the matrix (or an entry without its route) fails the first test.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
});
afterAll(async () => {
  await server.close();
});

const RANK = { staff: 1, admin: 2, owner: 3 } as const;
const isStoreLevel = (e: Entry) => e.level === 'staff' || e.level === 'admin' || e.level === 'owner';

/** The status a role must get, from the entry's level and overrides alone. */
function expectedStatus(e: Entry, role: Role): number {
  const override = e.expect?.[role];
  if (override !== undefined) return override;
  if (e.level === 'public') return e.status;
  if (role === 'anonymous') return 401;
  if (e.level === 'user') return e.status;
  // Another tenant, or nobody's: the store simply does not exist for them.
  if (role === 'outsider' || role === 'otherAdmin') return 404;
  return RANK[role] >= RANK[e.level as keyof typeof RANK] ? e.status : 403;
}

async function documentedOperations(): Promise<string[]> {
  const doc = (await client(server.url).get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    path === '/api/realtime'
      ? []
      : Object.keys(methods)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

function send(c: Cell, method: string, call: Call): Promise<ApiResult> {
  const body = call.form ?? call.body;
  if (method === 'GET') return c.http.get(call.path);
  if (method === 'POST') return c.http.post(call.path, body);
  if (method === 'PUT') return c.http.put(call.path, body);
  if (method === 'PATCH') return c.http.patch(call.path, body);
  if (method === 'DELETE') return c.http.del(call.path, body);
  throw new Error(`no client method for ${method}`);
}

/**
 * The other-store admin's extra attempt: the entry's own (someone else's object), or else, for a
 * store route carrying object ids, their own store's id with this store's object ids.
 */
async function foreignCall(key: string, e: Entry, c: Cell, main: Call): Promise<{ call: Call; label: string } | null> {
  if (e.foreign?.request) return { call: await e.foreign.request(c), label: `${key} [otherAdmin, someone else's object]` };
  const carriesIds = /\{(?!storeId\})[^}]+\}/.test(key);
  if (!isStoreLevel(e) || !(e.foreign || carriesIds)) return null;
  const path = main.path.replace(`/api/stores/${c.store.id}`, `/api/stores/${c.otherStoreId}`);
  return { call: { ...main, path }, label: `${key} [otherAdmin, own store with this store's ids]` };
}

/** One call of a cell: its status, the shared error shape when refused, and nothing changed when refused. */
async function check(c: Cell, method: string, call: Call, expected: number, label: string, failures: string[]) {
  const refused = expected >= 400;
  const before = refused && method !== 'GET' ? await fingerprint(c) : null;
  const res = await send(c, method, call);
  const body = JSON.stringify(res.body ?? '').slice(0, 160);
  if (res.status !== expected) failures.push(`${label} expected ${expected} got ${res.status} (${body})`);
  else if (refused && typeof res.body?.error?.message !== 'string') failures.push(`${label} refused without the error shape (${body})`);
  if (before !== null && (await fingerprint(c)) !== before) failures.push(`${label} should have been refused but changed data (got ${res.status})`);
}

/** Runs one cell; returns how many extra (foreign) attempts it made. */
async function runCell(key: string, e: Entry, role: Role, failures: string[]): Promise<number> {
  const [method = ''] = key.split(' ');
  const label = `${key} [${role}]`;
  try {
    const c = await newCell(server, role);
    const main = await e.request(c);
    const foreign = role === 'otherAdmin' ? await foreignCall(key, e, c, main) : null;
    if (foreign) await check(c, method, foreign.call, e.foreign?.status ?? 404, foreign.label, failures);
    await check(c, method, main, expectedStatus(e, role), label, failures);
    return foreign ? 1 : 0;
  } catch (err) {
    failures.push(`${label} could not run: ${(err as Error).message}`);
    return 0;
  }
}

describe(`authorization matrix (${engine})`, () => {
  it('covers exactly the operations of the OpenAPI document', async () => {
    const documented = new Set(await documentedOperations());
    const listed = new Set(Object.keys(MATRIX));
    const problems = [
      ...[...documented].filter((op) => !listed.has(op)).map((op) => `${op}: documented but missing from the authorization matrix`),
      ...[...listed].filter((op) => !documented.has(op)).map((op) => `${op}: in the authorization matrix but not documented (stale entry?)`),
      // Store levels only make sense where the path names the store.
      ...Object.entries(MATRIX)
        .filter(([op, e]) => isStoreLevel(e) !== op.includes(' /api/stores/{storeId}'))
        .map(([op, e]) => `${op}: level '${e.level}' does not match its path`),
    ];
    expect(problems).toEqual([]);
    expect(documented.size).toBeGreaterThan(60);
  });

  it('answers every caller of every operation as the matrix says, and refusals change nothing', async () => {
    const failures: string[] = [];
    let cells = 0;
    let foreign = 0;
    // One cell at a time: the fingerprint counts every table's rows.
    for (const [key, entry] of Object.entries(MATRIX)) {
      for (const role of ROLES) {
        foreign += await runCell(key, entry, role, failures);
        cells++;
      }
    }
    expect(cells).toBe(Object.keys(MATRIX).length * ROLES.length);
    // Every store route with object ids, the ownership transfer, and the received invitations.
    expect(foreign).toBeGreaterThanOrEqual(27);
    expect(failures).toEqual([]);
  }, 300_000);
});
