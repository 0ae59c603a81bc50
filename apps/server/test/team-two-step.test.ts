import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountSecurityMsg, RECOVERY_CODE_COUNT, teamTwoStepMsg, twoStepMsg, type RealtimeChannel, type ServerFrame } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { addMember, client, createStoreFor, createUser, engine, startPeer, startServer, type Client, type TestServer } from './harness.js';
import { expectApiError, signIn } from './team-helpers.js';
import { STEP, alignClock, codeAt, passwordStep } from './totp-helpers.js';
import { connectRealtime } from './ws-client.js';

// Issue 49, point 3: 'Richiedi la verifica in due passaggi al team'; point 5: a revoked session's
// socket is closed; point 1: 'Genera nuovi codici di recupero'.

const REDIS = process.env.REDIS_TEST_URL;
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => alignClock());
afterEach(() => clock.reset());

type User = Awaited<ReturnType<typeof createUser>>;
const security = (storeId: string) => `/api/stores/${storeId}/security`;
const aalOf = (c: Client) => JSON.parse(Buffer.from(c.token!.split('.')[1]!, 'base64url').toString()).aal as string;

/** The browser's silent refresh: its next access token says what the session is now. */
async function refresh(c: Client) {
  const res = await c.post('/api/auth/refresh');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  c.useSession(res.body.session);
}

