import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { insertProduct } from './catalog-factory.js';

// Every documented route, every method, with hostile input: nothing may answer 5xx.
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0' });
});
afterAll(async () => {
  await server.close();
});

const bodies: Array<[string, { raw?: string; body?: unknown }]> = [
  ['no body', {}],
  ['empty object', { body: {} }],
  ['array', { body: [1, 2, 3] }],
  ['string', { raw: '"testo"' }],
  ['number', { raw: '42' }],
  ['null', { raw: 'null' }],
  ['malformed', { raw: '{"a":' }],
  [
    'wrong types',
    { body: { name: 12, email: [], price: 'x', priceCents: -1, status: {}, items: 'x', quantity: 1e30, storeId: null, token: 5, message: { a: 1 } } },
  ],
  [
    'huge strings',
    { body: { name: 'x'.repeat(20_000), title: 'y'.repeat(20_000), email: `${'z'.repeat(9_000)}@e.it`, message: 'm'.repeat(20_000), slug: 's'.repeat(5_000) } },
  ],
  ['prototype keys', { raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' }],
  [
    'NUL characters',
    { body: { name: 'a\u0000b', title: 'x\u0000', email: 'a\u0000@b.it', message: 'm\u0000', response: 'r\u0000', slug: 's\u0000', sku: 'K\u0000' } },
  ],
];

it(`no route answers 5xx to hostile input (${engine})`, async () => {
  const admin = await createUser(server);
  const store = await createStoreFor(server, admin.id, 'Negozio Fuzz');
  const other = await createStoreFor(server, (await createUser(server)).id, 'Negozio Altrui');
  const foreign = await insertProduct(server, other.id, { title: 'Altrui' });
  const doc = (await client(server.url).get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
  const values = ['x', foreign.id, 'a'.repeat(150), '%00', '..%2F..%2Fetc', '-1', '0'];
  const failures: string[] = [];
  let calls = 0;
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const method of Object.keys(methods)) {
      // Deleting the store or its logo would turn every later call into a plain 404.
      if (method === 'head' || template === '/api/realtime' || (method === 'delete' && /^\/api\/stores\/\{storeId\}(\/logo)?$/.test(template))) continue;
      for (const v of values) {
        const url = template
          .replace('{storeId}', store.id)
          .replace('{slug}', v === 'x' ? other.slug : v)
          .replace(/\{[^}]+\}/g, v);
        for (const [name, input] of bodies) {
          const target = `${url}?page=-5&pageSize=abc&search=%25%5F&status=nope&q=${'q'.repeat(300)}`;
          const raw = input.raw !== undefined ? { raw: input.raw } : undefined;
          const c = admin.client;
          const res =
            method === 'get'
              ? await c.get(target)
              : method === 'delete'
                ? await c.del(target, input.body)
                : method === 'put'
                  ? await c.put(target, input.body, raw)
                  : method === 'patch'
                    ? await c.patch(target, input.body, raw)
                    : await c.post(target, input.body, raw);
          calls++;
          if (res.status >= 500) failures.push(`${method.toUpperCase()} ${url} [${name}] → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (res.status >= 400 && res.body?.error && typeof res.body.error.message !== 'string')
            failures.push(`${method.toUpperCase()} ${url} [${name}] → ${res.status} without the error shape`);
        }
      }
    }
  }
  expect(calls).toBeGreaterThan(500);
  expect(failures).toEqual([]);
}, 300_000);
