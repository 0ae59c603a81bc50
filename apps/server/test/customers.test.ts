import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { tableMsg } from '@vetrina/shared';
import { customerMsg, type CustomerDetail, type CustomersPage } from '@vetrina/shared/customers';
import { romeDateTime } from '@vetrina/shared/shop-day';
import { client, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { member, merchant } from './catalog-fixtures.js';
import { expectApiError } from './team-helpers.js';

/** 'Clienti' (docs/decisions/0048-customers.md): shoppers by e-mail, their totals read from the orders. */
let server: TestServer;
let owner: Client;
let staff: Client;
let store: { id: string; slug: string };
let other: { client: Client; store: { id: string; slug: string } };
const placed: Record<string, string> = {};

async function place(s: { id: string; slug: string }, productId: string, name: string, email: string, quantity: number, extra: Record<string, unknown> = {}) {
  const body = checkoutBody([{ productId, quantity, unitPriceCents: 1000 }], extra);
  body.customer = { ...body.customer, customerName: name, customerEmail: email };
  const res = await client(server.url).post(`/api/public/stores/${s.slug}/checkout`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { orderId: string; orderNumber: number; totalCents: number };
}

/** What the orders say about one shopper of a store, straight from the table. */
async function fromOrders(storeId: string, email: string) {
  const rows = await server.ctx.db
    .selectFrom('orders')
    .select(['status', 'total_cents'])
    .where('store_id', '=', storeId)
    .where(sql<string>`lower(customer_email)`, '=', email.toLowerCase())
    .execute();
  const kept = rows.filter((r) => r.status !== 'cancelled');
  return { orderCount: kept.length, spentCents: kept.reduce((s, r) => s + r.total_cents, 0), cancelledCount: rows.length - kept.length };
}

const list = async (query = '', c = owner) => {
  const res = await c.get<CustomersPage>(`/api/stores/${store.id}/customers?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const m = await merchant(server, 'Bottega dei Clienti');
  owner = m.client;
  store = m.store;
  staff = (await member(server, store.id, 'staff')).client;
  const o = await merchant(server, 'Altra Bottega');
  other = { client: o.client, store: o.store };
  const p = await insertProduct(server, store.id, { title: 'Tazza', priceCents: 1000, stock: 500 });
  const q = await insertProduct(server, other.store.id, { title: 'Brocca', priceCents: 1000, stock: 500 });
  // Maria orders three times; one order is cancelled.
  placed.maria1 = (await place(store, p.id, 'Maria Rossi', 'maria.rossi@example.it', 1)).orderId;
  placed.maria2 = (await place(store, p.id, 'Maria Rossi', 'maria.rossi@example.it', 2)).orderId;
  placed.maria3 = (await place(store, p.id, 'Maria R. Rossi', 'maria.rossi@example.it', 5)).orderId;
  // The checkout stores e-mails in lower case; an older order may not: still the same shopper.
  await server.ctx.db.updateTable('orders').set({ customer_email: 'Maria.Rossi@Example.IT' }).where('id', '=', placed.maria2).execute();
  placed.luca = (await place(store, p.id, 'Luca Bianchi', 'luca@example.it', 3)).orderId;
  placed.anna = (await place(store, p.id, 'Anna Verdi', 'anna.verdi@example.it', 1)).orderId;
  // The same e-mail in another store: its own customer there, invisible here.
  placed.mariaOther = (await place(other.store, q.id, 'Maria Rossi', 'maria.rossi@example.it', 7)).orderId;
  expect((await owner.patch(`/api/stores/${store.id}/orders/${placed.maria3}`, { status: 'cancelled' })).status).toBe(200);
  expect((await owner.patch(`/api/stores/${store.id}/orders/${placed.luca}`, { status: 'shipped' })).status).toBe(200);
});
afterAll(async () => {
  await server.close();
});

describe(`customers: totals from the orders (${engine})`, () => {
  it('groups a shopper by e-mail in any case; totals equal the non-cancelled orders of this store only', async () => {
    const page = await list();
    expect(page.total).toBe(3);
    // Newest order first: Anna, Luca, then Maria (her cancelled order was the last she placed).
    expect(page.items.map((c) => c.email)).toEqual(['anna.verdi@example.it', 'luca@example.it', 'maria.rossi@example.it']);
    for (const c of page.items)
      expect({ orderCount: c.orderCount, spentCents: c.spentCents, cancelledCount: c.cancelledCount }).toEqual(await fromOrders(store.id, c.email));
    const maria = page.items[2]!;
    // 1 + 2 items at € 10 plus € 5,99 shipping each; the cancelled order of 5 is left out.
    expect(maria).toMatchObject({ name: 'Maria R. Rossi', orderCount: 2, spentCents: 1599 + 2599, cancelledCount: 1, marketingConsentAt: null });
    const theirs = await other.client.get<CustomersPage>(`/api/stores/${other.store.id}/customers`);
    expect(theirs.body.items).toHaveLength(1);
    expect(theirs.body.items[0]).toMatchObject({ orderCount: 1, spentCents: 7599 });
  });

  it('follows a status change at once: reopening a cancelled order adds it back', async () => {
    expect((await owner.patch(`/api/stores/${store.id}/orders/${placed.anna}`, { status: 'cancelled' })).status).toBe(200);
    let anna = (await list('search=anna')).items[0]!;
    expect(anna).toMatchObject({ orderCount: 0, spentCents: 0, cancelledCount: 1 });
    expect((await owner.patch(`/api/stores/${store.id}/orders/${placed.anna}`, { status: 'pending' })).status).toBe(200);
    anna = (await list('search=anna')).items[0]!;
    expect(anna).toMatchObject({ orderCount: 1, spentCents: 1599, cancelledCount: 0 });
  });

  it('searches by name or e-mail, sorts and pages; staff can read it', async () => {
    expect((await list('search=BIANCHI')).items.map((c) => c.name)).toEqual(['Luca Bianchi']);
    expect((await list('search=maria.rossi@')).items.map((c) => c.orderCount)).toEqual([2]);
    expect((await list('search=%25')).total).toBe(0);
    expect((await list('sort=spent&dir=desc')).items.map((c) => c.name)).toEqual(['Maria R. Rossi', 'Luca Bianchi', 'Anna Verdi']);
    expect((await list('sort=name')).items.map((c) => c.name)).toEqual(['Anna Verdi', 'Luca Bianchi', 'Maria R. Rossi']);
    expect((await list('sort=orders&dir=desc')).items[0]!.name).toBe('Maria R. Rossi');
    const second = await list('sort=email&pageSize=2&page=2', staff);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((c) => c.email)).toEqual(['maria.rossi@example.it']);
    expectApiError(await owner.get(`/api/stores/${store.id}/customers?sort=eta`), 400, tableMsg.sort);
    expectApiError(await owner.get(`/api/stores/${store.id}/customers?sort=name&dir=su`), 400, tableMsg.dir);
  });
});

describe(`customer detail (${engine})`, () => {
  it('opens from any of their order ids: orders, contact messages, chat and invoices', async () => {
    const { db } = server.ctx;
    const now = new Date().toISOString();
    await db
      .insertInto('store_messages')
      .values({
        id: randomUUID(),
        store_id: store.id,
        customer_name: 'Maria',
        customer_email: 'Maria.Rossi@example.it',
        message: 'La tazza è lavabile in lavastoviglie?',
        response: null,
        status: 'pending',
        is_read: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const shopper = await createUser(server, 'maria.rossi@example.it');
    for (const text of ['Ciao', 'Spedite in Sardegna?'])
      await db
        .insertInto('chat_messages')
        .values({ id: randomUUID(), store_id: store.id, user_id: shopper.id, message: text, sender_type: 'customer', is_read: 0, created_at: now })
        .execute();
    await db
      .insertInto('invoices')
      .values({
        id: randomUUID(),
        store_id: store.id,
        order_id: placed.maria2!,
        kind: 'invoice',
        year: 2026,
        seq: 1,
        number: '2026/0001',
        date: '2026-12-02',
        refers_to_id: null,
        buyer_name: 'Maria Rossi',
        taxable_cents: 2130,
        vat_cents: 469,
        total_cents: 2599,
        file_name: 'IT00000000000_00001.xml',
        document: '{}',
        xml: '<x/>',
        issued_at: now,
      })
      .execute();

    const res = await staff.get<CustomerDetail>(`/api/stores/${store.id}/customers/${placed.maria1}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    expect(d.customer).toMatchObject({ name: 'Maria R. Rossi', orderCount: 2, spentCents: 4198, cancelledCount: 1 });
    expect(d.orders.map((o) => o.id)).toEqual([placed.maria3, placed.maria2, placed.maria1]);
    expect(d.orders[0]!.status).toBe('cancelled');
    expect(d.messages.map((m) => m.message)).toEqual(['La tazza è lavabile in lavastoviglie?']);
    expect(d.chat).toMatchObject({ userId: shopper.id, messageCount: 2 });
    expect(d.invoices).toEqual([expect.objectContaining({ number: '2026/0001', totalCents: 2599 })]);
    // Another order of hers opens the same customer.
    const again = await owner.get<CustomerDetail>(`/api/stores/${store.id}/customers/${placed.maria3}`);
    expect(again.body.customer.email).toBe(d.customer.email);
  });

  it("answers 404 for another store's customer and for an unknown key", async () => {
    expectApiError(await owner.get(`/api/stores/${store.id}/customers/${placed.mariaOther}`), 404, customerMsg.notFound);
    expectApiError(await other.client.get(`/api/stores/${other.store.id}/customers/${placed.maria1}`), 404, customerMsg.notFound);
    expectApiError(await other.client.get(`/api/stores/${store.id}/customers/${placed.maria1}`), 404);
    expectApiError(await owner.get(`/api/stores/${store.id}/customers/non-esiste`), 404, customerMsg.notFound);
  });
});

