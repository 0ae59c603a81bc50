import http from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signJwt } from '../src/lib/jwt.js';
import { insertProduct } from './catalog-factory.js';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';

// Issue 11, point 9: hostile headers on every documented operation answer 4xx (or succeed), never 5xx.

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY so that X-Forwarded-For is actually parsed.
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
});

interface RawResponse {
  status: number;
  body: string;
}

/** A request with exactly the headers given (fetch would refuse to send some of them, Host above all). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: Number(port), method, path, headers, setHost: !('host' in headers) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

it(`no operation answers 5xx to hostile Origin, Host, Cookie, Authorization, X-Forwarded-For or Content-Type (${engine})`, async () => {
  const admin = await createUser(server);
  const store = await createStoreFor(server, admin.id, 'Negozio Intestazioni');
  const product = await insertProduct(server, store.id, { title: 'Bersaglio' });
  const token = admin.client.token!;
  const now = Math.floor(Date.now() / 1000);
  const forged = signJwt(
    { sub: admin.id, sid: 'sessione-inventata', email: admin.email, iat: now, exp: now + 600 },
    'un-altro-segreto-lungo-almeno-32-caratteri',
  );
  const unknownSession = signJwt({ sub: admin.id, sid: 'sessione-inventata', email: admin.email, iat: now, exp: now + 600 }, server.ctx.jwtSecret);

  const cases: Array<[string, Record<string, string>]> = [
    ['Origin null', { origin: 'null' }],
    ['Origin malformed', { origin: 'http://[bad' }],
    ['Origin foreign', { origin: 'https://evil.example' }],
    ['Origin scheme only', { origin: 'javascript:' }],
    ['Origin huge', { origin: `https://${'a'.repeat(6000)}.example` }],
    ['Host empty', { host: '' }],
    ['Host foreign', { host: 'evil.example' }],
    ['Host malformed', { host: '[::1' }],
    ['Host with path', { host: 'localhost/../../etc' }],
    ['Cookie huge refresh token', { cookie: `vetrina_rt=${'a'.repeat(6000)}` }],
    ['Cookie bad encoding', { cookie: 'vetrina_rt=%E0%A4%A; vetrina_session=%' }],
    ['Cookie garbage', { cookie: ';;=;vetrina_rt;=x; =' }],
    ['Cookie duplicated', { cookie: 'vetrina_rt=a; vetrina_rt=b' }],
    ['Authorization empty bearer', { authorization: 'Bearer ' }],
    ['Authorization three dots', { authorization: 'Bearer a.b.c' }],
    ['Authorization alg none', { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' }],
    ['Authorization basic', { authorization: 'Basic Zm9vOmJhcg==' }],
    ['Authorization huge', { authorization: `Bearer ${'x'.repeat(6000)}` }],
    ['Authorization other secret', { authorization: `Bearer ${forged}` }],
    ['Authorization unknown session', { authorization: `Bearer ${unknownSession}` }],
    ['X-Forwarded-For garbage', { 'x-forwarded-for': 'not-an-ip, , ,::::' }],
    ['X-Forwarded-For huge', { 'x-forwarded-for': Array.from({ length: 600 }, (_, i) => `10.0.${i % 250}.1`).join(', ') }],
    ['Content-Type utf-16', { 'content-type': 'application/json; charset=utf-16' }],
    ['Content-Type text', { 'content-type': 'text/plain' }],
    ['Content-Type multipart without boundary', { 'content-type': 'multipart/form-data' }],
    ['Content-Type multipart empty boundary', { 'content-type': 'multipart/form-data; boundary=' }],
    ['Content-Type form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['Content-Type garbage', { 'content-type': ';;;/;=' }],
  ];

  const doc = (await client(server.url).get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
  const failures: string[] = [];
  let calls = 0;
  // Signing out ends the session every other call uses: it goes last.
  const operations = Object.entries(doc.paths).sort(([a], [b]) => Number(a === '/api/auth/logout') - Number(b === '/api/auth/logout'));
  for (const [template, methods] of operations) {
    if (template === '/api/realtime') continue;
    for (const method of Object.keys(methods)) {
      // Deleting the store or its logo would turn every later call into a plain 404.
      if (method === 'head' || (method === 'delete' && /^\/api\/stores\/\{storeId\}(\/logo)?$/.test(template))) continue;
      const path = template
        .replace('{storeId}', store.id)
        .replace('{slug}', store.slug)
        .replace('{productId}', product.id)
        .replace('{*}', 'stores/x/immagine.webp')
        .replace(/\{[^}]+\}/g, 'x');
      for (const [name, headers] of cases) {
        const hasBody = method !== 'get' && method !== 'delete';
        // Signed in unless the case is about the token itself, so the hostile header reaches the handlers.
        const base: Record<string, string> = { authorization: `Bearer ${token}`, ...(hasBody ? { 'content-type': 'application/json' } : {}) };
        const res = await raw(method.toUpperCase(), path, { ...base, ...headers }, hasBody ? '{}' : undefined);
        calls++;
        if (res.status >= 500 || res.status === 0) failures.push(`${method.toUpperCase()} ${template} [${name}] → ${res.status} ${res.body.slice(0, 200)}`);
        else if (res.status >= 400 && res.body.startsWith('{')) {
          const parsed = JSON.parse(res.body) as { error?: { message?: unknown } };
          if (typeof parsed.error?.message !== 'string') failures.push(`${method.toUpperCase()} ${template} [${name}] → ${res.status} without the error shape`);
        }
      }
    }
  }
  expect(calls).toBeGreaterThan(1500);
  expect(failures).toEqual([]);
}, 300_000);

it('a malformed Origin on the cookie routes is refused with 403 and the error shape', async () => {
  for (const url of ['/api/auth/refresh', '/api/auth/logout']) {
    for (const origin of ['null', 'http://[bad', 'https://evil.example']) {
      const res = await raw('POST', url, { origin, 'content-type': 'application/json' }, '{}');
      expect(res.status, `${url} ${origin}`).toBe(403);
      expect(JSON.parse(res.body).error.message).toBe('Non hai i permessi per questa operazione');
    }
  }
});
