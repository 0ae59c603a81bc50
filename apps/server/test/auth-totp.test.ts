import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT, twoStepMsg } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { CODE_LIMIT } from '../src/modules/auth/throttle.js';
import { client, createUser, engine, startServer, type TestServer } from './harness.js';
import { linkIn } from './smtp.js';
import { STEP, alignClock, codeAt, passwordStep, userWithTotp } from './totp-helpers.js';

// Issue 49, point 1: 'Verifica in due passaggi' with an authenticator app and recovery codes.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => alignClock());
afterEach(() => clock.reset());

const verify = (s: Awaited<ReturnType<typeof passwordStep>>, code: string) => s.client.post('/api/auth/login/verify', { challengeId: s.challengeId, code });

function expectInvalidCode(res: { status: number; body: any }) {
  expect(res.status).toBe(400);
  expect(res.body.error.message).toBe(twoStepMsg.invalidCode);
}

describe(`two-step sign-in: enrolment (${engine})`, () => {
  it('shows the URI, the QR and the key; a wrong first code leaves it off, the right one turns it on', async () => {
    const user = await createUser(server);
    const enrolled = await user.client.post('/api/auth/factors', { factorType: 'totp' });
    expect(enrolled.status).toBe(201);
    const { uri, qrCode, secret } = enrolled.body.totp;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Vetrina:/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^<svg[^>]*>/);
    const row = await server.ctx.db.selectFrom('auth_factors').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);

    const wrong = String((Number(await codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    expectInvalidCode(await user.client.post(`/api/auth/factors/${enrolled.body.factor.id}/verify`, { code: wrong }));
    expect((await user.client.get('/api/auth/factors')).body.factors).toMatchObject([{ status: 'unverified' }]);

    const ok = await user.client.post(`/api/auth/factors/${enrolled.body.factor.id}/verify`, { code: await codeAt(secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(ok.body.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    expect((await user.client.get('/api/auth/factors')).body.factors).toMatchObject([{ status: 'verified', factorType: 'totp' }]);
    const stored = await server.ctx.db.selectFrom('auth_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(ok.body.recoveryCodes[0]);

    const again = await user.client.post('/api/auth/factors', { factorType: 'totp' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(twoStepMsg.alreadyOn);
  });
});

describe(`two-step sign-in: the code after the password (${engine})`, () => {
  it('the password alone opens no session; the right code does, once', async () => {
    const user = await userWithTotp(server);
    const step = await passwordStep(server, user.email, user.password);
    expect(step.client.jar.has('vetrina_rt')).toBe(false);
    const code = await codeAt(user.secret);
    const ok = await verify(step, code);
    expect(ok.status).toBe(200);
    expect(step.client.jar.has('vetrina_rt')).toBe(true);
    step.client.useSession(ok.body.session);
    const me = (await step.client.get('/api/auth/user')).body.user;
    expect(me.email).toBe(user.email);
    expect(me.factors).toMatchObject([{ factorType: 'totp', status: 'verified' }]);

    // The same code again, inside its 30 seconds, from a new sign-in: refused.
    const replay = await passwordStep(server, user.email, user.password);
    expectInvalidCode(await verify(replay, code));
    // So is the previous step's code, which drift would otherwise allow.
    expectInvalidCode(await verify(replay, await codeAt(user.secret, -1)));
    // The used challenge does not open a second session either.
    expectInvalidCode(await verify(step, await codeAt(user.secret, 1)));
  });

  it('allows one step of drift each way, not two', async () => {
    const user = await userWithTotp(server);
    const step = await passwordStep(server, user.email, user.password);
    expectInvalidCode(await verify(step, await codeAt(user.secret, -2)));
    expectInvalidCode(await verify(step, await codeAt(user.secret, 2)));
    const early = await codeAt(user.secret);
    clock.advance(STEP); // the phone's code is now one step behind the server
    expect((await verify(step, early)).status).toBe(200);
    const late = await codeAt(user.secret, 1);
    const second = await passwordStep(server, user.email, user.password);
    expect((await verify(second, late)).status).toBe(200);

    const stale = await codeAt(user.secret);
    clock.advance(2 * STEP);
    const third = await passwordStep(server, user.email, user.password);
    expectInvalidCode(await verify(third, stale));
  });

  it('refuses non-numeric codes, unknown and expired challenges with the same message, changing nothing', async () => {
    const user = await userWithTotp(server);
    const step = await passwordStep(server, user.email, user.password);
    for (const code of ['abcdef', '12345a', '1234567']) expectInvalidCode(await verify(step, code));
    expectInvalidCode(await step.client.post('/api/auth/login/verify', { challengeId: 'non-esiste', code: await codeAt(user.secret) }));

    const before = await server.ctx.db.selectFrom('auth_factors').select('last_used_step').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    clock.advance(5 * 60_000 + 1000);
    const code = await codeAt(user.secret);
    expectInvalidCode(await verify(step, code));
    const after = await server.ctx.db.selectFrom('auth_factors').select('last_used_step').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(after.last_used_step).toBe(before.last_used_step);
    // The refused code was not spent: a fresh challenge takes it.
    expect((await verify(await passwordStep(server, user.email, user.password), code)).status).toBe(200);
  });

  it(`stops after ${CODE_LIMIT} wrong codes, even the right one`, async () => {
    const user = await userWithTotp(server);
    const step = await passwordStep(server, user.email, user.password);
    for (let i = 0; i < CODE_LIMIT; i++) expectInvalidCode(await verify(step, '000000'));
    const limited = await verify(step, await codeAt(user.secret));
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe(twoStepMsg.tooManyCodes);
    expect(step.client.jar.has('vetrina_rt')).toBe(false);
  });

  it('a recovery code signs in once', async () => {
    const user = await userWithTotp(server);
    const [first, second] = user.recoveryCodes;
    expect((await verify(await passwordStep(server, user.email, user.password), first!)).status).toBe(200);
    expectInvalidCode(await verify(await passwordStep(server, user.email, user.password), first!));
    // Typed in capitals without the dash it is the same code.
    const typed = second!.replace('-', '').toUpperCase();
    expect((await verify(await passwordStep(server, user.email, user.password), typed)).status).toBe(200);
    const used = await server.ctx.db.selectFrom('auth_recovery_codes').select('id').where('user_id', '=', user.id).where('used_at', 'is not', null).execute();
    expect(used).toHaveLength(2);
  });
});

describe(`two-step sign-in: a password reset (${engine})`, () => {
  it('changes the password but still asks for the code before any session', async () => {
    const user = await userWithTotp(server);
    const c = client(server.url);
    expect((await c.post('/api/auth/recover', { email: user.email })).status).toBe(202);
    const token = new URL(linkIn(await server.smtp.waitFor(user.email, /password/i), '/reset-password')).searchParams.get('token');
    const reset = await c.post('/api/auth/reset-password', { token, password: 'nuova-password-1' });
    expect(reset.status).toBe(200);
    expect(reset.body.session).toBeNull();
    expect(c.jar.has('vetrina_rt')).toBe(false);
    const ok = await c.post('/api/auth/login/verify', { challengeId: reset.body.secondStep.challengeId, code: await codeAt(user.secret) });
    expect(ok.status).toBe(200);
    expect(ok.body.session.user.email).toBe(user.email);
  });
});

describe(`two-step sign-in: turning it off (${engine})`, () => {
  it('needs a current code or the password; another account cannot', async () => {
    const user = await userWithTotp(server);
    const url = `/api/auth/factors/${user.factorId}`;
    const none = await user.client.del(url, {});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(twoStepMsg.proofRequired);
    expectInvalidCode(await user.client.del(url, { code: '000000' }));
    const wrongPassword = await user.client.del(url, { password: 'non-è-lei' });
    expect(wrongPassword.status).toBe(400);

    const stranger = await createUser(server);
    expect((await stranger.client.del(url, { password: stranger.password })).status).toBe(404);

    expect((await user.client.del(url, { code: await codeAt(user.secret) })).status).toBe(204);
    expect((await user.client.get('/api/auth/factors')).body.factors).toEqual([]);
    const login = await createUser(server).then(() => user.client.post('/api/auth/login', { email: user.email, password: user.password }));
    expect(login.body.session.user.email).toBe(user.email);
  });

  it('with the password alone', async () => {
    const user = await userWithTotp(server);
    expect((await user.client.del(`/api/auth/factors/${user.factorId}`, { password: user.password })).status).toBe(204);
    const rows = await server.ctx.db.selectFrom('auth_recovery_codes').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toEqual([]);
  });
});
