import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { client, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { linkIn } from './smtp.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const countUsers = async () =>
  Number(
    (
      await server.ctx.db
        .selectFrom('auth_users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe(`sign-up and sign-in (${engine})`, () => {
  it('signs up with a normalised e-mail, sets the refresh cookie and creates the profile', async () => {
    const c = client(server.url);
    const email = uniqueEmail('Nuovo');
    const res = await c.post('/api/auth/signup', { email: `  ${email.toUpperCase()} `, password: 'password-lunga' });
    expect(res.status).toBe(201);
    expect(res.body.session.user.email).toBe(email.toLowerCase());
    expect(res.body.session.tokenType).toBe('bearer');
    expect(res.headers.getSetCookie().join(';')).toMatch(/vetrina_rt=.*HttpOnly/i);
    c.useSession(res.body.session);
    const me = await c.get('/api/me');
    expect(me.status).toBe(200);
    expect(me.body.profile).toEqual({ activeStoreId: null });
    expect(me.body.stores).toEqual([]);
    expect(me.body.activeStore).toBeNull();
  });

  it('refuses a second account with the same e-mail and keeps one', async () => {
    const { email } = await createUser(server);
    const before = await countUsers();
    const res = await client(server.url).post('/api/auth/signup', { email: email.toUpperCase(), password: 'altra-password' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Esiste già un account con questa email');
    expect(await countUsers()).toBe(before);
  });

  it('rejects a wrong password, then accepts the right one', async () => {
    const { email, password } = await createUser(server);
    const c = client(server.url);
    const wrong = await c.post('/api/auth/login', { email, password: 'sbagliata' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe('Credenziali non valide');
    const unknown = await c.post('/api/auth/login', { email: uniqueEmail('nessuno'), password: 'qualsiasi' });
    expect(unknown.body.error.message).toBe('Credenziali non valide');
    const ok = await c.post('/api/auth/login', { email, password });
    expect(ok.status).toBe(200);
    expect(ok.body.session.user.email).toBe(email);
  });

  it('throttles an account after 5 failures, even with the right password, until the window passes', async () => {
    const { email, password } = await createUser(server);
    const c = client(server.url);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/auth/login', { email, password: `no-${i}` })).status).toBe(400);
    const blocked = await c.post('/api/auth/login', { email, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toBe('Troppi tentativi di accesso. Riprova tra qualche minuto.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(16 * 60 * 1000);
    expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
  });

  it('throttles one address that tries many accounts', async () => {
    const c = client(server.url);
    const headers = { 'x-test': '1' };
    let last = 0;
    for (let i = 0; i < 31; i++) last = (await c.post('/api/auth/login', { email: uniqueEmail('ip'), password: 'x' }, { headers })).status;
    expect(last).toBe(429);
    // Leave the shared address unthrottled for the tests that follow.
    await server.ctx.limiter.reset('login:ip:127.0.0.1');
  });

  it('stores only hashes of refresh tokens', async () => {
    const { client: c } = await createUser(server);
    const cookie = c.jar.get('vetrina_rt')!;
    const rows = await server.ctx.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === cookie)).toBe(false);
  });
});

describe(`sessions (${engine})`, () => {
  it('rotates the refresh token on every use', async () => {
    const { client: c } = await createUser(server);
    const first = c.jar.get('vetrina_rt');
    const res = await c.post('/api/auth/refresh');
    expect(res.status).toBe(200);
    expect(res.body.session.accessToken).toBeTruthy();
    expect(c.jar.get('vetrina_rt')).not.toBe(first);
  });

  it('revokes the whole family when an old refresh token is replayed', async () => {
    const { client: c } = await createUser(server);
    const stolen = c.jar.get('vetrina_rt')!;
    expect((await c.post('/api/auth/refresh')).status).toBe(200);
    clock.advance(11_000);
    const thief = client(server.url);
    thief.jar.set('vetrina_rt', stolen);
    const replay = await thief.post('/api/auth/refresh');
    expect(replay.status).toBe(401);
    // The legitimate holder's newer token died with the family.
    expect((await c.post('/api/auth/refresh')).status).toBe(401);
  });

  it('treats two tabs refreshing with the same token at once as a race, not theft', async () => {
    const { client: c } = await createUser(server);
    const token = c.jar.get('vetrina_rt')!;
    const other = client(server.url);
    other.jar.set('vetrina_rt', token);
    const [a, b] = await Promise.all([c.post('/api/auth/refresh'), other.post('/api/auth/refresh')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await c.post('/api/auth/refresh')).status).toBe(200);
  });

  it('expires access tokens after 15 minutes', async () => {
    const { client: c } = await createUser(server);
    expect((await c.get('/api/auth/user')).status).toBe(200);
    clock.advance(15 * 60 * 1000 + 1000);
    const res = await c.get('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Sessione scaduta, accedi di nuovo');
  });

  it('signs out locally, globally or everywhere else', async () => {
    const { email, password, client: a } = await createUser(server);
    const b = client(server.url);
    const c = client(server.url);
    b.useSession((await b.post('/api/auth/login', { email, password })).body.session);
    c.useSession((await c.post('/api/auth/login', { email, password })).body.session);

    expect((await a.post('/api/auth/logout', { scope: 'local' })).status).toBe(204);
    expect(a.jar.has('vetrina_rt')).toBe(false);
    expect((await b.post('/api/auth/refresh')).status).toBe(200);

    expect((await b.post('/api/auth/logout', { scope: 'others' })).status).toBe(204);
    expect((await b.post('/api/auth/refresh')).status).toBe(200);
    expect((await c.post('/api/auth/refresh')).status).toBe(401);

    const d = client(server.url);
    d.useSession((await d.post('/api/auth/login', { email, password })).body.session);
    expect((await d.post('/api/auth/logout', { scope: 'global' })).status).toBe(204);
    expect((await b.post('/api/auth/refresh')).status).toBe(401);
  });

  it('refuses a refresh called from another origin', async () => {
    const { client: c } = await createUser(server);
    const res = await c.post('/api/auth/refresh', undefined, { headers: { origin: 'https://attacker.example' } });
    expect(res.status).toBe(403);
  });
});

describe(`e-mail change and password reset (${engine})`, () => {
  it('changes the e-mail only when the mailed link is opened, once', async () => {
    const { client: c, email, password } = await createUser(server);
    const newEmail = uniqueEmail('nuova');
    expect((await c.post('/api/auth/email-change', { email: newEmail, password })).status).toBe(202);
    const mail = await server.smtp.waitFor(newEmail, /nuova email/i);
    const link = linkIn(mail, '/auth/confirm-email');
    // Not applied yet.
    expect((await client(server.url).post('/api/auth/login', { email, password })).status).toBe(200);
    const token = new URL(link).searchParams.get('token');
    // Opened in the same browser: this session stays, the others end.
    const confirm = await c.post('/api/auth/email-change/confirm', { token });
    expect(confirm.status).toBe(200);
    expect(confirm.body.email).toBe(newEmail);
    expect((await client(server.url).post('/api/auth/login', { email: newEmail, password })).status).toBe(200);
    expect((await client(server.url).post('/api/auth/login', { email, password })).status).toBe(400);
    const again = await client(server.url).post('/api/auth/email-change/confirm', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe('Il link non è valido o è scaduto');
    expect((await c.get('/api/me')).body.user.email).toBe(newEmail);
  });

  it("refuses an e-mail that belongs to another account and one's own", async () => {
    const { client: c, email, password } = await createUser(server);
    const other = await createUser(server);
    const taken = await c.post('/api/auth/email-change', { email: other.email, password });
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe('Esiste già un account con questa email');
    expect((await c.post('/api/auth/email-change', { email, password })).status).toBe(400);
  });

  it('resets the password through the mailed link, signs out other sessions and signs in', async () => {
    const { email, password, client: old } = await createUser(server);
    const c = client(server.url);
    expect((await c.post('/api/auth/recover', { email })).status).toBe(202);
    const link = linkIn(await server.smtp.waitFor(email, /password/i), '/reset-password');
    const token = new URL(link).searchParams.get('token');
    const reset = await c.post('/api/auth/reset-password', { token, password: 'nuova-password-1' });
    expect(reset.status).toBe(200);
    expect(reset.body.session.user.email).toBe(email);
    expect(c.jar.has('vetrina_rt')).toBe(true);
    expect((await old.post('/api/auth/refresh')).status).toBe(401);
    expect((await client(server.url).post('/api/auth/login', { email, password })).status).toBe(400);
    expect((await client(server.url).post('/api/auth/login', { email, password: 'nuova-password-1' })).status).toBe(200);
    expect((await c.post('/api/auth/reset-password', { token, password: 'ancora-unaltra' })).status).toBe(400);
  });

  it('expires reset links after an hour and refuses short passwords', async () => {
    const { email } = await createUser(server);
    await client(server.url).post('/api/auth/recover', { email });
    const token = new URL(linkIn(await server.smtp.waitFor(email, /password/i), '/reset-password')).searchParams.get('token');
    const short = await client(server.url).post('/api/auth/reset-password', { token, password: 'corta' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('La password deve contenere almeno 8 caratteri');
    clock.advance(61 * 60 * 1000);
    const late = await client(server.url).post('/api/auth/reset-password', { token, password: 'abbastanza-lunga' });
    expect(late.status).toBe(400);
    expect(late.body.error.message).toBe('Il link non è valido o è scaduto');
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const ghost = uniqueEmail('fantasma');
    const res = await client(server.url).post('/api/auth/recover', { email: ghost });
    expect(res.status).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(server.smtp.mails.some((m) => m.to.includes(ghost))).toBe(false);
  });
});

describe(`API surface (${engine})`, () => {
  it('serves the OpenAPI document', async () => {
    const res = await client(server.url).get('/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toContain('/api/auth/login');
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const res = await client(server.url).get('/api/non-esiste');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Risorsa non trovata' } });
  });

  it('requires a session for protected endpoints', async () => {
    const c = client(server.url);
    for (const [m, u] of [
      ['GET', '/api/me'],
      ['GET', '/api/auth/user'],
      ['POST', '/api/auth/email-change'],
    ] as const) {
      const res = m === 'GET' ? await c.get(u) : await c.post(u, { email: uniqueEmail(), password: 'password-sicura-1' });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('unauthenticated');
    }
    c.setToken('eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.');
    expect((await c.get('/api/me')).status).toBe(401);
  });
});
