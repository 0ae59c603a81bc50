import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { teamMsg } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { addMember, createUser, engine, markEmailVerified, startServer, uniqueEmail, type TestServer } from './harness.js';
import { DAY_MS, adminWithStore, countRows, expectApiError, inviteAndReadToken, invitationStatus, signIn, teamSnapshot, teamUrl } from './team-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

/** A store that invited a freshly signed-up person. */
async function invited(role: 'admin' | 'staff' = 'staff') {
  const { admin, store } = await adminWithStore(server);
  const email = uniqueEmail('ospite');
  const sent = await inviteAndReadToken(server, admin.client, store.id, email, role);
  const invitee = await createUser(server, email);
  return { admin, store, invitee, ...sent };
}

describe(`accepting by the mailed link (${engine})`, () => {
  it('refuses a signed-in user with another e-mail and changes nothing', async () => {
    const { store, token, invitation } = await invited();
    const stranger = await createUser(server);
    const before = await teamSnapshot(server);
    expectApiError(await stranger.client.post('/api/invitations/accept', { token }), 403, teamMsg.wrongEmail);
    expect(await teamSnapshot(server)).toBe(before);
    expect(await invitationStatus(server, invitation.id)).toBe('pending');
    expect((await stranger.client.get('/api/me')).body.stores).toEqual([]);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
  });

  it('works until 7 days have passed, then the invitation is expired everywhere', async () => {
    const early = await invited();
    clock.advance(7 * DAY_MS - 60_000);
    const inTime = await signIn(server, early.invitee.email);
    expect((await inTime.post('/api/invitations/accept', { token: early.token })).status).toBe(200);
    clock.reset();

    const late = await invited();
    clock.advance(7 * DAY_MS + 1000);
    // The access token has expired meanwhile: sign in again, as a person would.
    const relogged = await signIn(server, late.invitee.email);
    const before = await teamSnapshot(server);
    expectApiError(await relogged.post('/api/invitations/accept', { token: late.token }), 410, teamMsg.notFoundOrExpired);
    expectApiError(await relogged.post(`/api/invitations/${late.invitation.id}/accept`), 410, teamMsg.notFoundOrExpired);
    expectApiError(await relogged.post(`/api/invitations/${late.invitation.id}/decline`), 410, teamMsg.notFoundOrExpired);
    expect(await teamSnapshot(server)).toBe(before);
    expect((await relogged.get('/api/invitations')).body.invitations).toEqual([]);
    expect((await relogged.get('/api/me')).body.pendingInvitations).toBe(0);
  });

  it('refuses a declined invitation', async () => {
    const { invitee, token, invitation, store } = await invited();
    expect((await invitee.client.post(`/api/invitations/${invitation.id}/decline`)).status).toBe(204);
    expect(await invitationStatus(server, invitation.id)).toBe('declined');
    expect((await invitee.client.get('/api/me')).body.pendingInvitations).toBe(0);
    expectApiError(await invitee.client.post('/api/invitations/accept', { token }), 409, teamMsg.alreadyDeclined);
    expectApiError(await invitee.client.post(`/api/invitations/${invitation.id}/decline`), 409, teamMsg.alreadyDeclined);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
  });

  it('refuses someone who is already a member, keeping the invitation', async () => {
    const { invitee, token, invitation, store } = await invited();
    await addMember(server, store.id, invitee.id, 'staff');
    expectApiError(await invitee.client.post('/api/invitations/accept', { token }), 409, teamMsg.alreadyMemberSelf);
    expect(await invitationStatus(server, invitation.id)).toBe('pending');
    expect(await countRows(server, 'store_members', store.id)).toBe(2);
  });

  it('an unknown or missing token is refused', async () => {
    const { invitee } = await invited();
    expectApiError(await invitee.client.post('/api/invitations/accept', { token: 'a'.repeat(43) }), 404, teamMsg.notFoundOrExpired);
    expectApiError(await invitee.client.post('/api/invitations/accept', { token: '' }), 400, teamMsg.tokenInvalid);
    expectApiError(await invitee.client.post('/api/invitations/accept', {}), 400, teamMsg.tokenInvalid);
  });

  it('two simultaneous acceptances create exactly one membership', async () => {
    const { invitee, token, store } = await invited();
    const results = await Promise.all([1, 2].map(() => invitee.client.post('/api/invitations/accept', { token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await countRows(server, 'store_members', store.id)).toBe(2);
  });
});

describe(`'Inviti Ricevuti' (${engine})`, () => {
  it('lists pending invitations of several stores and accepts one from the list', async () => {
    const a = await adminWithStore(server, 'Alfa');
    const b = await adminWithStore(server, 'Beta');
    const email = uniqueEmail('richiesta');
    const fromA = await inviteAndReadToken(server, a.admin.client, a.store.id, email);
    await inviteAndReadToken(server, b.admin.client, b.store.id, email, 'admin');
    const invitee = await createUser(server, email);
    // 'Accetta' from the list needs a proved mailbox (security-invitations.test.ts covers the unproved case).
    await markEmailVerified(server, invitee.id);
    const list = (await invitee.client.get('/api/invitations')).body.invitations;
    expect(list.map((i: { storeName: string; role: string }) => `${i.storeName}:${i.role}`).sort()).toEqual(['Alfa:staff', 'Beta:admin']);
    expect((await invitee.client.get('/api/me')).body.pendingInvitations).toBe(2);

    const res = await invitee.client.post(`/api/invitations/${fromA.invitation.id}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ storeId: a.store.id, storeName: 'Alfa', role: 'staff' });
    const me = (await invitee.client.get('/api/me')).body;
    expect(me.pendingInvitations).toBe(1);
    expect(me.activeStore.id).toBe(a.store.id);
    expectApiError(await invitee.client.post(`/api/invitations/${fromA.invitation.id}/accept`), 409, teamMsg.alreadyAccepted);
    expect((await a.admin.client.get(teamUrl(a.store.id, '/members'))).body.members).toHaveLength(2);
  });
});
