import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMsg } from '@vetrina/shared';
import { addMember, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { adminWithStore, countRows, expectApiError, teamUrl } from './team-helpers.js';

let server: TestServer;
beforeAll(async () => {
  // A mail server that refuses every connection.
  server = await startServer({ SMTP_URL: 'smtp://127.0.0.1:1' });
});
afterAll(async () => {
  await server.close();
});

describe(`when the mail server is down (${engine})`, () => {
  it('keeps the invitation and its mail, queued until the server is back, so the admin need not retry', async () => {
    const { admin, store } = await adminWithStore(server);
    const email = uniqueEmail('irraggiungibile');
    expect((await admin.client.post(teamUrl(store.id, '/invitations'), { email })).status).toBe(201);
    expect(await countRows(server, 'store_invitations', store.id)).toBe(1);
    const mail = await server.ctx.db.selectFrom('mail_queue').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ subject: expect.stringMatching(/^Invito/), failed_at: null });
    expect(mail.last_error).not.toBeNull();
    // It is pending: the same address again is a duplicate, not a second mail.
    expectApiError(await admin.client.post(teamUrl(store.id, '/invitations'), { email }), 409, teamMsg.duplicate);
  });

  it('limits the invitations a store sends per hour', async () => {
    const { admin, store } = await adminWithStore(server);
    // Two admins, 25 each: the store's limit (50), not one account's (30), is what stops the next one.
    const second = await createUser(server, uniqueEmail('secondo'));
    await addMember(server, store.id, second.id, 'admin');
    for (let i = 0; i < 50; i++) {
      const sender = i % 2 ? second.client : admin.client;
      expect((await sender.post(teamUrl(store.id, '/invitations'), { email: uniqueEmail(`n${i}`) })).status).toBe(201);
    }
    const res = await admin.client.post(teamUrl(store.id, '/invitations'), { email: uniqueEmail('oltre') });
    expectApiError(res, 429, teamMsg.tooManyInvites);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