describe(`customers CSV (${engine})`, () => {
  it('exports every customer of the store with the totals of the list; the search narrows it', async () => {
    const res = await owner.get<string>(`/api/stores/${store.id}/export/customers.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/clienti-/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r\n/);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^Nome.Email.Ordini.Totale speso/);
    const maria = lines.find((l) => l.includes('maria.rossi@example.it'))!;
    expect(maria).toContain('Non raccolto');
    // Italian Excel's dialect by default, the international one on request (the other exports' writer).
    expect(maria).toMatch(/^Maria R\. Rossi;maria\.rossi@example\.it;2;"41,98";1;/);
    const intl = await owner.get<string>(`/api/stores/${store.id}/export/customers.csv?format=internazionale`);
    expect(intl.body).toMatch(/\r\nMaria R\. Rossi,maria\.rossi@example\.it,2,41\.98,1,/);
    expectApiError(await owner.get(`/api/stores/${store.id}/export/customers.csv?format=tedesco`), 400);
    expect(res.body).not.toContain('Brocca');
    const one = await owner.get<string>(`/api/stores/${store.id}/export/customers.csv?search=luca`);
    expect(one.body.trim().split(/\r\n/)).toHaveLength(2);
    const theirs = await other.client.get<string>(`/api/stores/${other.store.id}/export/customers.csv`);
    expect(theirs.body).toMatch(/75[.,]99/);
    expect(theirs.body).not.toContain('luca@example.it');
  });
});

describe(`marketing consent from the checkout (${engine})`, () => {
  it("is the latest order's: ticked, not ticked, withdrawn by a later order without it, given by a later one with it", async () => {
    const shop = await merchant(server, 'Bottega del Consenso');
    const p = await insertProduct(server, shop.store.id, { title: 'Piatto', priceCents: 1000, stock: 100 });
    const yes = { marketingConsent: true };
    const giulia = await place(shop.store, p.id, 'Giulia Neri', 'giulia@example.it', 1, yes);
    await place(shop.store, p.id, 'Paolo Gialli', 'paolo@example.it', 1);
    await place(shop.store, p.id, 'Sara Blu', 'sara@example.it', 1, yes);
    await place(shop.store, p.id, 'Sara Blu', 'sara@example.it', 1, { marketingConsent: false });
    await place(shop.store, p.id, 'Teo Viola', 'teo@example.it', 1);
    await place(shop.store, p.id, 'Teo Viola', 'teo@example.it', 1, yes);

    const stored = await server.ctx.db
      .selectFrom('orders')
      .select(['customer_email', 'marketing_consent_at', 'terms_accepted_at'])
      .where('store_id', '=', shop.store.id)
      .orderBy('order_number')
      .execute();
    // Stored on the order at the moment it was placed, only with the tick.
    expect(stored.map((o) => [o.customer_email, o.marketing_consent_at === null ? 'no' : 'sì'])).toEqual([
      ['giulia@example.it', 'sì'],
      ['paolo@example.it', 'no'],
      ['sara@example.it', 'sì'],
      ['sara@example.it', 'no'],
      ['teo@example.it', 'no'],
      ['teo@example.it', 'sì'],
    ]);
    expect(stored[0]!.marketing_consent_at).toBe(stored[0]!.terms_accepted_at);

    const res = await shop.client.get<CustomersPage>(`/api/stores/${shop.store.id}/customers?sort=email`);
    const consent = Object.fromEntries(res.body.items.map((c) => [c.email, c.marketingConsentAt]));
    expect(consent).toEqual({
      'giulia@example.it': stored[0]!.marketing_consent_at,
      'paolo@example.it': null,
      'sara@example.it': null,
      'teo@example.it': stored[5]!.marketing_consent_at,
    });
    const detail = await shop.client.get<CustomerDetail>(`/api/stores/${shop.store.id}/customers/${giulia.orderId}`);
    expect(detail.body.customer.marketingConsentAt).toBe(stored[0]!.marketing_consent_at);

    const csv = (await shop.client.get<string>(`/api/stores/${shop.store.id}/export/customers.csv`)).body.trim().split(/\r\n/);
    const last = (email: string) =>
      csv
        .find((l) => l.includes(email))!
        .split(';')
        .at(-1);
    // Quoted: the date and time carry a comma.
    expect(last('giulia@example.it')).toBe(`"${romeDateTime(stored[0]!.marketing_consent_at!)}"`);
    expect(last('paolo@example.it')).toBe('Non raccolto');
    expect(last('sara@example.it')).toBe('Non raccolto');
    expect(last('teo@example.it')).toBe(`"${romeDateTime(stored[5]!.marketing_consent_at!)}"`);
  });

  it('refuses a consent that is not a yes or no, placing nothing', async () => {
    const shop = await merchant(server, 'Bottega Rigorosa');
    const p = await insertProduct(server, shop.store.id, { title: 'Vaso', priceCents: 1000, stock: 10 });
    const res = await client(server.url).post(
      `/api/public/stores/${shop.store.slug}/checkout`,
      checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { marketingConsent: 'sì' }),
    );
    expectApiError(res, 400, 'Consenso non valido');
    const n = await server.ctx.db
      .selectFrom('orders')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('store_id', '=', shop.store.id)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });
});

describe(`customers of a busy store (${engine})`, () => {
  it('lists 10,000 orders of 2,000 shoppers with totals equal to the orders, quickly', async () => {
    const busy = await merchant(server, 'Bottega Affollata');
    const statuses = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'] as const;
    const start = Date.parse('2026-01-01T08:00:00Z');
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const at = new Date(start + i * 60_000).toISOString();
      return {
        id: randomUUID(),
        store_id: busy.store.id,
        order_number: 1001 + i,
        status: statuses[i % 5]!,
        customer_name: `Cliente ${i % 2000}`,
        customer_email: `cliente${i % 2000}@example.it`,
        customer_phone: null,
        shipping_street: 'Via Roma 1',
        shipping_city: 'Milano',
        shipping_postal_code: '20121',
        shipping_country: 'Italia',
        subtotal_cents: 1000 + (i % 97),
        shipping_cents: 599,
        total_cents: 1599 + (i % 97),
        notes: null,
        idempotency_key: null,
        idempotency_fingerprint: null,
        payment_details: null,
        payment_due_at: null,
        paid_at: null,
        stripe_session_id: null,
        public_token: null,
        discount_code: null,
        discount_kind: null,
        discount_value: null,
        terms_accepted_at: at,
        created_at: at,
        updated_at: at,
      };
    });
    for (let i = 0; i < rows.length; i += 500)
      await server.ctx.db
        .insertInto('orders')
        .values(rows.slice(i, i + 500))
        .execute();
    const t0 = performance.now();
    const res = await busy.client.get<CustomersPage>(`/api/stores/${busy.store.id}/customers?sort=spent&dir=desc`);
    const ms = performance.now() - t0;
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2000);
    const all = await server.ctx.db
      .selectFrom('orders')
      .select(sql<number>`sum(total_cents)`.as('s'))
      .where('store_id', '=', busy.store.id)
      .where('status', '<>', 'cancelled')
      .executeTakeFirstOrThrow();
    let listed = 0;
    for (let page = 1; page <= 20; page++)
      listed += (await busy.client.get<CustomersPage>(`/api/stores/${busy.store.id}/customers?pageSize=100&page=${page}`)).body.items.reduce(
        (s, c) => s + c.spentCents,
        0,
      );
    expect(listed).toBe(Number(all.s));
    for (const c of res.body.items.slice(0, 3)) expect(c.spentCents).toBe((await fromOrders(busy.store.id, c.email)).spentCents);
    // Generous for a loaded test machine; the decision record gives the measured figure.
    expect(ms).toBeLessThan(1500);
    console.info(`customers of 10,000 orders (${engine}): ${Math.round(ms)} ms`);
  });
});