/** Turns 'Verifica in due passaggi' on from the user's browser, which then counts as two-step. */
async function turnOnTotp(user: User) {
  const enrolled = await user.client.post('/api/auth/factors', { factorType: 'totp' });
  const { secret } = enrolled.body.totp;
  const confirmed = await user.client.post(`/api/auth/factors/${enrolled.body.factor.id}/verify`, { code: await codeAt(secret) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  clock.advance(STEP);
  await refresh(user.client);
  return { secret, factorId: enrolled.body.factor.id as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** A store whose owner has two-step on (browser at aal2), with an admin and a staff member signed in with the password. */
async function teamStore(name = 'Bottega Sicura') {
  const owner = await createUser(server);
  const store = await createStoreFor(server, owner.id, name);
  const admin = await createUser(server);
  const staff = await createUser(server);
  await addMember(server, store.id, admin.id, 'admin');
  await addMember(server, store.id, staff.id, 'staff');
  // A second browser of the owner, signed in with the password before two-step was on.
  const ownerOldBrowser = await signIn(server, owner.email, owner.password);
  const ownerTotp = await turnOnTotp(owner);
  return { owner, ownerOldBrowser, ownerTotp, store, admin, staff };
}

async function requireTwoStep(owner: User, storeId: string) {
  const res = await owner.client.put(security(storeId), { twoStepRequired: true });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.twoStepRequired).toBe(true);
}

function expectTwoStepRefusal(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.error).toMatchObject({ code: 'two_step_required', message: accountSecurityMsg.twoStepRequired });
}

const auditOf = (storeId: string) =>
  server.ctx.db.selectFrom('audit_entries').selectAll().where('store_id', '=', storeId).where('kind', '=', 'security').orderBy('created_at').execute();
const storedFlag = async (storeId: string) =>
  (await server.ctx.db.selectFrom('stores').select('two_step_required').where('id', '=', storeId).executeTakeFirstOrThrow()).two_step_required;

describe(`the owner requires two-step sign-in of the team (${engine})`, () => {
  it('only the owner, with two-step on in this very session, turns it on; each change is in the activity log', async () => {
    const { owner, ownerOldBrowser, store, admin, staff } = await teamStore();
    for (const member of [admin.client, staff.client]) {
      expectApiError(await member.put(security(store.id), { twoStepRequired: true }), 403);
    }
    // Signed in with the password alone: the next request would lock the owner out, so it is refused.
    expectApiError(await ownerOldBrowser.put(security(store.id), { twoStepRequired: true }), 400, teamTwoStepMsg.ownerSessionAal1);
    expect(Number(await storedFlag(store.id))).toBe(0);
    expect(await auditOf(store.id)).toHaveLength(0);

    await requireTwoStep(owner, store.id);
    expect(Number(await storedFlag(store.id))).toBe(1);
    const [entry] = await auditOf(store.id);
    expect(entry).toMatchObject({ action: 'security.team_two_step_on', summary: teamTwoStepMsg.turnedOn, actor_user_id: owner.id, actor_email: owner.email });
    expect(JSON.parse(entry!.changes)).toEqual([{ field: 'twoStepRequired', label: teamTwoStepMsg.settingLabel, before: 'No', after: 'Sì' }]);

    // The same value again changes nothing and writes no entry.
    await requireTwoStep(owner, store.id);
    expect(await auditOf(store.id)).toHaveLength(1);

    const off = await owner.client.put(security(store.id), { twoStepRequired: false });
    expect(off.status).toBe(200);
    expect(off.body.twoStepRequired).toBe(false);
    expect((await auditOf(store.id)).map((e) => e.summary)).toEqual([teamTwoStepMsg.turnedOn, teamTwoStepMsg.turnedOff]);
  });

  it('an owner without two-step of their own cannot turn it on; bad input and other stores are refused', async () => {
    const owner = await createUser(server);
    const store = await createStoreFor(server, owner.id, 'Bottega Senza Codice');
    expectApiError(await owner.client.put(security(store.id), { twoStepRequired: true }), 400, teamTwoStepMsg.ownerFactorMissing);
    expectApiError(await owner.client.put(security(store.id), { twoStepRequired: 'sì' }), 400, teamTwoStepMsg.invalidValue);
    expectApiError(await owner.client.put(security(store.id), {}), 400, teamTwoStepMsg.invalidValue);
    expectApiError(await owner.client.put(security(store.id), { twoStepRequired: true, extra: 1 }), 400);
    expect(Number(await storedFlag(store.id))).toBe(0);
    expect(await auditOf(store.id)).toHaveLength(0);

    // Another tenant's store: not found, unchanged.
    const { store: other } = await teamStore('Bottega Altrui');
    expectApiError(await owner.client.put(security(other.id), { twoStepRequired: false }), 404);
    expectApiError(await owner.client.put(security(randomUUID()), { twoStepRequired: false }), 404);
  });
});

describe(`a store requiring two-step refuses one-factor sessions (${engine})`, () => {
  it('refuses every store route to staff, admin and owner alike signed in with the password only', async () => {
    const { owner, ownerOldBrowser, store, admin, staff } = await teamStore('Bottega Blindata');
    await requireTwoStep(owner, store.id);
    const doc = (await client(server.url).get('/api/docs/json')).body as { paths: Record<string, Record<string, unknown>> };
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/stores/{storeId}'))
      .flatMap(([path, methods]) =>
        Object.keys(methods)
          .filter((m) => m !== 'head')
          .map((m) => ({ method: m.toUpperCase(), path: path.replace('{storeId}', store.id).replace(/\{[^}]+\}/g, () => randomUUID()) })),
      );
    expect(calls.length).toBeGreaterThan(50);
    const send = (c: Client, { method, path }: { method: string; path: string }) =>
      method === 'GET'
        ? c.get(path)
        : method === 'POST'
          ? c.post(path, {})
          : method === 'PUT'
            ? c.put(path, {})
            : method === 'PATCH'
              ? c.patch(path, {})
              : c.del(path);
    const failures: string[] = [];
    for (const [who, c] of [
      ['staff', staff.client],
      ['admin', admin.client],
      ['owner', ownerOldBrowser],
    ] as const) {
      for (const call of calls) {
        const res = await send(c, call);
        if (res.status !== 403 || res.body?.error?.code !== 'two_step_required') failures.push(`${who} ${call.method} ${call.path}: ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
    // The owner's two-step browser goes on working.
    expect((await owner.client.get(`/api/stores/${store.id}/orders`)).status).toBe(200);
  });

  it('lets in a session with the second factor; the member’s other stores are unaffected; /api/me tells which require it', async () => {
    const { owner, store, staff } = await teamStore('Bottega Doppia');
    const elsewhere = await createStoreFor(server, (await createUser(server)).id, 'Bottega Libera');
    await addMember(server, elsewhere.id, staff.id, 'staff');
    await requireTwoStep(owner, store.id);

    expectTwoStepRefusal(await staff.client.get(`/api/stores/${store.id}`));
    expect((await staff.client.get(`/api/stores/${elsewhere.id}`)).status).toBe(200);
    expect((await staff.client.get(`/api/stores/${elsewhere.id}/orders`)).status).toBe(200);
    const me = await staff.client.get('/api/me');
    expect(me.status).toBe(200);
    const flags = Object.fromEntries(me.body.stores.map((s: { id: string; twoStepRequired: boolean }) => [s.id, s.twoStepRequired]));
    expect(flags).toEqual({ [store.id]: true, [elsewhere.id]: false });
    const list = await staff.client.get('/api/stores');
    expect(list.body.find((s: { id: string }) => s.id === store.id).twoStepRequired).toBe(true);

    // Sets it up from this very session: the next token carries the second factor, and the store opens.
    const { secret } = await turnOnTotp(staff);
    expect(aalOf(staff.client)).toBe('aal2');
    expect((await staff.client.get(`/api/stores/${store.id}`)).status).toBe(200);
    expect((await staff.client.get(`/api/stores/${store.id}/orders`)).status).toBe(200);

    // A later sign-in with password and code is two-step from the start.
    const step = await passwordStep(server, staff.email, staff.password);
    const signed = await step.client.post('/api/auth/login/verify', { challengeId: step.challengeId, code: await codeAt(secret) });
    expect(signed.status).toBe(200);
    step.client.useSession(signed.body.session);
    expect((await step.client.get(`/api/stores/${store.id}/products`)).status).toBe(200);
  });

  it('a member with two-step who signed in with the password before it was required proves it with a code, then refreshes', async () => {
    const { owner, store, admin } = await teamStore('Bottega Prudente');
    const oldBrowser = await signIn(server, admin.email, admin.password);
    const { secret } = await turnOnTotp(admin);
    await requireTwoStep(owner, store.id);
    expectTwoStepRefusal(await oldBrowser.get(`/api/stores/${store.id}`));

    // The password proves the holder but is no second factor.
    const withPassword = await oldBrowser.post('/api/auth/reauthenticate', { password: admin.password });
    expect(withPassword.body.aal).toBe('aal1');
    await refresh(oldBrowser);
    expectTwoStepRefusal(await oldBrowser.get(`/api/stores/${store.id}`));

    const withCode = await oldBrowser.post('/api/auth/reauthenticate', { code: await codeAt(secret) });
    expect(withCode.status).toBe(200);
    expect(withCode.body.aal).toBe('aal2');
    // The token in hand still says one factor, until the refresh.
    expectTwoStepRefusal(await oldBrowser.get(`/api/stores/${store.id}`));
    await refresh(oldBrowser);
    expect((await oldBrowser.get(`/api/stores/${store.id}`)).status).toBe(200);
  });
});

describe(`the realtime socket follows the requirement (${engine})`, () => {
  const dashboard = (storeId: string): RealtimeChannel => ({ kind: 'store', storeId });
  const on = (channel: RealtimeChannel) => (f: ServerFrame) =>
    (f.type === 'subscribed' || f.type === 'error') && JSON.stringify(f.channel) === JSON.stringify(channel);

  it('refuses the store’s channel to a one-factor session, drops it when the owner turns it on, and accepts a two-step token', async () => {
    const { owner, store, staff } = await teamStore('Bottega in Diretta');
    const elsewhere = await createStoreFor(server, (await createUser(server)).id, 'Bottega Aperta');
    await addMember(server, elsewhere.id, staff.id, 'staff');

    const ws = await connectRealtime(server.url);
    await ws.auth(staff.client.token!);
    const first = ws.next(on(dashboard(store.id)));
    ws.send({ type: 'subscribe', channel: dashboard(store.id) });
    expect(await first).toMatchObject({ type: 'subscribed' });

    // Turned on while the dashboard is open: the channel goes at once, with the reason.
    const dropped = ws.next(on(dashboard(store.id)));
    await requireTwoStep(owner, store.id);
    expect(await dropped).toMatchObject({ type: 'error', code: 'two_step_required', message: accountSecurityMsg.twoStepRequired });
    const again = ws.next(on(dashboard(store.id)));
    ws.send({ type: 'subscribe', channel: dashboard(store.id) });
    expect(await again).toMatchObject({ type: 'error', code: 'two_step_required' });
    const other = ws.next(on(dashboard(elsewhere.id)));
    ws.send({ type: 'subscribe', channel: dashboard(elsewhere.id) });
    expect(await other).toMatchObject({ type: 'subscribed' });

    // The owner's two-step token is accepted.
    const ownerWs = await connectRealtime(server.url);
    await ownerWs.auth(owner.client.token!);
    const ownerSub = ownerWs.next(on(dashboard(store.id)));
    ownerWs.send({ type: 'subscribe', channel: dashboard(store.id) });
    expect(await ownerSub).toMatchObject({ type: 'subscribed' });

    // The staff member sets it up; the refreshed token sent on the same socket opens the channel.
    await turnOnTotp(staff);
    await ws.auth(staff.client.token!);
    const after = ws.next(on(dashboard(store.id)));
    ws.send({ type: 'subscribe', channel: dashboard(store.id) });
    expect(await after).toMatchObject({ type: 'subscribed' });
    ws.close();
    ownerWs.close();
  });
});

describe(`a revoked session's socket is closed on every instance (${engine}${REDIS ? ' + Redis' : ''})`, () => {
  it('ending a device from another session closes its socket at once', async () => {
    const env: Record<string, string> = REDIS ? { REDIS_URL: REDIS } : {};
    const a = REDIS ? await startServer(env) : server;
    const b = REDIS ? await startPeer(a, env) : null;
    try {
      const user = await createUser(a);
      const store = await createStoreFor(a, user.id, 'Bottega dei Dispositivi');
      const laptop = await signIn(a, user.email, user.password);
      const laptopSessionId = JSON.parse(Buffer.from(laptop.token!.split('.')[1]!, 'base64url').toString()).sid as string;
      // The laptop's socket is on the other instance when there is one.
      const ws = await connectRealtime(b?.url ?? a.url);
      await ws.auth(laptop.token!);
      const subscribed = ws.next((f) => f.type === 'subscribed');
      ws.send({ type: 'subscribe', channel: { kind: 'store', storeId: store.id } });
      await subscribed;

      const started = Date.now();
      expect((await user.client.del(`/api/auth/sessions/${laptopSessionId}`)).status).toBe(204);
      const closed = await Promise.race([ws.closed, new Promise<null>((r) => setTimeout(() => r(null), 5_000))]);
      expect(closed).toEqual({ code: 4001, reason: 'Sessione terminata: accedi di nuovo' });
      // Well within the refresh window (an access token lives 15 minutes).
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(ws.frames.some((f) => f.type === 'error' && f.code === 'unauthenticated' && !f.channel)).toBe(true);
      // The session that ended the other keeps its own access.
      expect((await user.client.get(`/api/stores/${store.id}`)).status).toBe(200);
    } finally {
      if (b) await b.close();
      if (REDIS) await a.close();
    }
  });
});

describe(`'Genera nuovi codici di recupero' (${engine})`, () => {
  const regenerate = (user: User, factorId: string, body: unknown) => user.client.post(`/api/auth/factors/${factorId}/recovery-codes`, body);
  const storedHashes = async (userId: string) =>
    (await server.ctx.db.selectFrom('auth_recovery_codes').select('code_hash').where('user_id', '=', userId).orderBy('code_hash').execute()).map(
      (r) => r.code_hash,
    );
  const signInWith = async (user: User, code: string) => {
    const step = await passwordStep(server, user.email, user.password);
    return step.client.post('/api/auth/login/verify', { challengeId: step.challengeId, code });
  };

  it('needs a current code or the password; the new codes work once each and the old ones stop working', async () => {
    const user = await createUser(server);
    const { secret, factorId, recoveryCodes: old } = await turnOnTotp(user);
    const before = await storedHashes(user.id);

    expectApiError(await regenerate(user, factorId, {}), 400, twoStepMsg.proofRequired);
    expectApiError(await regenerate(user, factorId, { code: '000000' }), 400, twoStepMsg.invalidCode);
    expectApiError(await regenerate(user, factorId, { code: 'non-numerico' }), 400, twoStepMsg.invalidCode);
    expectApiError(await regenerate(user, factorId, { password: 'sbagliata-del-tutto' }), 400);
    expectApiError(await regenerate(user, factorId, { code: 'x'.repeat(65) }), 400, twoStepMsg.invalidCode);
    expect(await storedHashes(user.id)).toEqual(before);

    const code = await codeAt(secret);
    const fresh = await regenerate(user, factorId, { code });
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    const codes: string[] = fresh.body.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    expect(codes.some((c) => old.includes(c))).toBe(false);
    // Only their hashes are kept.
    const after = await storedHashes(user.id);
    expect(after).toHaveLength(RECOVERY_CODE_COUNT);
    expect(after.some((h) => codes.includes(h))).toBe(false);
    // The code that proved it is spent.
    expectApiError(await regenerate(user, factorId, { code }), 400, twoStepMsg.invalidCode);

    expectApiError(await signInWith(user, old[0]!), 400, twoStepMsg.invalidCode);
    expect((await signInWith(user, codes[0]!)).status).toBe(200);
    expectApiError(await signInWith(user, codes[0]!), 400, twoStepMsg.invalidCode);

    // With the password: another set; the previous one stops working too.
    const again = await regenerate(user, factorId, { password: user.password });
    expect(again.status).toBe(200);
    expectApiError(await signInWith(user, codes[1]!), 400, twoStepMsg.invalidCode);
    expect((await signInWith(user, again.body.recoveryCodes[0])).status).toBe(200);
  });

  it('only for the caller’s own, confirmed authenticator', async () => {
    const user = await createUser(server);
    const { factorId } = await turnOnTotp(user);
    const stranger = await createUser(server);
    const before = await storedHashes(user.id);
    expectApiError(await regenerate(stranger, factorId, { password: stranger.password }), 404, teamTwoStepMsg.factorNotFound);
    expect(await storedHashes(user.id)).toEqual(before);

    const pending = await stranger.client.post('/api/auth/factors', { factorType: 'totp' });
    expectApiError(await regenerate(stranger, pending.body.factor.id, { password: stranger.password }), 404, teamTwoStepMsg.factorNotFound);
    expect(await storedHashes(stranger.id)).toEqual([]);
    // Without a session: refused before anything is read.
    expect((await client(server.url).post(`/api/auth/factors/${factorId}/recovery-codes`, { password: user.password })).status).toBe(401);
  });
});
