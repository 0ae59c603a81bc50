import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { msg, teamMsg } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { hashToken } from '../src/lib/ids.js';
import { addMember, client, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { DAY_MS, adminWithStore, countRows, expectApiError, inviteAndReadToken, signIn, teamUrl } from './team-helpers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

describe(`team life cycle (${engine})`, () => {
  it('invites by e-mail, the invitee signs up, accepts once, appears in the team and can be removed', async () => {
    const { admin, store } = await adminWithStore(server, 'Ceramiche Rossi');
    const email = uniqueEmail('invitata');

    const sent = await admin.client.post(teamUrl(store.id, '/invitations'), { email: `  ${email.toUpperCase()} ` });
    expect(sent.status).toBe(201);
    expect(sent.body.invitation).toMatchObject({ email, role: 'staff', invitedByEmail: admin.email });
    expect(Date.parse(sent.body.invitation.expiresAt) - Date.parse(sent.body.invitation.createdAt)).toBe(7 * DAY_MS);

    const mail = await server.smtp.waitFor(email, /Invito a far parte del team di Ceramiche Rossi/);
    const link = mail.text.match(/https?:\/\/\S+\/invitations\/accept\?token=[\w%-]+/)?.[0];
    expect(link?.startsWith(`${server.ctx.publicUrl()}/invitations/accept?token=`)).toBe(true);
    const token = new URL(link!).searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    // Only a hash is stored: a database leak reveals no usable link.
    const row = await server.ctx.db.selectFrom('store_invitations').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const pending = await admin.client.get(teamUrl(store.id, '/invitations'));
    expect(pending.body.invitations.map((i: { email: string }) => i.email)).toEqual([email]);

    const invitee = await createUser(server, email);
    expect((await invitee.client.get('/api/me')).body.pendingInvitations).toBe(1);
    const received = await invitee.client.get('/api/invitations');
    expect(received.status).toBe(200);
    expect(received.body.invitations).toEqual([
      expect.objectContaining({ storeId: store.id, storeName: 'Ceramiche Rossi', storeLogoUrl: null, role: 'staff', invitedByEmail: admin.email }),
    ]);

    const accepted = await invitee.client.post('/api/invitations/accept', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ storeId: store.id, storeName: 'Ceramiche Rossi', role: 'staff' });

    const me = (await invitee.client.get('/api/me')).body;
    expect(me.stores.map((s: { id: string }) => s.id)).toEqual([store.id]);
    expect(me.activeStore.id).toBe(store.id);
    expect(me.pendingInvitations).toBe(0);
    expect((await invitee.client.get('/api/invitations')).body.invitations).toEqual([]);
    expect((await admin.client.get(teamUrl(store.id, '/invitations'))).body.invitations).toEqual([]);

    const members = (await admin.client.get(teamUrl(store.id, '/members'))).body.members;
    expect(members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [admin.email, 'admin'],
      [email, 'staff'],
    ]);

    const reuse = await invitee.client.post('/api/invitations/accept', { token });
    expectApiError(reuse, 409, teamMsg.alreadyAccepted);

    const member = members.find((m: { email: string }) => m.email === email);
    expect((await admin.client.del(teamUrl(store.id, `/members/${member.id}`))).status).toBe(204);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
    const after = (await invitee.client.get('/api/me')).body;
    expect(after.stores).toEqual([]);
    expect(after.activeStore).toBeNull();
    expect(after.profile.activeStoreId).toBeNull();
    // The removed person has no access any more.
    expectApiError(await invitee.client.get(teamUrl(store.id, '/members')), 404, 'Store non trovato');
  });

  it('keeps the active store of an invitee who already has one, and lets staff read the team', async () => {
    const { admin, store } = await adminWithStore(server);
    const other = await adminWithStore(server, 'Negozio mio');
    const { token } = await inviteAndReadToken(server, admin.client, store.id, other.admin.email);
    expect((await other.admin.client.post('/api/invitations/accept', { token })).status).toBe(200);
    const me = (await other.admin.client.get('/api/me')).body;
    expect(me.activeStore.id).toBe(other.store.id);
    expect(me.stores).toHaveLength(2);
    const asStaff = await other.admin.client.get(teamUrl(store.id, '/members'));
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.members).toHaveLength(2);
    expect((await other.admin.client.get(teamUrl(store.id, '/invitations'))).status).toBe(200);
  });

  it('an admin invitation makes an admin; admins never remove admins, only the owner does', async () => {
    const { admin, store } = await adminWithStore(server);
    const joinAsAdmin = async (prefix: string) => {
      const email = uniqueEmail(prefix);
      const { token } = await inviteAndReadToken(server, admin.client, store.id, email, 'admin');
      const user = await createUser(server, email);
      expect((await user.client.post('/api/invitations/accept', { token })).body.role).toBe('admin');
      return user;
    };
    const partner = await joinAsAdmin('socio');
    const third = await joinAsAdmin('terzo');
    const members = (await admin.client.get(teamUrl(store.id, '/members'))).body.members as Array<{
      id: string;
      email: string;
      role: string;
      isOwner: boolean;
    }>;
    const row = (email: string) => members.find((m) => m.email === email)!;
    expect(row(partner.email)).toMatchObject({ role: 'admin', isOwner: false });
    expect(row(admin.email)).toMatchObject({ role: 'admin', isOwner: true });
    // Another admin manages the team too, but never removes an admin, the owner or themself.
    expectApiError(await partner.client.del(teamUrl(store.id, `/members/${row(third.email).id}`)), 403, teamMsg.cannotRemoveAdmin);
    expectApiError(await partner.client.del(teamUrl(store.id, `/members/${row(admin.email).id}`)), 403, teamMsg.cannotRemoveOwner);
    expectApiError(await partner.client.del(teamUrl(store.id, `/members/${row(partner.email).id}`)), 403, teamMsg.cannotRemoveSelf);
    expect(await countRows(server, 'store_members', store.id)).toBe(3);
    // The owner does remove an admin.
    expect((await admin.client.del(teamUrl(store.id, `/members/${row(partner.email).id}`))).status).toBe(204);
    expect(await countRows(server, 'store_members', store.id)).toBe(2);
  });
});

