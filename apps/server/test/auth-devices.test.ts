import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, type DeviceSession, type ServerFrame } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { client, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { connectRealtime } from './ws-client.js';

// Issue 49, points 5 and 7: 'Dispositivi e sessioni' and the 'Nuovo accesso al tuo account' mail.

const MAC_CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_DEVICE = /^Nuovo accesso al tuo account$/;

let server: TestServer;
beforeAll(async () => {
  // One proxy in front: the client's address comes from X-Forwarded-For, as in production.
  server = await startServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
});

/** A sign-in from a browser (its user agent) on a network (its address). */
async function signIn(user: { email: string; password: string }, userAgent: string, ip: string): Promise<Client> {
  const c = client(server.url);
  const res = await c.post('/api/auth/login', { email: user.email, password: user.password }, { headers: { 'user-agent': userAgent, 'x-forwarded-for': ip } });
  expect(res.status).toBe(200);
  c.useSession(res.body.session);
  return c;
}

const listOf = async (c: Client): Promise<DeviceSession[]> => {
  const res = await c.get('/api/auth/sessions');
  expect(res.status).toBe(200);
  return res.body.sessions;
};
const mailsTo = (email: string) => server.smtp.mails.filter((m) => m.to.includes(email) && NEW_DEVICE.test(m.subject));

describe(`Dispositivi e sessioni (${engine})`, () => {
  it('lists each session with the browser and system of its user agent and only its network', async () => {
    const user = await createUser(server);
    const laptop = await signIn(user, MAC_CHROME, '203.0.113.57');
    await signIn(user, IPHONE_SAFARI, '2001:db8:1:2::5');
    const sessions = await listOf(laptop);
    expect(sessions).toHaveLength(3);
    const mine = sessions[0]!;
    expect(mine.current).toBe(true);
    expect(mine).toMatchObject({ browser: 'Chrome', system: 'macOS', network: 'Rete 203.0.113.x' });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions).toContainEqual(expect.objectContaining({ browser: 'Safari', system: 'iOS', network: 'Rete 2001:db8:1::/48', current: false }));
    const rows = await server.ctx.db.selectFrom('sessions').select(['ip_prefix', 'user_agent']).where('user_id', '=', user.id).execute();
    expect(rows.map((r) => r.ip_prefix)).toEqual(expect.arrayContaining(['203.0.113.x', '2001:db8:1::/48']));
    expect(JSON.stringify(rows)).not.toContain('203.0.113.57');
  });

  it('updates when it was last used at a token refresh', async () => {
    const user = await createUser(server);
    const laptop = await signIn(user, MAC_CHROME, '203.0.113.57');
    const before = (await listOf(laptop)).find((s) => s.current)!;
    expect(before.lastUsedAt).toBe(before.createdAt);
    clock.advance(60 * 60_000);
    try {
      const refreshed = await laptop.post('/api/auth/refresh');
      expect(refreshed.status).toBe(200);
      laptop.useSession(refreshed.body.session);
      const after = (await listOf(laptop)).find((s) => s.current)!;
      expect(after.createdAt).toBe(before.createdAt);
      expect(Date.parse(after.lastUsedAt) - Date.parse(before.createdAt)).toBeGreaterThanOrEqual(60 * 60_000);
    } finally {
      clock.reset();
    }
  });

  it("'Esci da questo dispositivo' ends that session only: its refresh token and access token stop working", async () => {
    const user = await createUser(server);
    const laptop = await signIn(user, MAC_CHROME, '203.0.113.57');
    const phone = await signIn(user, IPHONE_SAFARI, '198.51.100.4');
    const phoneId = (await listOf(phone)).find((s) => s.current)!.id;
    expect((await laptop.del(`/api/auth/sessions/${phoneId}`)).status).toBe(204);
    const refused = await phone.get('/api/me');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toBe(msg.sessionExpired);
    expect((await phone.post('/api/auth/refresh')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await listOf(laptop)).map((s) => s.id)).not.toContain(phoneId);
    // Already ended: nothing to end.
    expect((await laptop.del(`/api/auth/sessions/${phoneId}`)).status).toBe(404);
  });

  it("'Esci da tutti gli altri dispositivi' keeps only this one", async () => {
    const user = await createUser(server);
    const laptop = await signIn(user, MAC_CHROME, '203.0.113.57');
    const phone = await signIn(user, IPHONE_SAFARI, '198.51.100.4');
    expect((await laptop.post('/api/auth/logout', { scope: 'others' })).status).toBe(204);
    expect((await listOf(laptop)).map((s) => s.current)).toEqual([true]);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await user.client.post('/api/auth/refresh')).status).toBe(401);
  });

  it("another user's session id answers 404 and ends nothing", async () => {
    const victim = await createUser(server);
    const attacker = await createUser(server);
    const victimId = (await listOf(victim.client))[0]!.id;
    const res = await attacker.client.del(`/api/auth/sessions/${victimId}`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(msg.sessionNotFound);
    expect((await victim.client.get('/api/me')).status).toBe(200);
    expect((await attacker.client.del('/api/auth/sessions/non-esiste')).status).toBe(404);
    expect((await client(server.url).del(`/api/auth/sessions/${victimId}`)).status).toBe(401);
  });

  it('closes the realtime socket of the revoked session, and only that one', async () => {
    const user = await createUser(server);
    const laptop = await signIn(user, MAC_CHROME, '203.0.113.57');
    const phone = await signIn(user, IPHONE_SAFARI, '198.51.100.4');
    const phoneId = (await listOf(phone)).find((s) => s.current)!.id;
    const wsPhone = await connectRealtime(server.url);
    await wsPhone.auth(phone.token!);
    const wsLaptop = await connectRealtime(server.url);
    await wsLaptop.auth(laptop.token!);
    const ended = wsPhone.next((f: ServerFrame) => f.type === 'error' && !f.channel);
    expect((await laptop.del(`/api/auth/sessions/${phoneId}`)).status).toBe(204);
    expect(await ended).toMatchObject({ code: 'unauthenticated', message: 'Sessione terminata: accedi di nuovo' });
    expect(await wsPhone.closed).toEqual({ code: 4001, reason: 'Sessione terminata: accedi di nuovo' });
    expect(await wsLaptop.never((f) => f.type === 'error')).toBe(true);
    // Its token cannot sign a new socket in again.
    const again = await connectRealtime(server.url);
    const stale = again.next((f: ServerFrame) => f.type === 'error' && !f.channel);
    again.send({ type: 'auth', token: phone.token! });
    expect(await stale).toMatchObject({ code: 'unauthenticated' });
    again.close();
    wsLaptop.close();
  });
});

