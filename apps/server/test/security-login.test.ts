import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@vetrina/shared';
import { loadConfig } from '../src/config.js';
import { passwordStats } from '../src/lib/password.js';
import { LOGIN_LIMITS } from '../src/modules/auth/throttle.js';
import { client, createUser, engine, startPeer, startServer, uniqueEmail, type TestServer } from './harness.js';

// Issue 11, points 3 and 8: throttling that holds under concurrency, common passwords, proxy trust.

const REDIS = process.env.REDIS_TEST_URL;
const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const login = (server: { url: string }, email: string, password: string, ip?: string) =>
  client(server.url).post('/api/auth/login', { email, password }, ip ? from(ip) : undefined);

/** Fires every attempt at once and reports how many passwords the server checked meanwhile. */
async function burst(attempts: Array<() => Promise<{ status: number }>>) {
  const checksBefore = passwordStats.checks;
  const results = await Promise.all(attempts.map((a) => a()));
  const statuses = results.map((r) => r.status);
  return {
    checked: passwordStats.checks - checksBefore,
    answered: statuses.filter((s) => s === 200 || s === 400).length,
    limited: statuses.filter((s) => s === 429).length,
    ok: statuses.filter((s) => s === 200).length,
  };
}

describe(`sign-in throttling (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('checks at most 5 passwords of 40 fired at once from one client, the right one included', async () => {
    const { email, password } = await createUser(server);
    const attempts = Array.from({ length: 40 }, (_, i) => () => login(server, email, i === 20 ? password : `sbagliata-${i}`, '198.51.100.1'));
    const r = await burst(attempts);
    expect(r.checked).toBe(LOGIN_LIMITS.perAccountAndIp);
    expect(r.answered).toBe(5);
    expect(r.limited).toBe(35);
    // Whatever the arrival order, the limit holds for the right password too.
    const again = await login(server, email, password, '198.51.100.1');
    expect(r.ok === 1 ? [200, 429] : [429]).toContain(again.status);
  });

  it('refuses with 429 and the Italian text, and the refusals check no password', async () => {
    const { email } = await createUser(server);
    for (let i = 0; i < 5; i++) expect((await login(server, email, 'sbagliata', '198.51.100.2')).status).toBe(400);
    const checks = passwordStats.checks;
    const res = await login(server, email, 'sbagliata', '198.51.100.2');
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(msg.tooManyLogins);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(passwordStats.checks).toBe(checks);
  });

  it('a stranger guessing from elsewhere does not lock the owner out', async () => {
    const { email, password } = await createUser(server);
    for (let i = 0; i < 5; i++) await login(server, email, `tentativo-${i}`, '203.0.113.66');
    expect((await login(server, email, password, '203.0.113.66')).status).toBe(429);
    expect((await login(server, email, password, '192.0.2.10')).status).toBe(200);
  });

  it('a successful sign-in clears that client’s failures', async () => {
    const { email, password } = await createUser(server);
    for (let i = 0; i < 4; i++) await login(server, email, 'sbagliata', '198.51.100.3');
    expect((await login(server, email, password, '198.51.100.3')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(server, email, 'sbagliata', '198.51.100.3')).status).toBe(400);
    expect((await login(server, email, password, '198.51.100.3')).status).toBe(200);
  });

  it('one address spraying many accounts is stopped after 30 attempts', async () => {
    const ip = '198.51.100.4';
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) expect((await login(server, uniqueEmail(`spray${i}`), 'password123', ip)).status).toBe(400);
    expect((await login(server, uniqueEmail('spray-oltre'), 'password123', ip)).status).toBe(429);
    // Other clients are unaffected.
    expect((await login(server, uniqueEmail('altro'), 'password123', '198.51.100.5')).status).toBe(400);
  });

  it('a distributed guess stops at the per-account ceiling, still checking at most 5 per client', async () => {
    const { email } = await createUser(server);
    const clients = LOGIN_LIMITS.perAccount / LOGIN_LIMITS.perAccountAndIp;
    const r = await burst(
      Array.from({ length: clients + 2 }, (_, c) =>
        Array.from({ length: 6 }, (_, i) => () => login(server, email, `indovino-${c}-${i}`, `10.1.${c}.1`)),
      ).flat(),
    );
    expect(r.checked).toBe(LOGIN_LIMITS.perAccount);
    // A fresh client is now refused too: the account is under attack from everywhere.
    expect((await login(server, email, 'ancora', '10.9.9.9')).status).toBe(429);
  }, 60_000);
});

describe.runIf(REDIS)(`sign-in throttling across two instances sharing Redis (${engine})`, () => {
  it('checks at most 5 passwords of 40 split between the instances', async () => {
    const a = await startServer({ REDIS_URL: REDIS!, TRUST_PROXY: '1' });
    const b = await startPeer(a, { REDIS_URL: REDIS!, TRUST_PROXY: '1' });
    try {
      const { email, password } = await createUser(a);
      const r = await burst(Array.from({ length: 40 }, (_, i) => () => login(i % 2 ? b : a, email, i === 7 ? password : `no-${i}`, '198.51.100.9')));
      expect(r.checked).toBe(5);
      expect(r.limited).toBe(35);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe(`passwords that are among the most common are refused (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });

  for (const weak of ['password1', 'juventus1', 'Password1!', '12345678', 'ciaociao', 'napoli1926', 'francesca']) {
    it(`refuses '${weak}' at sign-up, creating nothing`, async () => {
      const email = uniqueEmail('debole');
      const res = await client(server.url).post('/api/auth/signup', { email, password: weak });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ field: 'password', message: msg.passwordTooCommon });
      expect(await server.ctx.db.selectFrom('auth_users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });
  }

  it('refuses a password made of the e-mail itself', async () => {
    const res = await client(server.url).post('/api/auth/signup', { email: 'marcobianchi77@example.it', password: 'marcobianchi77' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(msg.passwordTooCommon);
  });

  it('accepts a long, unusual one', async () => {
    expect((await client(server.url).post('/api/auth/signup', { email: uniqueEmail(), password: 'vasi-di-limone-al-sole' })).status).toBe(201);
  });

  it('refuses a common one at password reset too, keeping the old password', async () => {
    const { email, password } = await createUser(server);
    await client(server.url).post('/api/auth/recover', { email });
    const mail = await server.smtp.waitFor(email, /password/i);
    const token = new URL(mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)![0]).searchParams.get('token');
    const res = await client(server.url).post('/api/auth/reset-password', { token, password: 'qwerty123' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(msg.passwordTooCommon);
    expect((await login(server, email, password)).status).toBe(200);
  });
});

describe(`sign-up is limited per client address (${engine})`, () => {
  it('refuses the fourth account from one address with a limit of 3, not from another', async () => {
    const server = await startServer({ SIGNUP_RATE_LIMIT: '3', TRUST_PROXY: '1' });
    try {
      const signup = (ip: string) => client(server.url).post('/api/auth/signup', { email: uniqueEmail('massa'), password: 'password-sicura-1' }, from(ip));
      for (let i = 0; i < 3; i++) expect((await signup('198.51.100.20')).status).toBe(201);
      const refused = await signup('198.51.100.20');
      expect(refused.status).toBe(429);
      expect(refused.body.error.message).toBe(msg.tooManySignups);
      expect((await signup('198.51.100.21')).status).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('TRUST_PROXY never trusts everyone', () => {
  it("refuses 'true' with a message that says what to set instead", () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: 'true' darebbe fiducia a qualunque X-Forwarded-For/);
  });

  it('takes a number of hops, or addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,fd00::/8' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('refuses nonsense', () => {
    for (const v of ['sì', '10.0.0.0/33', '300.1.1.1', '99', '1.2.3.4/8/9']) expect(() => loadConfig({ TRUST_PROXY: v }), v).toThrow(/TRUST_PROXY/);
  });

  it(`a client cannot pick its own address when the proxy list does not include it (${engine})`, async () => {
    // Only 10.0.0.0/8 is a proxy; our test client connects from 127.0.0.1, so its X-Forwarded-For is ignored.
    const server = await startServer({ TRUST_PROXY: '10.0.0.0/8' });
    try {
      const { email } = await createUser(server);
      for (let i = 0; i < 5; i++) expect((await login(server, email, 'sbagliata', `203.0.113.${i}`)).status).toBe(400);
      expect((await login(server, email, 'sbagliata', '203.0.113.99')).status).toBe(429);
    } finally {
      await server.close();
    }
  });
});
