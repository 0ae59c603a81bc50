import { afterAll, beforeAll, expect, it } from 'vitest';
import { client, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { linkIn } from './smtp.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ REQUIRE_EMAIL_CONFIRMATION: 'true' });
});
afterAll(async () => {
  await server.close();
});

it(`with REQUIRE_EMAIL_CONFIRMATION the account works only after the mailed link (${engine})`, async () => {
  const email = uniqueEmail('conferma');
  const c = client(server.url);
  const signup = await c.post('/api/auth/signup', { email, password: 'password-ok' });
  expect(signup.status).toBe(201);
  expect(signup.body).toEqual({ session: null, confirmationSent: true });
  expect(c.jar.has('vetrina_rt')).toBe(false);

  const login = await c.post('/api/auth/login', { email, password: 'password-ok' });
  expect(login.status).toBe(403);
  expect(login.body.error.message).toMatch(/^Email non confermata/);

  const token = new URL(linkIn(await server.smtp.waitFor(email, /Conferma/), '/auth/confirm')).searchParams.get('token');
  const confirmed = await c.post('/api/auth/confirm', { token });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.session.user.email).toBe(email);
  expect((await c.post('/api/auth/login', { email, password: 'password-ok' })).status).toBe(200);
  expect((await c.post('/api/auth/confirm', { token })).status).toBe(400);
});
