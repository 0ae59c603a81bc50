import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountSecurityMsg, FRESH_PROOF_MS, msg, twoStepMsg } from '@vetrina/shared';
import { ibanChangeMsg } from '@vetrina/shared/iban-change';
import { romeDateTime } from '@vetrina/shared/shop-day';
import { clock } from '../src/lib/clock.js';
import { addMember, client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { IBAN, paymentSettings } from './payment-fixtures.js';
import { expectApiError, signIn } from './team-helpers.js';
import { alignClock, codeAt, userWithTotp } from './totp-helpers.js';

// Issue 49, point 4: what moves money or power needs a proof within five minutes, and a changed
// IBAN is told to every owner and admin, by mail and on the orders page for seven days.

const NEW_IBAN = 'IT15A0542811101000000129012';
const OTHER_IBAN = 'DE89370400440532013000';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
});
afterAll(() => server.close());
afterEach(() => clock.reset());

interface Person {
  client: Client;
  id: string;
  email: string;
  password: string;
}

/** An owner (signed in now) with a store whose payments are set up, an admin and a staff member. */
async function storeWithTeam() {
  const owner: Person = await createUser(server);
  const store = await createStoreFor(server, owner.id, 'Bottega Conferma');
  const admin: Person = await createUser(server);
  const staff: Person = await createUser(server);
  await addMember(server, store.id, admin.id, 'admin');
  await addMember(server, store.id, staff.id, 'staff');
  expect((await owner.client.put(`/api/stores/${store.id}/payments`, paymentSettings({ card: { enabled: false } }))).status).toBe(200);
  const members = (await owner.client.get(`/api/stores/${store.id}/team/members`)).body.members as { id: string; userId: string }[];
  const memberOf = (p: Person) => members.find((m) => m.userId === p.id)!.id;
  return { owner, admin, staff, store, memberOf };
}

const ibanBody = (iban: string) =>
  paymentSettings({
    bankTransfer: { enabled: true, iban, holder: 'Bottega Srl', bank: 'Banca Esempio', deadlineDays: 2 },
    card: { enabled: false },
  });
const storedIban = async (storeId: string) => {
  const row = await server.ctx.db.selectFrom('store_payment_settings').select('settings').where('store_id', '=', storeId).executeTakeFirstOrThrow();
  return JSON.parse(row.settings).bankTransfer.iban as string;
};
function expectReauthRequired(res: { status: number; body: any }) {
  expectApiError(res, 403, accountSecurityMsg.reauthRequired);
  expect(res.body.error).toMatchObject({ code: 'reauth_required', title: accountSecurityMsg.reauthTitle });
}
const mailsTo = (email: string, subject: RegExp) => server.smtp.mails.filter((m) => m.to.includes(email) && subject.test(m.subject));
const queuedTo = async (email: string) => (await server.ctx.db.selectFrom('mail_queue').select('subject').where('to_address', '=', email).execute()).length;