describe(`Nuovo accesso al tuo account (${engine})`, () => {
  it('is mailed once for a new browser, system and network, and not for a known one', async () => {
    const user = await createUser(server);
    await signIn(user, MAC_CHROME, '203.0.113.57');
    const first = await server.smtp.waitFor(user.email, NEW_DEVICE);
    expect(first.text).toContain('Chrome');
    expect(first.text).toContain('macOS');
    expect(first.text).toContain('Rete 203.0.113.x');
    expect(first.text).toContain('ora di Roma');
    expect(first.text).toMatch(/cambia subito la password/);
    expect(first.text).toContain('/dashboard/profile#dispositivi');
    // Same browser, system and network (another address of it): known.
    const again = await signIn(user, MAC_CHROME, '203.0.113.99');
    expect((await again.get('/api/me')).status).toBe(200);
    // A new one mails again; then it is known too.
    await signIn(user, WINDOWS_FIREFOX, '198.51.100.4');
    await expect.poll(() => mailsTo(user.email).length).toBe(2);
    await signIn(user, WINDOWS_FIREFOX, '198.51.100.200');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(user.email)).toHaveLength(2);
    // Never a token: neither the session's access token nor its refresh cookie.
    for (const m of mailsTo(user.email)) {
      expect(m.text + m.html).not.toContain(again.token!.slice(-20));
      expect(m.text + m.html).not.toContain(again.jar.get('vetrina_rt')!);
    }
  });

  it('is not mailed for the sign-up, and a device unseen for 90 days is new again', async () => {
    const email = `nuovo.${Date.now().toString(36)}@example.it`;
    const password = 'password-sicura-1';
    const headers = { 'user-agent': MAC_CHROME, 'x-forwarded-for': '203.0.113.57' };
    expect((await client(server.url).post('/api/auth/signup', { email, password }, { headers })).status).toBe(201);
    await signIn({ email, password }, MAC_CHROME, '203.0.113.8');
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(email)).toHaveLength(0);
    clock.advance(91 * 24 * 3600_000);
    try {
      await signIn({ email, password }, MAC_CHROME, '203.0.113.8');
      await expect.poll(() => mailsTo(email).length).toBe(1);
    } finally {
      clock.reset();
    }
  });
});
