import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutMsg } from '@vetrina/shared/payment-settings';
import { romeDateTime } from '@vetrina/shared/shop-day';
import { openDatabase } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { clock } from '../src/lib/clock.js';
import { addMember, createStoreFor, createUser, dropSchema, engine, PG_URL, startServer, type Client, type TestServer } from './harness.js';
import { IBAN, SECRET_KEY, WEBHOOK_SECRET, orderWith, paymentSettings, postWebhook, sessionEvent, signed } from './payment-fixtures.js';
import { startStripeStandIn } from './stripe-standin.js';
import { expectApiError } from './team-helpers.js';

// Issue 45, points 5 and 7: only the owner moves the money, and Stripe events are the store's own.

const NEW_IBAN = 'IT15A0542811101000000129012';
const NEW_KEY = 'sk_live_51NuovaChiaveDelTitolare00004321';
const ADMIN_WEBHOOK = 'whsec_SegretoDellAmministratore000000';
// A changed IBAN says so in the subject (issue 49); the other payout fields keep the general one.
const SUBJECT = /^(IBAN modificato|Dati di pagamento modificati) – /;

let server: TestServer;
let stripe: Awaited<ReturnType<typeof startStripeStandIn>>;
let owner: { client: Client; email: string };
let admin: { client: Client; email: string };
let stranger: Client;
let store: { id: string; slug: string; name: string };

const url = (storeId = store.id) => `/api/stores/${storeId}/payments`;
/** What the settings form would send: what was read back, with the given blocks replaced. */
const fromRead = (read: any, over: Record<string, unknown> = {}) => ({
  bankTransfer: {
    enabled: read.bankTransfer.enabled,
    iban: read.bankTransfer.iban,
    holder: read.bankTransfer.holder,
    bank: read.bankTransfer.bank,
    deadlineDays: read.bankTransfer.deadlineDays,
  },
  cod: read.cod,
  pickup: read.pickup,
  card: { enabled: read.card.enabled, secretKey: '', webhookSecret: '' },
  ...over,
});
const storedRow = () => server.ctx.db.selectFrom('store_payment_settings').selectAll().where('store_id', '=', store.id).executeTakeFirstOrThrow();
/**
 * The payout mails to the owner so far: delivered, or still queued (the mail is queued with the save
 * itself, so a save that mailed shows here at once). Tests start with none in flight.
 */
const payoutMails = async () => {
  const queued = await server.ctx.db.selectFrom('mail_queue').select('subject').where('to_address', '=', owner.email).execute();
  return {
    delivered: server.smtp.mails.filter((m) => m.to.includes(owner.email) && SUBJECT.test(m.subject)).length,
    queued: queued.filter((m) => SUBJECT.test(m.subject)).length,
  };
};
async function expectNoNewPayoutMail(before: { delivered: number }) {
  expect(await payoutMails()).toEqual({ delivered: before.delivered, queued: 0 });
}