describe(`the five-minute window (${engine})`, () => {
  it('4:59 after sign-in the IBAN change goes through; 5:01 it is refused and nothing changes; after a proof it goes through', async () => {
    const { owner, store } = await storeWithTeam();
    const url = `/api/stores/${store.id}/payments`;
    const signedInAt = Date.parse(
      (await server.ctx.db.selectFrom('sessions').select('proved_at').where('user_id', '=', owner.id).executeTakeFirstOrThrow()).proved_at!,
    );
    const at = (sinceSignIn: number) => clock.advance(signedInAt + sinceSignIn - clock.nowMs());
    at(4 * MINUTE + 59_000);
    expect((await owner.client.put(url, ibanBody(NEW_IBAN))).status).toBe(200);
    expect(await storedIban(store.id)).toBe(NEW_IBAN);

    // The change itself proves nothing: at 5:01 the sign-in is too old.
    at(5 * MINUTE + 1_000);
    const mailsBefore = await queuedTo(owner.email);
    const delivered = mailsTo(owner.email, /IBAN modificato/).length;
    expectReauthRequired(await owner.client.put(url, ibanBody(OTHER_IBAN)));
    expect(await storedIban(store.id)).toBe(NEW_IBAN);
    expect(await queuedTo(owner.email)).toBe(mailsBefore);
    expect(mailsTo(owner.email, /IBAN modificato/).length).toBe(delivered);

    const proof = await owner.client.post('/api/auth/reauthenticate', { password: owner.password });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    expect(proof.body.aal).toBe('aal1');
    expect(Date.parse(proof.body.freshUntil) - clock.nowMs()).toBeGreaterThan(FRESH_PROOF_MS - 5_000);
    expect(Date.parse(proof.body.freshUntil) - clock.nowMs()).toBeLessThanOrEqual(FRESH_PROOF_MS);
    expect((await owner.client.put(url, ibanBody(OTHER_IBAN))).status).toBe(200);
    expect(await storedIban(store.id)).toBe(OTHER_IBAN);

    // The proof counts five minutes too.
    clock.advance(FRESH_PROOF_MS + 1_000);
    expectReauthRequired(await owner.client.put(url, ibanBody(NEW_IBAN)));
    expect(await storedIban(store.id)).toBe(OTHER_IBAN);
  });

  it('a wrong password is refused (400) and leaves the session stale; five wrong ones and the next is throttled', async () => {
    const { owner, store } = await storeWithTeam();
    clock.advance(FRESH_PROOF_MS + 1_000);
    for (let i = 0; i < 5; i++) {
      const wrong = await owner.client.post('/api/auth/reauthenticate', { password: 'non-è-la-mia' });
      expectApiError(wrong, 400, msg.passwordWrong);
    }
    expectReauthRequired(await owner.client.put(`/api/stores/${store.id}/payments`, ibanBody(NEW_IBAN)));
    const throttled = await owner.client.post('/api/auth/reauthenticate', { password: owner.password });
    expect(throttled.status).toBe(429);
    expectReauthRequired(await owner.client.put(`/api/stores/${store.id}/payments`, ibanBody(NEW_IBAN)));
    expect(await storedIban(store.id)).toBe(IBAN);
  });

  it('an authenticator code proves it too (the session becomes two-step); a wrong code is refused and throttled', async () => {
    const user = await userWithTotp(server);
    alignClock();
    const store = await createStoreFor(server, user.id, 'Bottega Due Passi');
    clock.advance(FRESH_PROOF_MS + 1_000);
    const url = `/api/stores/${store.id}/payments`;
    expectReauthRequired(await user.client.put(url, ibanBody(NEW_IBAN)));
    expectApiError(await user.client.post('/api/auth/reauthenticate', { code: 'abcdef' }), 400, twoStepMsg.invalidCode);
    expectApiError(await user.client.post('/api/auth/reauthenticate', { code: '000000' }), 400, twoStepMsg.invalidCode);
    expectReauthRequired(await user.client.put(url, ibanBody(NEW_IBAN)));

    const proof = await user.client.post('/api/auth/reauthenticate', { code: await codeAt(user.secret) });
    expect(proof.status, JSON.stringify(proof.body)).toBe(200);
    expect(proof.body.aal).toBe('aal2');
    expect((await user.client.put(url, ibanBody(NEW_IBAN))).status).toBe(200);
    const refreshed = await user.client.post('/api/auth/refresh');
    expect(refreshed.status).toBe(200);
    const claims = JSON.parse(Buffer.from(refreshed.body.session.accessToken.split('.')[1], 'base64url').toString());
    expect(claims.aal).toBe('aal2');

    // Five wrong codes, then even a right one waits.
    clock.advance(FRESH_PROOF_MS + 1_000);
    for (let i = 0; i < 5; i++) expect((await user.client.post('/api/auth/reauthenticate', { code: '123456' })).status).toBe(400);
    expect((await user.client.post('/api/auth/reauthenticate', { code: await codeAt(user.secret, 1) })).status).toBe(429);
    expectReauthRequired(await user.client.put(url, ibanBody(OTHER_IBAN)));
    expect(await storedIban(store.id)).toBe(NEW_IBAN);
  });

  it('a body that is neither a password nor a code gets a clear 400', async () => {
    const u = await createUser(server);
    for (const body of [{}, { password: 123 }, { code: 'x'.repeat(65) }, { password: 'a', extra: 1 }]) {
      const res = await u.client.post('/api/auth/reauthenticate', body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(typeof res.body.error.message).toBe('string');
    }
    expect((await client(server.url).post('/api/auth/reauthenticate', { password: u.password })).status).toBe(401);
  });
});

describe(`every change that moves money or power refuses a stale session (${engine})`, () => {
  it('roles, removing a member, transferring and deleting the store, the account e-mail: 403 and nothing changed, then allowed after a proof', async () => {
    const { owner, admin, staff, store, memberOf } = await storeWithTeam();
    const team = `/api/stores/${store.id}/team`;
    const roles = async () =>
      (await server.ctx.db.selectFrom('store_members').select(['user_id', 'role']).where('store_id', '=', store.id).orderBy('user_id').execute()).map(
        (r) => `${r.user_id}:${r.role}`,
      );
    const before = await roles();
    clock.advance(FRESH_PROOF_MS + 1_000);

    expectReauthRequired(await owner.client.patch(`${team}/members/${memberOf(staff)}`, { role: 'admin' }));
    expectReauthRequired(await owner.client.del(`${team}/members/${memberOf(staff)}`, {}));
    expectReauthRequired(await owner.client.post(`${team}/ownership`, { memberId: memberOf(admin), password: owner.password }));
    expectReauthRequired(await owner.client.del(`/api/stores/${store.id}`));
    expectReauthRequired(await owner.client.post('/api/auth/email-change', { email: 'nuovo.indirizzo@example.it', password: owner.password }));
    // An admin removing staff is a change of power too.
    const adminClient = await signIn(server, admin.email);
    clock.advance(FRESH_PROOF_MS + 1_000);
    expectReauthRequired(await adminClient.del(`${team}/members/${memberOf(staff)}`, {}));

    expect(await roles()).toEqual(before);
    const storeRow = await server.ctx.db.selectFrom('stores').select('owner_id').where('id', '=', store.id).executeTakeFirst();
    expect(storeRow?.owner_id).toBe(owner.id);
    expect(await server.ctx.db.selectFrom('auth_users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).toEqual({ email: owner.email });
    expect(mailsTo('nuovo.indirizzo@example.it', /./)).toHaveLength(0);

    // Reading stays open, and after a proof the change goes through.
    expect((await owner.client.get(`${team}/members`)).status).toBe(200);
    expect((await owner.client.post('/api/auth/reauthenticate', { password: owner.password })).status).toBe(200);
    expect((await owner.client.patch(`${team}/members/${memberOf(staff)}`, { role: 'admin' })).status).toBe(200);
    expect((await owner.client.del(`/api/stores/${store.id}`)).status).toBe(204);
  });

  it('a refund above 100 € asks for a proof (nothing recorded), one below it does not', async () => {
    const { owner, store } = await storeWithTeam();
    const big = await insertProduct(server, store.id, { title: 'Poltrona', priceCents: 15_000, stock: 5 });
    const small = await insertProduct(server, store.id, { title: 'Cuscino', priceCents: 2_000, stock: 5 });
    const order = await client(server.url).post(
      `/api/public/stores/${store.slug}/checkout`,
      checkoutBody(
        [
          { productId: big.id, quantity: 1, unitPriceCents: 15_000 },
          { productId: small.id, quantity: 1, unitPriceCents: 2_000 },
        ],
        { paymentMethod: 'bank_transfer', totalCents: 17_599 },
      ),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    const orderId: string = order.body.orderId;
    expect((await owner.client.patch(`/api/stores/${store.id}/orders/${orderId}/payment`, { paymentStatus: 'paid' })).status).toBe(200);
    const items = await server.ctx.db.selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', orderId).execute();
    const line = (p: { id: string }) => items.find((i) => i.product_id === p.id)!.id;
    const refund = (lines: { orderItemId: string; quantity: number }[]) =>
      owner.client.post(`/api/stores/${store.id}/orders/${orderId}/refunds`, { lines, iban: NEW_IBAN });
    const refundRows = () => server.ctx.db.selectFrom('refunds').select('amount_cents').where('order_id', '=', orderId).execute();

    clock.advance(FRESH_PROOF_MS + 1_000);
    expectReauthRequired(await refund([{ orderItemId: line(big), quantity: 1 }]));
    expect(await refundRows()).toHaveLength(0);
    expect(await server.ctx.db.selectFrom('orders').select('refunded_cents').where('id', '=', orderId).executeTakeFirstOrThrow()).toEqual({
      refunded_cents: 0,
    });
    // Exactly 100 € or less needs no proof: 20 € goes through on the stale session.
    expect((await refund([{ orderItemId: line(small), quantity: 1 }])).status).toBe(201);
    expect((await owner.client.post('/api/auth/reauthenticate', { password: owner.password })).status).toBe(200);
    expect((await refund([{ orderItemId: line(big), quantity: 1 }])).status).toBe(201);
    expect((await refundRows()).map((r) => Number(r.amount_cents)).sort((a, b) => a - b)).toEqual([2_000, 15_000]);
  });
});

describe(`'IBAN modificato' (${engine})`, () => {
  it('mails every owner and admin with who and when (Rome time), not the staff', async () => {
    const { owner, admin, staff, store } = await storeWithTeam();
    // The first setup was a change too: count from here.
    const subject = new RegExp(`^${ibanChangeMsg.subject(store.name)}$`);
    await expect.poll(() => mailsTo(admin.email, subject).length).toBe(1);
    const from = romeDateTime(clock.now());
    expect((await owner.client.put(`/api/stores/${store.id}/payments`, ibanBody(NEW_IBAN))).status).toBe(200);
    const to = romeDateTime(clock.now());
    for (const person of [owner, admin]) {
      await expect.poll(() => mailsTo(person.email, subject).length).toBe(2);
      const mail = mailsTo(person.email, subject).at(-1)!;
      expect(mail.text).toContain(`${owner.email} ha modificato i dati con cui lo store «${store.name}» riceve i pagamenti`);
      expect([from, to].some((at) => mail.text.includes(`il ${at} (ora italiana)`))).toBe(true);
      expect(mail.text).toContain('IBAN: IT•• •••• … 9012');
      expect(mail.text).not.toContain(NEW_IBAN);
    }
    const payout = /IBAN|pagamento/;
    expect(
      (await server.ctx.db.selectFrom('mail_queue').select('subject').where('to_address', '=', staff.email).execute()).filter((m) => payout.test(m.subject)),
    ).toEqual([]);
    expect(mailsTo(staff.email, payout)).toHaveLength(0);
  });

  it('the orders page notice shows who and when for seven days, to owners and admins only', async () => {
    const { owner, admin, staff, store } = await storeWithTeam();
    const url = `/api/stores/${store.id}/payments/iban-change`;
    const first = (await owner.client.get(url)).body.ibanChange;
    expect(first).toEqual({ changedAt: expect.any(String), changedBy: owner.email });
    clock.advance(MINUTE);
    const from = clock.nowMs();
    expect((await owner.client.put(`/api/stores/${store.id}/payments`, ibanBody(NEW_IBAN))).status).toBe(200);
    const notice = (await admin.client.get(url)).body;
    expect(notice).toEqual({ ibanChange: { changedAt: expect.any(String), changedBy: owner.email } });
    const at: string = notice.ibanChange.changedAt;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(from);
    expect(Date.parse(at)).toBeLessThanOrEqual(clock.nowMs());
    expectApiError(await staff.client.get(url), 403);
    // Saving other settings leaves the notice as it was.
    expect(
      (await owner.client.put(`/api/stores/${store.id}/payments`, { ...ibanBody(NEW_IBAN), pickup: { enabled: false, address: '', hours: '' } })).status,
    ).toBe(200);
    expect((await owner.client.get(url)).body.ibanChange.changedAt).toBe(at);

    clock.advance(7 * DAY - MINUTE);
    const later = await signIn(server, admin.email);
    expect((await later.get(url)).body.ibanChange).toEqual({ changedAt: at, changedBy: owner.email });
    clock.advance(2 * MINUTE);
    expect((await later.get(url)).body).toEqual({ ibanChange: null });
    // Another store's member learns nothing.
    const stranger = await createUser(server);
    await createStoreFor(server, stranger.id, 'Negozio Estraneo');
    expectApiError(await stranger.client.get(url), 404);
  });
});
