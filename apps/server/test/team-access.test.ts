import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, teamMsg } from '@vetrina/shared';
import { addMember, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { adminWithStore, expectApiError, inviteAndReadToken, teamSnapshot, teamUrl } from './team-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** A store with an admin, a staff member and a pending invitation. */
async function populatedStore() {
  const { admin, store } = await adminWithStore(server);
  const staff = await createUser(server, uniqueEmail('staff'));
  await addMember(server, store.id, staff.id, 'staff');
  const { invitation, token } = await inviteAndReadToken(server, admin.client, store.id, uniqueEmail('attesa'));
  const members = (await admin.client.get(teamUrl(store.id, '/members'))).body.members as Array<{ id: string; email: string }>;
  const staffMember = members.find((m) => m.email === staff.email)!;
  const adminMember = members.find((m) => m.email === admin.email)!;
  return { admin, store, staff, invitation, token, staffMember, adminMember };
}

describe(`staff on admin actions (${engine})`, () => {
  it('reads the team but cannot invite, cancel or remove', async () => {
    const s = await populatedStore();
    const staff = s.staff.client;
    expect((await staff.get(teamUrl(s.store.id, '/members'))).status).toBe(200);
    expect((await staff.get(teamUrl(s.store.id, '/invitations'))).body.invitations).toHaveLength(1);
    const before = await teamSnapshot(server);
    expectApiError(await staff.post(teamUrl(s.store.id, '/invitations'), { email: uniqueEmail('no') }), 403, msg.forbidden);
    expectApiError(await staff.del(teamUrl(s.store.id, `/invitations/${s.invitation.id}`)), 403, msg.forbidden);
    expectApiError(await staff.del(teamUrl(s.store.id, `/members/${s.adminMember.id}`)), 403, msg.forbidden);
    expectApiError(await staff.del(teamUrl(s.store.id, `/members/${s.staffMember.id}`)), 403, msg.forbidden);
    expect(await teamSnapshot(server)).toBe(before);
  });
});

describe(`an outsider with another store's ids (${engine})`, () => {
  it('gets 404 on every store-scoped route and changes nothing', async () => {
    const s = await populatedStore();
    const outsider = await adminWithStore(server, 'Concorrente');
    const c = outsider.admin.client;
    const before = await teamSnapshot(server);
    const foreign = [
      await c.get(teamUrl(s.store.id, '/members')),
      await c.get(teamUrl(s.store.id, '/invitations')),
      await c.post(teamUrl(s.store.id, '/invitations'), { email: uniqueEmail('intruso') }),
      await c.del(teamUrl(s.store.id, `/invitations/${s.invitation.id}`)),
      await c.del(teamUrl(s.store.id, `/members/${s.staffMember.id}`)),
    ];
    for (const res of foreign) expectApiError(res, 404, 'Store non trovato');
    // Through their own store, the other store's ids simply do not exist.
    expectApiError(await c.del(teamUrl(outsider.store.id, `/invitations/${s.invitation.id}`)), 404, teamMsg.invitationNotFound);
    expectApiError(await c.del(teamUrl(outsider.store.id, `/members/${s.staffMember.id}`)), 404, teamMsg.memberNotFound);
    expect((await c.get(teamUrl(outsider.store.id, '/members'))).body.members).toHaveLength(1);
    expect((await c.get(teamUrl(outsider.store.id, '/invitations'))).body.invitations).toEqual([]);
    // Someone else's invitation: invisible by id, refused by token.
    expect((await c.get('/api/invitations')).body.invitations).toEqual([]);
    expectApiError(await c.post(`/api/invitations/${s.invitation.id}/accept`), 404, teamMsg.notFoundOrExpired);
    expectApiError(await c.post(`/api/invitations/${s.invitation.id}/decline`), 404, teamMsg.notFoundOrExpired);
    expectApiError(await c.post('/api/invitations/accept', { token: s.token }), 403, teamMsg.wrongEmail);
    expect(await teamSnapshot(server)).toBe(before);
  });

  it('a store that does not exist is not found', async () => {
    const { admin } = await adminWithStore(server);
    expectApiError(await admin.client.get(teamUrl('00000000-0000-0000-0000-000000000000', '/members')), 404, 'Store non trovato');
  });
});
