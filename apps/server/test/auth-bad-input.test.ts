import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServer();
  token = (await createUser(server)).session.accessToken;
});
afterAll(async () => {
  await server.close();
});

const long = 'a'.repeat(10_000);
const endpoints: Array<{ url: string; valid: Record<string, unknown>; authed?: boolean }> = [
  { url: '/api/auth/signup', valid: { email: 'valido@example.it', password: 'parola-segreta-ok' } },
  { url: '/api/auth/login', valid: { email: 'valido@example.it', password: 'x' } },
  { url: '/api/auth/email-change', valid: { email: 'nuovo@example.it', password: 'password-sicura-1' }, authed: true },
  { url: '/api/auth/email-change/confirm', valid: { token: 'x'.repeat(43) } },
  { url: '/api/auth/recover', valid: { email: 'valido@example.it' } },
  { url: '/api/auth/reset-password', valid: { token: 'x'.repeat(43), password: 'parola-segreta-ok' } },
  { url: '/api/auth/confirm', valid: { token: 'x'.repeat(43) } },
  { url: '/api/auth/verify-email', valid: { token: 'x'.repeat(43) } },
  { url: '/api/auth/verify-email/send', valid: { redirectTo: '/dashboard/invitations' }, authed: true },
  { url: '/api/auth/logout', valid: { scope: 'local' } },
  { url: '/api/me/active-store', valid: { storeId: 'x' }, authed: true },
];

const counts = async () => {
  const db = server.ctx.db;
  const n = async (t: 'auth_users' | 'sessions' | 'auth_tokens') =>
    Number(
      (
        await db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { users: await n('auth_users'), sessions: await n('sessions'), tokens: await n('auth_tokens') };
};

describe(`every auth endpoint refuses bad input with the error shape and changes nothing (${engine})`, () => {
  for (const ep of endpoints) {
    const method = ep.url === '/api/me/active-store' ? 'put' : 'post';
    const firstField = Object.keys(ep.valid)[0]!;
    const cases: Array<[string, { raw?: string; body?: unknown }]> = [
      ['malformed JSON', { raw: '{"email": "x@y.it",' }],
      ['a JSON array', { body: [ep.valid] }],
      ['a wrong-typed field', { body: { ...ep.valid, [firstField]: 12345 } }],
      ['a 10,000-character field', { body: { ...ep.valid, [firstField]: `${long}@example.it` } }],
      ['an unknown field', { body: { ...ep.valid, isAdmin: true } }],
    ];
    // Logout and asking for a verification link have only optional fields.
    if (ep.url !== '/api/auth/logout' && ep.url !== '/api/auth/verify-email/send') cases.push(['a missing field', { body: {} }]);
    for (const [name, input] of cases) {
      it(`${ep.url}: ${name}`, async () => {
        const c = client(server.url);
        if (ep.authed) c.setToken(token);
        const before = await counts();
        const res = await c[method](ep.url, input.body, input.raw !== undefined ? { raw: input.raw } : undefined);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.error.code).toBe('string');
        expect(res.body.error.message).toMatch(/[a-zà-ù]/i);
        expect(res.body.error.message).not.toMatch(/Invalid input|Expected|Unexpected token|Unrecognized key/);
        expect(await counts()).toEqual(before);
      });
    }
  }

  it('names the unknown field in Italian', async () => {
    const res = await client(server.url).post('/api/auth/signup', { email: uniqueEmail(), password: 'parola-segreta-ok', ruolo: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Campo non previsto: ruolo');
  });

  it('answers an over-long or malformed URL with the error shape, without echoing it', async () => {
    for (const url of [`/api/stores/${'x'.repeat(300)}/orders`, '/api/public/stores/%E0%A4%A/products']) {
      const res = await client(server.url).get(url);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.error.message).toBe('Indirizzo della richiesta non valido');
    }
  });

  it('refuses a body that is not JSON', async () => {
    const res = await client(server.url).post('/api/auth/login', undefined, {
      raw: 'email=a',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe('Formato della richiesta non supportato');
  });

  it('refuses a body over 1 MB', async () => {
    const res = await client(server.url).post('/api/auth/login', undefined, { raw: JSON.stringify({ email: 'a'.repeat(1_100_000), password: 'x' }) });
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('La richiesta è troppo grande');
  });
});