beforeAll(async () => {
  stripe = await startStripeStandIn();
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0', STRIPE_API_URL: stripe.url });
  const o = await createUser(server);
  owner = o;
  store = await createStoreFor(server, o.id, 'Bottega del Titolare');
  const a = await createUser(server);
  await addMember(server, store.id, a.id, 'admin');
  admin = a;
  const s = await createUser(server);
  await createStoreFor(server, s.id, 'Negozio Estraneo');
  stranger = s.client;
  expect((await owner.client.put(url(), paymentSettings())).status).toBe(200);
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

describe(`only the owner changes IBAN, holder and Stripe keys (${engine})`, () => {
  it('setting them up the first time is a change too: mailed to the owner and the admins (and delivered before the next tests count)', async () => {
    await expect.poll(payoutMails).toEqual({ delivered: 1, queued: 0 });
    const mail = server.smtp.mails.find((m) => SUBJECT.test(m.subject))!;
    expect(mail.text).toContain('Campi modificati: IBAN, Intestatario, Chiave segreta Stripe, Segreto del webhook Stripe.');
    await expect.poll(() => server.smtp.mails.filter((m) => m.to.includes(admin.email) && SUBJECT.test(m.subject)).length).toBe(1);
  });

  it('an admin reads the IBAN masked and the keys by their last four characters only', async () => {
    const res = await admin.client.get(url());
    expect(res.status).toBe(200);
    const s = res.body.settings;
    expect(s.payoutEditable).toBe(false);
    expect(s.bankTransfer.iban).toBe('IT•• •••• … 3456');
    expect(s.bankTransfer.holder).toBe('Bottega Srl');
    expect(s.card).toMatchObject({ hasSecretKey: true, secretKeyHint: 'sk_test_…6789', webhookSecretHint: 'whsec_…6789' });
    const text = JSON.stringify(res.body);
    for (const secret of [IBAN, IBAN.slice(4, 20), SECRET_KEY, WEBHOOK_SECRET]) expect(text).not.toContain(secret);
    expect((await owner.client.get(url())).body.settings).toMatchObject({ payoutEditable: true, bankTransfer: { iban: IBAN } });
  });

  it.each([
    ['another IBAN', (r: any) => ({ bankTransfer: { ...fromRead(r).bankTransfer, iban: NEW_IBAN } })],
    ['the IBAN emptied', (r: any) => ({ bankTransfer: { ...fromRead(r).bankTransfer, enabled: false, iban: '' } })],
    ['another holder', (r: any) => ({ bankTransfer: { ...fromRead(r).bankTransfer, holder: 'Mario Intruso' } })],
    ['a Stripe secret key', (_r: any) => ({ card: { enabled: true, secretKey: NEW_KEY } })],
    ['a webhook secret of their own', (_r: any) => ({ card: { enabled: true, webhookSecret: ADMIN_WEBHOOK } })],
  ])('an admin sending %s gets 403 and nothing changes, nothing is mailed', async (_name, change) => {
    const before = await storedRow();
    const mails = await payoutMails();
    const read = (await admin.client.get(url())).body.settings;
    const res = await admin.client.put(url(), fromRead(read, { ...change(read), cod: { ...read.cod, surchargeCents: 999 } }));
    expectApiError(res, 403, payoutMsg.ownerOnly);
    expect(await storedRow()).toEqual(before);
    expect((await owner.client.get(url())).body.settings).toMatchObject({ bankTransfer: { iban: IBAN, holder: 'Bottega Srl' }, cod: { surchargeCents: 250 } });
    await expectNoNewPayoutMail(mails);
  });

  it('an admin changes the other settings, sending the masked IBAN back: saved, and no payout mail', async () => {
    const mails = await payoutMails();
    const read = (await admin.client.get(url())).body.settings;
    const body = fromRead(read, {
      bankTransfer: { ...fromRead(read).bankTransfer, deadlineDays: 5, bank: 'Banca Nuova' },
      cod: { enabled: true, surchargeCents: 300, maxTotalCents: null },
      card: { enabled: false },
    });
    const res = await admin.client.put(url(), body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.settings).toMatchObject({ payoutEditable: false, bankTransfer: { iban: 'IT•• •••• … 3456', deadlineDays: 5, bank: 'Banca Nuova' } });
    const mine = (await owner.client.get(url())).body.settings;
    expect(mine).toMatchObject({
      bankTransfer: { iban: IBAN, holder: 'Bottega Srl', deadlineDays: 5 },
      cod: { surchargeCents: 300 },
      card: { enabled: false },
    });
    expect(mine.card).toMatchObject({ hasSecretKey: true, hasWebhookSecret: true, secretKeyHint: 'sk_test_…6789' });
    await expectNoNewPayoutMail(mails);
    // Turning cards back on with the owner's keys is a setting too.
    const again = await admin.client.put(url(), fromRead((await admin.client.get(url())).body.settings, { card: { enabled: true } }));
    expect(again.status).toBe(200);
    await expectNoNewPayoutMail(mails);
  });

  it('the owner’s change is saved and mailed to the owner: which fields, who, when, and only the last four characters', async () => {
    const read = (await owner.client.get(url())).body.settings;
    const mails = await payoutMails();
    const from = romeDateTime(clock.now());
    const res = await owner.client.put(
      url(),
      fromRead(read, {
        bankTransfer: { ...fromRead(read).bankTransfer, iban: NEW_IBAN, holder: 'Bottega Due Srl' },
        card: { enabled: true, secretKey: NEW_KEY },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const to = romeDateTime(clock.now());
    expect(res.body.settings).toMatchObject({
      bankTransfer: { iban: NEW_IBAN, holder: 'Bottega Due Srl' },
      card: { secretKeyHint: 'sk_live_…4321', mode: 'live' },
    });
    // One mail, queued with the save and then delivered.
    expect((await payoutMails()).delivered + (await payoutMails()).queued).toBeGreaterThanOrEqual(mails.delivered + 1);
    await expect.poll(payoutMails).toEqual({ delivered: mails.delivered + 1, queued: 0 });
    const mail = server.smtp.mails.filter((m) => m.to.includes(owner.email) && SUBJECT.test(m.subject)).at(-1)!;
    expect(mail.subject).toBe(`IBAN modificato – ${store.name}`);
    expect(mail.text).toContain(`${owner.email} ha modificato i dati con cui lo store «${store.name}» riceve i pagamenti`);
    expect([from, to].some((at) => mail.text.includes(`il ${at} (ora italiana)`))).toBe(true);
    expect(mail.text).toContain('Campi modificati: IBAN, Intestatario, Chiave segreta Stripe.');
    expect(mail.text).toContain('IBAN: IT•• •••• … 9012');
    expect(mail.text).toContain('Chiave segreta Stripe: sk_live_…4321');
    expect(mail.text).not.toContain('Segreto del webhook');
    for (const body of [mail.text, mail.html]) {
      expect(body).not.toContain(NEW_IBAN);
      expect(body).not.toContain('IT15 A054');
      expect(body).not.toContain(NEW_KEY);
      expect(body).not.toContain(NEW_KEY.slice(8, 30));
    }
    // The admin's view follows, masked.
    expect((await admin.client.get(url())).body.settings.bankTransfer.iban).toBe('IT•• •••• … 9012');
  });

  it('the owner saving without changing them mails nothing', async () => {
    const mails = await payoutMails();
    const read = (await owner.client.get(url())).body.settings;
    expect((await owner.client.put(url(), fromRead(read, { pickup: { ...read.pickup, hours: 'Lun-Dom 8-20' } }))).status).toBe(200);
    await expectNoNewPayoutMail(mails);
  });

  it('another store’s member gets 404 and changes nothing', async () => {
    const before = await storedRow();
    expect((await stranger.get(url())).status).toBe(404);
    expectApiError(
      await stranger.put(url(), paymentSettings({ bankTransfer: { enabled: true, iban: NEW_IBAN, holder: 'Estraneo', bank: '', deadlineDays: 2 } })),
      404,
    );
    expect(await storedRow()).toEqual(before);
  });
});

describe(`Stripe events are the store's own (${engine})`, () => {
  it('the same event id delivered to two stores is applied to both; a redelivery to one changes nothing', async () => {
    const stores = await Promise.all(
      ['Prima Bottega Carte', 'Seconda Bottega Carte'].map(async (name, i) => {
        const u = await createUser(server);
        const s = await createStoreFor(server, u.id, name);
        const secret = `whsec_SegretoStore${i}ProvaEventi000000`;
        expect((await u.client.put(url(s.id), paymentSettings({ card: { enabled: true, secretKey: SECRET_KEY, webhookSecret: secret } }))).status).toBe(200);
        return { ...s, secret };
      }),
    );
    const orders = [];
    for (const s of stores) {
      const { res, total } = await orderWith(server, s, 'card');
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      orders.push({ id: res.body.orderId as string, total });
    }
    const paid = (id: string) => server.ctx.db.selectFrom('orders').select(['payment_status', 'paid_at']).where('id', '=', id).executeTakeFirstOrThrow();
    for (const [i, s] of stores.entries()) {
      const ev = signed(sessionEvent('evt_condiviso_1', 'checkout.session.completed', orders[i]!.id, s.id, { amount_total: orders[i]!.total }), s.secret);
      expect((await postWebhook(server, s.id, ev.payload, ev.header)).status).toBe(200);
      expect((await paid(orders[i]!.id)).payment_status).toBe('paid');
    }
    const first = await paid(orders[0]!.id);
    const again = signed(
      sessionEvent('evt_condiviso_1', 'checkout.session.completed', orders[0]!.id, stores[0]!.id, { amount_total: orders[0]!.total }),
      stores[0]!.secret,
    );
    expect((await postWebhook(server, stores[0]!.id, again.payload, again.header)).status).toBe(200);
    expect(await paid(orders[0]!.id)).toEqual(first);
    const ledger = await server.ctx.db.selectFrom('stripe_events').select(['store_id']).where('event_id', '=', 'evt_condiviso_1').execute();
    expect(ledger.map((r) => r.store_id).sort()).toEqual(stores.map((s) => s.id).sort());
    const events = await server.ctx.db.selectFrom('order_events').select('value').where('order_id', '=', orders[0]!.id).where('kind', '=', 'payment').execute();
    expect(events.map((e) => e.value)).toEqual(['unpaid', 'paid']);
  });
});

describe(`migration 029 keys the applied events per store, keeping them (${engine})`, () => {
  it('up and down again, with events already recorded', async () => {
    const names = Object.keys(migrations);
    const before = names[names.indexOf('029-stripe-events-per-store') - 1]!;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-migration-'));
    const schema = PG_URL ? `m_${randomBytes(6).toString('hex')}` : undefined;
    const { db, destroy } = await openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir });
    const any = db as unknown as Kysely<any>;
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const at = '2026-01-01T10:00:00.000Z';
      for (const id of ['s1', 's2'])
        await any
          .insertInto('stores')
          .values({ id, name: `Negozio ${id}`, slug: `negozio-${id}`, colors: '{}', created_at: at })
          .execute();
      await any.insertInto('stripe_events').values({ id: 'evt_vecchio', store_id: 's1', type: 'checkout.session.completed', received_at: at }).execute();

      expect((await migrator.migrateTo('029-stripe-events-per-store')).error).toBeUndefined();
      expect(await any.selectFrom('stripe_events').selectAll().execute()).toEqual([
        { store_id: 's1', event_id: 'evt_vecchio', type: 'checkout.session.completed', received_at: at },
      ]);
      await any
        .insertInto('stripe_events')
        .values({ store_id: 's2', event_id: 'evt_vecchio', type: 'checkout.session.completed', received_at: '2026-01-02T10:00:00.000Z' })
        .execute();
      await expect(any.insertInto('stripe_events').values({ store_id: 's2', event_id: 'evt_vecchio', type: 'x', received_at: at }).execute()).rejects.toThrow();

      // Down: one row per event id again, the first received kept.
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      expect(await any.selectFrom('stripe_events').selectAll().execute()).toEqual([
        { id: 'evt_vecchio', store_id: 's1', type: 'checkout.session.completed', received_at: at },
      ]);
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    }
  });
});
