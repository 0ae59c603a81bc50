import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, teamMsg } from '@vetrina/shared';
import { MAIL_LIMITS } from '../src/modules/auth/quota.js';
import { INVITE_LIMITS } from '../src/modules/team/invitations-service.js';
import { client, createStoreFor, createUser, engine, startServer, uniqueEmail, type TestServer } from './harness.js';
import { expectApiError, teamUrl } from './team-helpers.js';

// Issue 11, point 15: mail as a weapon. Every mail a stranger can make us send is limited per
// recipient address and per client address; invitations per inviting account across its stores.

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: '1' });
});
afterAll(async () => {
  await server.close();
});

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const mailsTo = (address: string, subject: RegExp) => server.smtp.mails.filter((m) => m.to.includes(address) && subject.test(m.subject)).length;
const settle = () => new Promise((r) => setTimeout(r, 300));

describe(`password reset mails (${engine})`, () => {
  it(`reach one address at most ${MAIL_LIMITS.resetPerAddress} times an hour, with the same answer every time`, async () => {
    const { email } = await createUser(server);
    for (let i = 0; i < MAIL_LIMITS.resetPerAddress + 3; i++) {
      // From different addresses, as a distributed attacker would.
      expect((await client(server.url).post('/api/auth/recover', { email }, from(`198.51.100.${i + 1}`))).status).toBe(202);
    }
    await expect.poll(() => mailsTo(email, /password/i)).toBe(MAIL_LIMITS.resetPerAddress);
    await settle();
    expect(mailsTo(email, /password/i)).toBe(MAIL_LIMITS.resetPerAddress);
  });

  it(`are refused after ${MAIL_LIMITS.resetPerIp} requests from one client address`, async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < MAIL_LIMITS.resetPerIp; i++)
      expect((await client(server.url).post('/api/auth/recover', { email: uniqueEmail(`r${i}`) }, from(ip))).status).toBe(202);
    const refused = await client(server.url).post('/api/auth/recover', { email: uniqueEmail('oltre') }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(msg.tooManyRequests);
  });
});

describe(`verification mails (${engine})`, () => {
  it(`reach the account at most ${MAIL_LIMITS.verifyPerAccount} times an hour`, async () => {
    const user = await createUser(server);
    for (let i = 0; i < MAIL_LIMITS.verifyPerAccount; i++)
      expect((await user.client.post('/api/auth/verify-email/send', {}, from(`192.0.2.${i + 1}`))).status).toBe(202);
    const refused = await user.client.post('/api/auth/verify-email/send', {}, from('192.0.2.99'));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(msg.tooManyMails);
    await expect.poll(() => mailsTo(user.email, /Conferma il tuo indirizzo/)).toBe(MAIL_LIMITS.verifyPerAccount);
  });

  it(`are refused after ${MAIL_LIMITS.verifyPerIp} from one client address`, async () => {
    const ip = '192.0.2.200';
    let sent = 0;
    while (sent < MAIL_LIMITS.verifyPerIp) {
      const user = await createUser(server);
      for (let i = 0; i < 4 && sent < MAIL_LIMITS.verifyPerIp; i++, sent++)
        expect((await user.client.post('/api/auth/verify-email/send', {}, from(ip))).status).toBe(202);
    }
    expect((await (await createUser(server)).client.post('/api/auth/verify-email/send', {}, from(ip))).status).toBe(429);
  });
});

describe(`e-mail change mails (${engine})`, () => {
  it(`are refused after ${MAIL_LIMITS.emailChangePerIp} from one client address, across accounts`, async () => {
    const ip = '192.0.2.150';
    let sent = 0;
    while (sent < MAIL_LIMITS.emailChangePerIp) {
      const user = await createUser(server);
      for (let i = 0; i < 4 && sent < MAIL_LIMITS.emailChangePerIp; i++, sent++) {
        expect((await user.client.post('/api/auth/email-change', { email: uniqueEmail('nuovo'), password: user.password }, from(ip))).status).toBe(202);
      }
    }
    const last = await createUser(server);
    const refused = await last.client.post('/api/auth/email-change', { email: uniqueEmail('nuovo'), password: last.password }, from(ip));
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(msg.tooManyMails);
  });
});

describe(`invitations (${engine})`, () => {
  it(`one account sends at most ${INVITE_LIMITS.perAccount} an hour, however many stores it creates`, async () => {
    const spammer = await createUser(server);
    const stores = await Promise.all([1, 2, 3].map((n) => createStoreFor(server, spammer.id, `Negozio ${n}`)));
    for (let i = 0; i < INVITE_LIMITS.perAccount; i++) {
      const store = stores[i % stores.length]!;
      expect((await spammer.client.post(teamUrl(store.id, '/invitations'), { email: uniqueEmail(`vittima${i}`) })).status).toBe(201);
    }
    const before = server.smtp.mails.length;
    expectApiError(await spammer.client.post(teamUrl(stores[0]!.id, '/invitations'), { email: uniqueEmail('oltre') }), 429, teamMsg.tooManyInvitesAccount);
    await settle();
    expect(server.smtp.mails.length).toBe(before);
  });

  it(`one address receives at most ${INVITE_LIMITS.perAddress} an hour, whichever stores invite it`, async () => {
    const victim = uniqueEmail('bersaglio');
    for (let i = 0; i < INVITE_LIMITS.perAddress; i++) {
      const owner = await createUser(server);
      const store = await createStoreFor(server, owner.id, `Invitante ${i}`);
      expect((await owner.client.post(teamUrl(store.id, '/invitations'), { email: victim })).status).toBe(201);
    }
    const owner = await createUser(server);
    const store = await createStoreFor(server, owner.id, 'Invitante oltre');
    expectApiError(await owner.client.post(teamUrl(store.id, '/invitations'), { email: victim }), 429, teamMsg.tooManyInvitesAddress);
    await expect.poll(() => mailsTo(victim, /Invito/)).toBe(INVITE_LIMITS.perAddress);
  });
});
