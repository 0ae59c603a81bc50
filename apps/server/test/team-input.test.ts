import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, teamMsg } from '@vetrina/shared';
import { engine, startServer, uniqueEmail, type Client, type TestServer } from './harness.js';
import { adminWithStore, expectApiError, inviteAndReadToken, teamSnapshot, teamUrl } from './team-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const long = 'a'.repeat(10_000);

/** A raw request, for bodies the JSON client cannot produce (malformed JSON, other media types). */
async function raw(c: Client, method: string, url: string, body: string, type = 'application/json') {
  const res = await fetch(server.url + url, { method, headers: { authorization: `Bearer ${c.token}`, 'content-type': type }, body });
  return { status: res.status, body: await res.json().catch(() => null) };
}

describe(`bad input on every team endpoint (${engine})`, () => {
  it('is refused with a 4xx in the shared error shape, and nothing changes', async () => {
    const { admin, store } = await adminWithStore(server);
    const { invitation } = await inviteAndReadToken(server, admin.client, store.id, uniqueEmail('valida'));
    const c = admin.client;
    const before = await teamSnapshot(server);
    const inv = teamUrl(store.id, '/invitations');

    expectApiError(await raw(c, 'POST', inv, '{"email":'), 400, msg.invalidJson);
    expectApiError(await raw(c, 'POST', inv, 'email=a@b.it', 'text/plain'), 400);
    expectApiError(await raw(c, 'POST', inv, '<email>a@b.it</email>', 'application/xml'), 415, msg.unsupportedMedia);
    expectApiError(await c.post(inv, { email: 42 }), 400, teamMsg.inviteEmailInvalid);
    expectApiError(await c.post(inv, { email: 'non-una-email' }), 400, teamMsg.inviteEmailInvalid);
    expectApiError(await c.post(inv, { email: '   ' }), 400, teamMsg.inviteEmailInvalid);
    expectApiError(await c.post(inv, { email: `${long}@example.it` }), 400, teamMsg.inviteEmailInvalid);
    expectApiError(await c.post(inv, { email: uniqueEmail(), role: 'owner' }), 400, teamMsg.inviteRoleInvalid);
    expectApiError(await c.post(inv, { email: uniqueEmail(), role: ['admin'] }), 400, teamMsg.inviteRoleInvalid);
    expectApiError(await c.post(inv, { email: uniqueEmail(), storeId: 'altro' }), 400, 'Campo non previsto: storeId');
    expectApiError(await c.post(inv, [{ email: uniqueEmail() }]), 400);
    expectApiError(await c.post(inv), 400);
    expectApiError(await c.post(inv, null), 400);

    const del = teamUrl(store.id, `/invitations/${invitation.id}`);
    expectApiError(await raw(c, 'DELETE', del, '{"x"'), 400, msg.invalidJson);
    expectApiError(await c.del(del, { force: true }), 400, 'Campo non previsto: force');
    expectApiError(await c.del(teamUrl(store.id, '/members/x'), { x: 1 }), 400, 'Campo non previsto: x');

    // Owner-only endpoints: role change and ownership transfer.
    const members = (await c.get(teamUrl(store.id, '/members'))).body.members as Array<{ id: string }>;
    const role = teamUrl(store.id, `/members/${members[0]!.id}`);
    expectApiError(await raw(c, 'PATCH', role, '{"role":'), 400, msg.invalidJson);
    for (const body of [{}, { role: 42 }, { role: 'owner' }, { role: ['admin'] }, { role: long }])
      expectApiError(await c.patch(role, body), 400, teamMsg.inviteRoleInvalid);
    expectApiError(await c.patch(role, { role: 'staff', isOwner: true }), 400, 'Campo non previsto: isOwner');
    expectApiError(await c.patch(role, [{ role: 'staff' }]), 400);
    const transfer = teamUrl(store.id, '/ownership');
    expectApiError(await raw(c, 'POST', transfer, '{"memberId"'), 400, msg.invalidJson);
    expectApiError(await c.post(transfer, {}), 400);
    expectApiError(await c.post(transfer, { memberId: members[0]!.id }), 400, msg.passwordRequired);
    expectApiError(await c.post(transfer, { memberId: 42, password: 'x' }), 400, teamMsg.memberNotFound);
    expectApiError(await c.post(transfer, { memberId: long, password: 'x' }), 400, teamMsg.memberNotFound);
    expectApiError(await c.post(transfer, { memberId: members[0]!.id, password: long }), 400, msg.passwordTooLong);
    expectApiError(await c.post(transfer, { memberId: members[0]!.id, password: 'x', ownerId: 'y' }), 400, 'Campo non previsto: ownerId');

    expectApiError(await raw(c, 'POST', '/api/invitations/accept', '{token'), 400, msg.invalidJson);
    expectApiError(await c.post('/api/invitations/accept', { token: 12345 }), 400, teamMsg.tokenInvalid);
    expectApiError(await c.post('/api/invitations/accept', { token: long }), 400, teamMsg.tokenInvalid);
    expectApiError(await c.post('/api/invitations/accept', { token: 'x'.repeat(43), extra: 1 }), 400, 'Campo non previsto: extra');
    expectApiError(await c.post('/api/invitations/accept', 'token'), 400);

    for (const action of ['accept', 'decline']) {
      const url = `/api/invitations/${invitation.id}/${action}`;
      expectApiError(await raw(c, 'POST', url, '{]'), 400, msg.invalidJson);
      expectApiError(await c.post(url, { email: long }), 400, 'Campo non previsto: email');
    }
    // Ids longer than the router's limit (200) are refused by Fastify itself before any handler runs.
    for (const res of [
      await c.del(teamUrl(store.id, `/invitations/${long}`)),
      await c.del(teamUrl(store.id, `/members/${long}`)),
      await c.get(teamUrl(long, '/members')),
      await c.post(`/api/invitations/${long}/accept`),
      await c.post(`/api/invitations/${long}/decline`),
    ]) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(await teamSnapshot(server)).toBe(before);
  });

  it('never answers 500, whatever the id looks like', async () => {
    const { admin, store } = await adminWithStore(server);
    for (const id of ["' or 1=1 --", '%00', '..%2F..', 'ñ'.repeat(50), '1e9999']) {
      const enc = encodeURIComponent(id);
      for (const res of [
        await admin.client.del(teamUrl(store.id, `/members/${enc}`)),
        await admin.client.del(teamUrl(store.id, `/invitations/${enc}`)),
        await admin.client.post(`/api/invitations/${enc}/accept`),
        await admin.client.post(`/api/invitations/${enc}/decline`),
        await admin.client.get(teamUrl(enc, '/members')),
      ]) {
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.error.message).toBe('string');
      }
    }
  });
});