describe(`invitations sent by an admin (${engine})`, () => {
  it('refuses a second pending invitation for the same e-mail', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('doppio');
    await inviteAndReadToken(server, admin.client, store.id, email);
    const again = await admin.client.post(teamUrl(store.id, '/invitations'), { email: email.toUpperCase(), role: 'admin' });
    expectApiError(again, 409, teamMsg.duplicate);
    expect(again.body.error).toMatchObject({ title: 'Invito esistente', field: 'email' });
    expect(await countRows(server, 'store_invitations', store.id)).toBe(1);
  });

  it('lets exactly one of two simultaneous identical invitations through', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('gara');
    const results = await Promise.all([1, 2, 3].map(() => admin.client.post(teamUrl(store.id, '/invitations'), { email })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.error.message).toBe(teamMsg.duplicate);
    expect(await countRows(server, 'store_invitations', store.id)).toBe(1);
  });

  it('refuses to invite someone who is already a member', async () => {
    const { admin, store } = await adminWithStore(server);
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    expectApiError(await admin.client.post(teamUrl(store.id, '/invitations'), { email: staff.email }), 409, teamMsg.alreadyMember);
    expectApiError(await admin.client.post(teamUrl(store.id, '/invitations'), { email: admin.email }), 409, teamMsg.alreadyMember);
    expect(await countRows(server, 'store_invitations', store.id)).toBe(0);
  });

  it('an expired invitation disappears from the lists and no longer blocks a new one', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('scaduta');
    const first = await inviteAndReadToken(server, admin.client, store.id, email);
    clock.advance(7 * DAY_MS + 1000);
    const adminAgain = await signIn(server, admin.email);
    expect((await adminAgain.get(teamUrl(store.id, '/invitations'))).body.invitations).toEqual([]);
    const second = await inviteAndReadToken(server, adminAgain, store.id, email);
    expect(second.token).not.toBe(first.token);
    expect(await countRows(server, 'store_invitations', store.id)).toBe(1);
    const invitee = await createUser(server, email);
    expectApiError(await invitee.client.post('/api/invitations/accept', { token: first.token }), 404, teamMsg.notFoundOrExpired);
    expect((await invitee.client.post('/api/invitations/accept', { token: second.token })).status).toBe(200);
  });

  it('cancels a pending invitation: its link stops working', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('annullata');
    const { invitation, token } = await inviteAndReadToken(server, admin.client, store.id, email);
    expect((await admin.client.del(teamUrl(store.id, `/invitations/${invitation.id}`))).status).toBe(204);
    expect((await admin.client.get(teamUrl(store.id, '/invitations'))).body.invitations).toEqual([]);
    expectApiError(await admin.client.del(teamUrl(store.id, `/invitations/${invitation.id}`)), 404, teamMsg.invitationNotFound);
    const invitee = await createUser(server, email);
    expect((await invitee.client.get('/api/me')).body.pendingInvitations).toBe(0);
    expectApiError(await invitee.client.post('/api/invitations/accept', { token }), 404, teamMsg.notFoundOrExpired);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
  });

  it('refuses to remove oneself or an unknown member', async () => {
    const { admin, store } = await adminWithStore(server);
    const self = (await admin.client.get(teamUrl(store.id, '/members'))).body.members[0];
    expectApiError(await admin.client.del(teamUrl(store.id, `/members/${self.id}`)), 403, teamMsg.cannotRemoveSelf);
    expectApiError(await admin.client.del(teamUrl(store.id, '/members/non-esiste')), 404, teamMsg.memberNotFound);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
  });

  it('answers 401 to every team route without a session', async () => {
    const { store } = await adminWithStore(server);
    const anon = client(server.url);
    for (const [method, url] of [
      ['GET', teamUrl(store.id, '/members')],
      ['DELETE', teamUrl(store.id, '/members/x')],
      ['GET', teamUrl(store.id, '/invitations')],
      ['POST', teamUrl(store.id, '/invitations')],
      ['DELETE', teamUrl(store.id, '/invitations/x')],
      ['GET', '/api/invitations'],
      ['POST', '/api/invitations/accept'],
      ['POST', '/api/invitations/x/accept'],
      ['POST', '/api/invitations/x/decline'],
    ] as const) {
      const res = method === 'GET' ? await anon.get(url) : method === 'DELETE' ? await anon.del(url) : await anon.post(url, { email: 'a@b.it', token: 'x' });
      expectApiError(res, 401, msg.sessionExpired);
    }
  });
});
