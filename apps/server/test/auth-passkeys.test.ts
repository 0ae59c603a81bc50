import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMsg, passkeyMsg } from '@vetrina/shared';
import { loadConfig } from '../src/config.js';
import { clock } from '../src/lib/clock.js';
import { CODE_LIMIT } from '../src/modules/auth/throttle.js';
import { client, createUser, engine, startServer, type TestServer } from './harness.js';
import { addPasskey, passkeySignIn, serverOrigin, userWithPasskey } from './passkey-helpers.js';
import { softwareAuthenticator } from './software-authenticator.js';
import { codeAt, passwordStep, userWithTotp } from './totp-helpers.js';

// Issue 49, point 2: passkeys (WebAuthn): register several, sign in with one alone or as the second step.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

function expectInvalidPasskey(res: { status: number; body: any }) {
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe(passkeyMsg.invalidPasskey);
}
const sessionsOf = (userId: string) => server.ctx.db.selectFrom('sessions').select(['id', 'aal']).where('user_id', '=', userId).execute();
const passkeyRows = (userId: string) => server.ctx.db.selectFrom('auth_passkeys').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();

describe(`passkeys: registering and managing them (${engine})`, () => {
  it('registers several with a name, lists them and shows them as webauthn factors', async () => {
    const user = await userWithPasskey(server, 'Portatile');
    const phone = softwareAuthenticator(serverOrigin(server));
    const second = await addPasskey(user.client, phone, '  Telefono  ');
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ name: 'Telefono', lastUsedAt: null });

    const list = await user.client.get('/api/auth/passkeys');
    expect(list.status).toBe(200);
    expect(list.body.passkeys.map((p: any) => p.name)).toEqual(['Portatile', 'Telefono']);
    expect(Date.parse(list.body.passkeys[0].createdAt)).not.toBeNaN();
    const me = (await user.client.get('/api/auth/user')).body.user;
    expect(me.factors).toMatchObject([
      { factorType: 'webauthn', friendlyName: 'Portatile', status: 'verified' },
      { factorType: 'webauthn', friendlyName: 'Telefono', status: 'verified' },
    ]);
    const rows = await passkeyRows(user.id);
    expect(rows.map((r) => r.credential_id)).toEqual(user.authenticator.credentials.concat(phone.credentials).map((c) => c.id.toString('base64url')));
    expect(rows[0]!.transports).toBe('internal');
  });

  it('renames and removes only the caller’s own passkeys; a bad name changes nothing', async () => {
    const owner = await userWithPasskey(server);
    const other = await createUser(server);
    const renamed = await owner.client.patch(`/api/auth/passkeys/${owner.passkeyId}`, { name: 'MacBook' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('MacBook');
    const empty = await owner.client.patch(`/api/auth/passkeys/${owner.passkeyId}`, { name: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(passkeyMsg.nameRequired);
    const long = await owner.client.patch(`/api/auth/passkeys/${owner.passkeyId}`, { name: 'x'.repeat(61) });
    expect(long.status).toBe(400);

    expect((await other.client.patch(`/api/auth/passkeys/${owner.passkeyId}`, { name: 'Mio' })).status).toBe(404);
    expect((await other.client.del(`/api/auth/passkeys/${owner.passkeyId}`)).status).toBe(404);
    expect((await passkeyRows(owner.id)).map((r) => r.name)).toEqual(['MacBook']);

    expect((await owner.client.del(`/api/auth/passkeys/${owner.passkeyId}`)).status).toBe(204);
    expect(await passkeyRows(owner.id)).toHaveLength(0);
    expect((await owner.client.del(`/api/auth/passkeys/${owner.passkeyId}`)).status).toBe(404);
  });

  it('asks for a fresh proof to remove one five minutes after the last', async () => {
    const user = await userWithPasskey(server);
    clock.advance(5 * 60_000 + 1_000);
    const refused = await user.client.del(`/api/auth/passkeys/${user.passkeyId}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('reauth_required');
    expect(refused.body.error.message).toBe(accountSecurityMsg.reauthRequired);
    expect(await passkeyRows(user.id)).toHaveLength(1);
    expect((await user.client.post('/api/auth/reauthenticate', { password: user.password })).status).toBe(200);
    expect((await user.client.del(`/api/auth/passkeys/${user.passkeyId}`)).status).toBe(204);
  });

  it('a passkey proves who one is again: the change goes through, the answer works once, another account’s passkey does not', async () => {
    const user = await userWithPasskey(server);
    const other = await userWithPasskey(server);
    const session = (await sessionsOf(user.id))[0]!;
    expect(session.aal).toBe('aal2'); // registering a verified passkey in this session made it two-step
    clock.advance(5 * 60_000 + 1_000);
    expect((await user.client.del(`/api/auth/passkeys/${user.passkeyId}`)).status).toBe(403);

    // Another account's passkey answering this account's challenge proves nothing.
    const stranger = await user.client.post('/api/auth/reauthenticate/passkey/options');
    expect(stranger.status).toBe(200);
    expectInvalidPasskey(
      await user.client.post('/api/auth/reauthenticate/passkey', {
        credential: other.authenticator.assert({ ...stranger.body.options, allowCredentials: [] }),
      }),
    );
    // Nor does a sign-in challenge, or a tampered answer.
    const signIn = await client(server.url).post('/api/auth/login/passkey/options', {});
    expectInvalidPasskey(await user.client.post('/api/auth/reauthenticate/passkey', { credential: user.authenticator.assert(signIn.body.options) }));
    const tampered = await user.client.post('/api/auth/reauthenticate/passkey/options');
    expectInvalidPasskey(
      await user.client.post('/api/auth/reauthenticate/passkey', {
        credential: user.authenticator.assert(tampered.body.options, { origin: 'https://evil.example' }),
      }),
    );
    expect((await user.client.del(`/api/auth/passkeys/${user.passkeyId}`)).status).toBe(403);

    const options = await user.client.post('/api/auth/reauthenticate/passkey/options');
    const credential = user.authenticator.assert(options.body.options);
    const proved = await user.client.post('/api/auth/reauthenticate/passkey', { credential });
    expect(proved.status).toBe(200);
    expect(proved.body.aal).toBe('aal2');
    expectInvalidPasskey(await user.client.post('/api/auth/reauthenticate/passkey', { credential }));
    expect((await user.client.del(`/api/auth/passkeys/${user.passkeyId}`)).status).toBe(204);
  });

  it('a proof with a passkey needs one: an account without passkeys gets the same refusal', async () => {
    const user = await createUser(server);
    expectInvalidPasskey(await user.client.post('/api/auth/reauthenticate/passkey/options'));
  });

  it('refuses a registration from another origin, for another RP id, without user verification or replayed', async () => {
    const user = await createUser(server);
    const authenticator = softwareAuthenticator(serverOrigin(server));
    for (const tamper of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }, { type: 'webauthn.get' }]) {
      const res = await addPasskey(user.client, authenticator, 'Portatile', tamper);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(passkeyMsg.registerFailed);
    }
    // Another account's challenge does not register a passkey here.
    const other = await createUser(server);
    const theirs = await other.client.post('/api/auth/passkeys/options');
    const stolen = await user.client.post('/api/auth/passkeys', { name: 'X', credential: authenticator.register(theirs.body.options) });
    expect(stolen.status).toBe(400);
    // The same answer twice: the challenge was used.
    const options = await user.client.post('/api/auth/passkeys/options');
    const credential = authenticator.register(options.body.options);
    expect((await user.client.post('/api/auth/passkeys', { name: 'Uno', credential })).status).toBe(201);
    expect((await user.client.post('/api/auth/passkeys', { name: 'Due', credential })).status).toBe(400);
    expect((await passkeyRows(user.id)).map((r) => r.name)).toEqual(['Uno']);
    expect(await passkeyRows(other.id)).toHaveLength(0);
  });

  it('answers malformed registrations with a 400, never a 500', async () => {
    const user = await createUser(server);
    const bodies = [
      {},
      { name: 'X' },
      { name: 'X', credential: 'nope' },
      { name: 'X', credential: { id: 'a', rawId: 'a', type: 'public-key', response: {} } },
      { name: 'X', credential: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'AA' } } },
      { name: 'X', credential: { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'x'.repeat(20_000) } } },
    ];
    for (const body of bodies) expect((await user.client.post('/api/auth/passkeys', body)).status).toBe(400);
    expect(await passkeyRows(user.id)).toHaveLength(0);
  });
});

describe(`passkeys: 'Accedi con una passkey' (${engine})`, () => {
  it('opens a two-step session with the passkey alone, records its use and mails a new device', async () => {
    const user = await userWithPasskey(server);
    const before = (await passkeyRows(user.id))[0]!;
    const c = client(server.url);
    const options = await c.post('/api/auth/login/passkey/options');
    expect(options.status).toBe(200);
    expect(options.body.options.allowCredentials ?? []).toEqual([]);
    expect(options.body.options.userVerification).toBe('required');
    const credential = user.authenticator.assert(options.body.options);
    const res = await c.post('/api/auth/login/passkey', { credential }, { headers: { 'user-agent': FIREFOX } });
    expect(res.status).toBe(200);
    expect(res.body.session.user.email).toBe(user.email);
    c.useSession(res.body.session);
    expect((await c.get('/api/me')).status).toBe(200);
    expect(c.jar.get('vetrina_rt')).toBeTruthy();
    const session = (await sessionsOf(user.id)).find((s) => s.aal === 'aal2');
    expect(session).toBeTruthy();
    const after = (await passkeyRows(user.id))[0]!;
    expect(after.last_used_at).not.toBeNull();
    expect(Number(after.counter)).toBeGreaterThan(Number(before.counter));
    expect((await user.client.get('/api/auth/passkeys')).body.passkeys[0].lastUsedAt).toBe(after.last_used_at);
    const mail = await server.smtp.waitFor(user.email, /^Nuovo accesso al tuo account$/);
    expect(mail.text).toContain('Firefox');

    // The same answer again: its challenge was used.
    const count = (await sessionsOf(user.id)).length;
    expectInvalidPasskey(await client(server.url).post('/api/auth/login/passkey', { credential }));
    expect(await sessionsOf(user.id)).toHaveLength(count);
  });

  it('refuses another origin, another RP id, a bad signature, an unknown challenge or passkey with one message', async () => {
    const user = await userWithPasskey(server);
    const count = (await sessionsOf(user.id)).length;
    expectInvalidPasskey((await passkeySignIn(server, user.authenticator, { origin: 'https://evil.example' })).res);
    expectInvalidPasskey((await passkeySignIn(server, user.authenticator, { rpId: 'evil.example' })).res);
    expectInvalidPasskey((await passkeySignIn(server, user.authenticator, { userVerified: false })).res);
    // A challenge the server never handed out.
    const c = client(server.url);
    const made = user.authenticator.assert({ challenge: Buffer.from('inventata-dal-client').toString('base64url') });
    expectInvalidPasskey(await c.post('/api/auth/login/passkey', { credential: made }));
    // A signature that does not match.
    const options = await c.post('/api/auth/login/passkey/options');
    const forged = user.authenticator.assert(options.body.options);
    forged.response.signature = user.authenticator.assert({ challenge: 'altro' }).response.signature;
    expectInvalidPasskey(await c.post('/api/auth/login/passkey', { credential: forged }));
    // A passkey this server does not know (never registered).
    const stranger = softwareAuthenticator(serverOrigin(server));
    stranger.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'c29tZW9uZQ' } });
    expectInvalidPasskey((await passkeySignIn(server, stranger)).res);
    // Malformed answers.
    for (const credential of [
      'x',
      {},
      { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '!!', authenticatorData: 'AA', signature: 'AA' } },
    ]) {
      const res = await c.post('/api/auth/login/passkey', { credential });
      expect(res.status).toBe(400);
    }
    expect(await sessionsOf(user.id)).toHaveLength(count);
  });

  it('stops after five failed answers for an account, like codes', async () => {
    const user = await userWithPasskey(server);
    for (let i = 0; i < CODE_LIMIT; i++) expectInvalidPasskey((await passkeySignIn(server, user.authenticator, { origin: 'https://evil.example' })).res);
    const limited = await passkeySignIn(server, user.authenticator);
    expect(limited.res.status).toBe(429);
    clock.advance(15 * 60_000 + 1_000);
    expect((await passkeySignIn(server, user.authenticator)).res.status).toBe(200);
  });
});

describe(`passkeys: the second step after the password (${engine})`, () => {
  it('an account with a passkey gets a challenge; the passkey trades it for a session, once', async () => {
    const user = await userWithPasskey(server);
    const login = await client(server.url).post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.status).toBe(200);
    expect(login.body.session).toBeNull();
    expect(login.body.secondStep).toMatchObject({ factorType: 'webauthn', factors: ['webauthn'] });
    const challengeId = login.body.secondStep.challengeId;

    const c = client(server.url);
    const options = await c.post('/api/auth/login/passkey/options', { challengeId });
    expect(options.status).toBe(200);
    expect(options.body.options.allowCredentials.map((a: any) => a.id)).toEqual([user.authenticator.credentials[0]!.id.toString('base64url')]);
    // The code step does not open it: there is no authenticator app.
    expect((await c.post('/api/auth/login/verify', { challengeId, code: '123456' })).status).toBe(400);
    const credential = user.authenticator.assert(options.body.options);
    // Bound to its password step: without it, or with another, refused (and the WebAuthn challenge is spent).
    expectInvalidPasskey(await c.post('/api/auth/login/passkey', { credential }));
    const again = await c.post('/api/auth/login/passkey/options', { challengeId });
    const ok = await c.post('/api/auth/login/passkey', { challengeId, credential: user.authenticator.assert(again.body.options) });
    expect(ok.status).toBe(200);
    expect(ok.body.session.user.id).toBe(user.id);
    // The password step is used: no second session from it.
    const reuse = await c.post('/api/auth/login/passkey/options', { challengeId });
    expectInvalidPasskey(reuse);
  });

  it('offers both factors with an authenticator app too, and keeps the code working', async () => {
    const user = await userWithTotp(server);
    const authenticator = softwareAuthenticator(serverOrigin(server));
    expect((await addPasskey(user.client, authenticator)).status).toBe(201);
    const step = await passwordStep(server, user.email, user.password);
    const login = await client(server.url).post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.body.secondStep).toMatchObject({ factorType: 'totp', factors: ['totp', 'webauthn'] });
    const ok = await step.client.post('/api/auth/login/verify', { challengeId: step.challengeId, code: await codeAt(user.secret) });
    expect(ok.status).toBe(200);
  });

  it('refuses another account’s passkey for this account’s second step', async () => {
    const victim = await userWithPasskey(server);
    const attacker = await userWithPasskey(server);
    const login = await client(server.url).post('/api/auth/login', { email: victim.email, password: victim.password });
    const challengeId = login.body.secondStep.challengeId;
    const c = client(server.url);
    const options = await c.post('/api/auth/login/passkey/options', { challengeId });
    const credential = attacker.authenticator.assert({ ...options.body.options, allowCredentials: [] });
    const before = (await sessionsOf(victim.id)).length;
    expectInvalidPasskey(await c.post('/api/auth/login/passkey', { challengeId, credential }));
    expect(await sessionsOf(victim.id)).toHaveLength(before);
    // An unknown or made-up password step gives no options.
    expectInvalidPasskey(await c.post('/api/auth/login/passkey/options', { challengeId: 'inventato' }));
  });
});

describe('passkeys: configuration', () => {
  it('takes the RP id and origins from the environment and refuses ones that cannot work', () => {
    const base = { NODE_ENV: 'test' };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://negozi.example.it' }).webauthn).toEqual({ rpId: undefined, origins: undefined });
    expect(loadConfig({ ...base, WEBAUTHN_RP_ID: 'example.it', WEBAUTHN_ORIGINS: 'https://negozi.example.it, https://example.it' }).webauthn).toEqual({
      rpId: 'example.it',
      origins: ['https://negozi.example.it', 'https://example.it'],
    });
    expect(() => loadConfig({ ...base, WEBAUTHN_ORIGINS: 'negozi.example.it' })).toThrow(/WEBAUTHN_ORIGINS/);
    expect(() => loadConfig({ ...base, WEBAUTHN_ORIGINS: 'https://negozi.example.it/percorso' })).toThrow(/WEBAUTHN_ORIGINS/);
    expect(() => loadConfig({ ...base, WEBAUTHN_RP_ID: 'https://example.it' })).toThrow(/WEBAUTHN_RP_ID/);
    expect(() => loadConfig({ ...base, PUBLIC_URL: 'https://negozi.example.it', WEBAUTHN_ORIGINS: 'https://altro.example' })).toThrow(/non appartiene/);
  });
});
