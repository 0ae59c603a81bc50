import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, teamMsg } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { client, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { linkIn } from './smtp.js';
import { adminWithStore, countRows, expectApiError, inviteAndReadToken, teamSnapshot, teamUrl } from './team-helpers.js';

// Issue 11, point 2: whoever registered the invited address could join the store from the list.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const verifiedFlag = async (c: { get: (u: string) => Promise<{ body: any }> }) => (await c.get('/api/me')).body.user.emailVerified as boolean;

describe(`accepting an invitation proves the mailbox (${engine})`, () => {
  it("refuses 'Accetta' from the list to an account that never proved the address, and mails it a verification link", async () => {
    const { admin, store } = await adminWithStore(server, 'Bottega Riservata');
    const email = uniqueEmail('newhire');
    const { invitation } = await inviteAndReadToken(server, admin.client, store.id, email, 'admin');
    // Someone registers the invited address without owning the mailbox (sign-up proves nothing by default).
    const squatter = await createUser(server, email);
    expect(await verifiedFlag(squatter.client)).toBe(false);
    const before = await teamSnapshot(server);

    expectApiError(await squatter.client.post(`/api/invitations/${invitation.id}/accept`), 403, msg.emailUnverified(email));
    expect(await teamSnapshot(server)).toBe(before);
    expect(await countRows(server, 'store_members', store.id)).toBe(1);
    // The orders stay out of reach.
    expect((await squatter.client.get(`/api/stores/${store.id}/orders`)).status).toBe(404);

    // The verification link went to the mailbox, not to whoever holds the session.
    const mail = await server.smtp.waitFor(email, /Conferma il tuo indirizzo email/);
    const link = linkIn(mail, '/auth/verify-email');
    expect(mail.text).toContain(`redirect=${encodeURIComponent('/dashboard/invitations')}`);

    // Whoever reads the mailbox opens it: the address is proved and 'Accetta' works.
    const opened = await client(server.url).post('/api/auth/verify-email', { token: new URL(link).searchParams.get('token') });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ email });
    expect(await verifiedFlag(squatter.client)).toBe(true);
    const accepted = await squatter.client.post(`/api/invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.role).toBe('admin');
  });

  it('opening the invitation’s own mailed link proves the address and accepts at once', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('col-link');
    const { token } = await inviteAndReadToken(server, admin.client, store.id, email);
    const invitee = await createUser(server, email);
    expect(await verifiedFlag(invitee.client)).toBe(false);
    expect((await invitee.client.post('/api/invitations/accept', { token })).status).toBe(200);
    expect(await verifiedFlag(invitee.client)).toBe(true);
    expect(await countRows(server, 'store_members', store.id)).toBe(2);
  });

  it('a refused link (another account) proves nothing', async () => {
    const { admin, store } = await adminWithStore(server);
    const { token } = await inviteAndReadToken(server, admin.client, store.id, uniqueEmail('destinatario'));
    const stranger = await createUser(server);
    expectApiError(await stranger.client.post('/api/invitations/accept', { token }), 403, teamMsg.wrongEmail);
    expect(await verifiedFlag(stranger.client)).toBe(false);
  });

  it('a verification link works once and only for 24 hours; asking again replaces it', async () => {
    const user = await createUser(server);
    expect((await user.client.post('/api/auth/verify-email/send', {})).status).toBe(202);
    const first = new URL(linkIn(await server.smtp.waitFor(user.email, /Conferma il tuo indirizzo/), '/auth/verify-email')).searchParams.get('token');
    const countBefore = server.smtp.mails.length;
    expect((await user.client.post('/api/auth/verify-email/send', {})).status).toBe(202);
    await expect.poll(() => server.smtp.mails.length).toBeGreaterThan(countBefore);
    const second = new URL(linkIn(server.smtp.mails.at(-1)!, '/auth/verify-email')).searchParams.get('token');
    expectApiError(await client(server.url).post('/api/auth/verify-email', { token: first }), 400, msg.linkInvalid);
    expect((await client(server.url).post('/api/auth/verify-email', { token: second })).status).toBe(200);
    expectApiError(await client(server.url).post('/api/auth/verify-email', { token: second }), 400, msg.linkInvalid);

    const later = await createUser(server);
    expect((await later.client.post('/api/auth/verify-email/send', {})).status).toBe(202);
    const stale = new URL(linkIn(await server.smtp.waitFor(later.email, /Conferma il tuo indirizzo/), '/auth/verify-email')).searchParams.get('token');
    clock.advance(24 * 3600_000 + 60_000);
    try {
      expectApiError(await client(server.url).post('/api/auth/verify-email', { token: stale }), 400, msg.linkInvalid);
    } finally {
      clock.reset();
    }
  });

  it('an e-mail change confirmed through its link leaves the new address verified', async () => {
    const user = await createUser(server);
    const newEmail = uniqueEmail('cambiata');
    expect((await user.client.post('/api/auth/email-change', { email: newEmail, password: user.password })).status).toBe(202);
    const token = new URL(linkIn(await server.smtp.waitFor(newEmail, /nuova email/i), '/auth/confirm-email')).searchParams.get('token');
    expect((await user.client.post('/api/auth/email-change/confirm', { token })).status).toBe(200);
    expect(await verifiedFlag(user.client)).toBe(true);
  });

  it('a password reset through its link leaves the address verified', async () => {
    const user = await createUser(server);
    await client(server.url).post('/api/auth/recover', { email: user.email });
    const token = new URL(linkIn(await server.smtp.waitFor(user.email, /password/i), '/reset-password')).searchParams.get('token');
    const reset = await client(server.url).post('/api/auth/reset-password', { token, password: 'una-nuova-frase-lunga' });
    expect(reset.status).toBe(200);
    const c = client(server.url);
    c.useSession(reset.body.session);
    expect(await verifiedFlag(c)).toBe(true);
  });

  it('an unverified invitee sees the verification message on every try, without a mail each time beyond the limit', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('insistente');
    const { invitation } = await inviteAndReadToken(server, admin.client, store.id, email);
    const invitee = await createUser(server, email);
    const messages = new Set<string>();
    for (let i = 0; i < 7; i++) {
      const res = await invitee.client.post(`/api/invitations/${invitation.id}/accept`);
      expect(res.status).toBe(403);
      messages.add(res.body.error.message);
    }
    // Five links per hour, then the shopper is told to look for the ones already sent.
    expect([...messages].sort()).toEqual([msg.emailUnverified(email), msg.emailUnverifiedAlreadySent(email)].sort());
    await expect.poll(() => server.smtp.mails.filter((m) => m.to.includes(email) && /Conferma il tuo indirizzo/.test(m.subject)).length).toBe(5);
    expect((await admin.client.get(teamUrl(store.id, '/members'))).body.members).toHaveLength(1);
  });
});
