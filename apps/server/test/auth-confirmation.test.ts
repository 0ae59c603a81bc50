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

it('refuses a return address on another site', async () => {
  const res = await client(server.url).post('/api/auth/signup', { email: uniqueEmail('r'), password: 'parola-segreta-ok', redirectTo: '//evil.example/x' });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe('Indirizzo di ritorno non valido');
});

it(`with REQUIRE_EMAIL_CONFIRMATION the account works only after the mailed link (${engine})`, async () => {
  const email = uniqueEmail('conferma');
  const c = client(server.url);
  const signup = await c.post('/api/auth/signup', { email, password: 'parola-segreta-ok', redirectTo: '/invitations/accept?token=abc' });
  expect(signup.status).toBe(201);
  expect(signup.body).toEqual({ session: null, confirmationSent: true });
  expect(c.jar.has('vetrina_rt')).toBe(false);

  const login = await c.post('/api/auth/login', { email, password: 'parola-segreta-ok' });
  expect(login.status).toBe(403);
  expect(login.body.error.message).toMatch(/^Email non confermata/);

  const mail = await server.smtp.waitFor(email, /Conferma/);
  // The link brings the user back where sign-up started (here: an invitation).
  expect(mail.text).toContain(`&redirect=${encodeURIComponent('/invitations/accept?token=abc')}`);
  const token = new URL(linkIn(mail, '/auth/confirm')).searchParams.get('token');
  const confirmed = await c.post('/api/auth/confirm', { token });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.session.user.email).toBe(email);
  // The opened link proved the mailbox.
  c.useSession(confirmed.body.session);
  expect((await c.get('/api/me')).body.user.emailVerified).toBe(true);
  expect((await c.post('/api/auth/login', { email, password: 'parola-segreta-ok' })).status).toBe(200);
  expect((await c.post('/api/auth/confirm', { token })).status).toBe(400);
});
