import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { clock } from '../src/lib/clock.js';
import { GUESS_LIMITS, guessMsg } from '../src/lib/guess-limit.js';
import { client, createStoreFor, createUser, engine, startServer, type ApiResult, type TestServer } from './harness.js';
import { mailedConfirmationCode } from './order-mails.js';
import { orderWith, paymentSettings, postWebhook, signed, WEBHOOK_SECRET } from './payment-fixtures.js';
import { linkIn } from './smtp.js';
import { adminWithStore, inviteAndReadToken } from './team-helpers.js';

// Issue 45, point 4: every endpoint that tells a valid secret from an invalid one counts the
// failures per client address (and per store), and past the budget answers 429 without looking.

let server: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: each request says which address it comes from through X-Forwarded-For.
  server = await startServer({ TRUST_PROXY: '1', ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
const wrongToken = () => randomBytes(32).toString('base64url');
const WINDOW_END = GUESS_LIMITS.windowMs + 1000;

function expectThrottled(res: ApiResult) {
  expect(res.status, JSON.stringify(res.body)).toBe(429);
  expect(res.body.error.message).toBe(guessMsg.tooMany);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
}

/** A store taking cash on delivery (the default) with one order: its public token. */
async function storeWithOrder(name: string) {
  const u = await createUser(server);
  const store = await createStoreFor(server, u.id, name);
  const { res } = await orderWith(server, store, 'cod');
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { store, token: res.body.orderToken as string, owner: u.client };
}

describe(`the shopper's order link (${engine})`, () => {
  const page = (slug: string, token: string, ip: string) => client(server.url).get(`/api/public/stores/${slug}/orders/${token}`, from(ip));

  it('of 40 wrong tokens fired at once, 20 are looked up; then the right one is refused from there, served elsewhere, and again after the window', async () => {
    const { store, token } = await storeWithOrder('Bottega Link Ordine');
    const results = await Promise.all(Array.from({ length: 40 }, () => page(store.slug, wrongToken(), '198.51.100.10')));
    expect(results.filter((r) => r.status === 404)).toHaveLength(GUESS_LIMITS.perStoreAndIp);
    expect(results.filter((r) => r.status === 429)).toHaveLength(40 - GUESS_LIMITS.perStoreAndIp);
    expectThrottled(await page(store.slug, token, '198.51.100.10'));
    expect((await page(store.slug, token, '198.51.100.11')).status).toBe(200);
    clock.advance(WINDOW_END - 60_000);
    expectThrottled(await page(store.slug, token, '198.51.100.10'));
    clock.advance(60_000);
    const after = await page(store.slug, token, '198.51.100.10');
    expect(after.status).toBe(200);
    expect(after.body.order.orderNumber).toBeGreaterThan(0);
  });

  it('opening a valid link does not count: 30 opens, then still 20 wrong ones before the refusal', async () => {
    const { store, token } = await storeWithOrder('Bottega Cliente Affezionato');
    for (let i = 0; i < 30; i++) expect((await page(store.slug, token, '198.51.100.20')).status).toBe(200);
    for (let i = 0; i < GUESS_LIMITS.perStoreAndIp; i++) expect((await page(store.slug, wrongToken(), '198.51.100.20')).status).toBe(404);
    expectThrottled(await page(store.slug, wrongToken(), '198.51.100.20'));
  });

  it('invoice copies count against the same link budget', async () => {
    const { store, token } = await storeWithOrder('Bottega Copie Fatture');
    const copy = () => client(server.url).get(`/api/public/stores/${store.slug}/orders/${wrongToken()}/invoices/${crypto.randomUUID()}`, from('198.51.100.30'));
    for (let i = 0; i < GUESS_LIMITS.perStoreAndIp; i++) expect((await copy()).status).toBe(404);
    expectThrottled(await copy());
    expectThrottled(await page(store.slug, token, '198.51.100.30'));
    expect((await page(store.slug, token, '198.51.100.31')).status).toBe(200);
  });

  it('confirming an order by its link counts against the same budget', async () => {
    const { store, token } = await storeWithOrder('Bottega Conferme');
    // The link's own secret travels in the body (abuse-checkout.test.ts: only the mail carries it).
    const code = await mailedConfirmationCode(server, token);
    const confirm = (t: string, ip: string) => client(server.url).post(`/api/public/stores/${store.slug}/orders/${t}/confirmation`, { code }, from(ip));
    for (let i = 0; i < GUESS_LIMITS.perStoreAndIp; i++) expect((await confirm(wrongToken(), '198.51.100.35')).status).toBe(404);
    expectThrottled(await confirm(token, '198.51.100.35'));
    expectThrottled(await page(store.slug, token, '198.51.100.35'));
    expect((await confirm(token, '198.51.100.36')).status).toBe(200);
  });

  it('one address trying many stores stops at the budget across stores', async () => {
    const stores = [];
    for (let i = 0; i < 4; i++) stores.push(await storeWithOrder(`Bottega Giro ${i}`));
    const perStore = GUESS_LIMITS.perIpAcrossStores / 3;
    for (const { store } of stores.slice(0, 3))
      for (let i = 0; i < perStore; i++) expect((await page(store.slug, wrongToken(), '198.51.100.40')).status).toBe(404);
    const fourth = stores[3]!;
    expectThrottled(await page(fourth.store.slug, wrongToken(), '198.51.100.40'));
    expectThrottled(await page(fourth.store.slug, fourth.token, '198.51.100.40'));
    expect((await page(fourth.store.slug, fourth.token, '198.51.100.41')).status).toBe(200);
  });
});

describe(`mailed account links: password reset, e-mail confirmation and change, invitations (${engine})`, () => {
  it('20 wrong tokens across the five links, then 429 on any of them; the right link works elsewhere, and from there after the window', async () => {
    const ip = '203.0.113.10';
    const { admin, store } = await adminWithStore(server, 'Bottega Inviti Indovinati');
    const guesser = await createUser(server);
    const wrong = [
      () => client(server.url).post('/api/auth/reset-password', { token: wrongToken(), password: 'una-frase-molto-lunga' }, from(ip)),
      () => client(server.url).post('/api/auth/confirm', { token: wrongToken() }, from(ip)),
      () => client(server.url).post('/api/auth/verify-email', { token: wrongToken() }, from(ip)),
      () => client(server.url).post('/api/auth/email-change/confirm', { token: wrongToken() }, from(ip)),
      () => guesser.client.post('/api/invitations/accept', { token: wrongToken() }, from(ip)),
    ];
    for (let i = 0; i < GUESS_LIMITS.perIp; i++) {
      const res = await wrong[i % wrong.length]!();
      expect([400, 404], JSON.stringify(res.body)).toContain(res.status);
    }
    for (const attempt of wrong) expectThrottled(await attempt());

    // A real reset link: refused from the throttled address (and not used up), fine from another.
    const { email } = await createUser(server);
    const resetLink = async () => {
      expect((await client(server.url).post('/api/auth/recover', { email })).status).toBe(202);
      const mail = await server.smtp.waitFor(email, /password/i);
      server.smtp.mails.splice(server.smtp.mails.indexOf(mail), 1);
      return new URL(linkIn(mail, '/reset-password')).searchParams.get('token')!;
    };
    const reset = (token: string, at: string) => client(server.url).post('/api/auth/reset-password', { token, password: 'una-frase-nuova-lunga' }, from(at));
    const token = await resetLink();
    expectThrottled(await reset(token, ip));
    expect((await reset(token, '203.0.113.11')).status).toBe(200);

    // A real invitation opened from the throttled address is refused too.
    const invited = await createUser(server);
    const invitation = await inviteAndReadToken(server, admin.client, store.id, invited.email);
    expectThrottled(await invited.client.post('/api/invitations/accept', { token: invitation.token }, from(ip)));

    const later = await resetLink();
    clock.advance(WINDOW_END);
    expect((await reset(later, ip)).status).toBe(200);
  });
});

describe(`Stripe's webhook signature (${engine})`, () => {
  it('20 bad signatures from one address, then 429 even for a good one; Stripe from elsewhere is still heard, and that address after the window', async () => {
    const { store, owner } = await storeWithOrder('Bottega Firme Stripe');
    expect((await owner.put(`/api/stores/${store.id}/payments`, paymentSettings())).status).toBe(200);
    const event = (n: number) => signed({ id: `evt_indovino_${n}`, object: 'event', type: 'customer.created', data: { object: {} } });
    const forged = (n: number) =>
      signed({ id: `evt_falso_${n}`, object: 'event', type: 'customer.created', data: { object: {} } }, 'whsec_NonQuelloDelloStore00000');
    const ip = '192.0.2.50';
    for (let i = 0; i < GUESS_LIMITS.perStoreAndIp; i++) {
      const f = forged(i);
      const res = await postWebhook(server, store.id, f.payload, f.header, from(ip).headers);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Firma del webhook non valida');
    }
    const good = event(1);
    expectThrottled(await postWebhook(server, store.id, good.payload, good.header, from(ip).headers));
    expect((await postWebhook(server, store.id, good.payload, good.header, from('192.0.2.51').headers)).status).toBe(200);
    clock.advance(WINDOW_END);
    const next = signed({ id: 'evt_dopo', object: 'event', type: 'customer.created', data: { object: {} } }, WEBHOOK_SECRET);
    expect((await postWebhook(server, store.id, next.payload, next.header, from(ip).headers)).status).toBe(200);
  });
});
