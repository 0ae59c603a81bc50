import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOUNT_LIMITS, discountMsg } from '@vetrina/shared';
import { addMember, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { expectApiError } from './team-helpers.js';
import { discountTerms } from './catalog-factory.js';

let server: TestServer;
let owner: Client;
let staff: Client;
let otherOwner: Client;
let store: { id: string; slug: string };
let other: { id: string; slug: string };

beforeAll(async () => {
  server = await startServer();
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Sconti');
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Altro Negozio');
  const s = await createUser(server);
  staff = s.client;
  await addMember(server, store.id, s.id, 'staff');
});
afterAll(async () => {
  await server.close();
});

const url = (storeId: string, id = '') => `/api/stores/${storeId}/discounts${id ? `/${id}` : ''}`;
const body = (over: Record<string, unknown> = {}) => ({
  ...discountTerms({ code: `ESTATE${Math.random().toString(36).slice(2, 8).toUpperCase()}`, value: 20 }),
  ...over,
});
/** Every stored code of every store: a refused request must leave it exactly as it was. */
const snapshot = async () => JSON.stringify(await server.ctx.db.selectFrom('discount_codes').selectAll().orderBy('id').execute());
const rowOf = (id: string) => server.ctx.db.selectFrom('discount_codes').selectAll().where('id', '=', id).executeTakeFirst();

async function create(client: Client, storeId: string, over: Record<string, unknown> = {}) {
  const res = await client.post(url(storeId), body(over));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.discount as { id: string; code: string; uses: number; [k: string]: unknown };
}

/** An order of the store that used the code (as the checkout records it). */
async function redeem(storeId: string, discountId: string) {
  const orderId = randomUUID();
  const now = new Date().toISOString();
  await server.ctx.db
    .insertInto('orders')
    .values({
      id: orderId,
      store_id: storeId,
      order_number: 1000 + Math.floor(Math.random() * 100_000),
      status: 'pending',
      customer_name: 'Maria Rossi',
      customer_email: 'maria.rossi@example.it',
      customer_phone: null,
      shipping_street: 'Via Roma 10',
      shipping_city: 'Milano',
      shipping_postal_code: '20121',
      shipping_country: 'Italia',
      subtotal_cents: 5000,
      shipping_cents: 599,
      total_cents: 4599,
      notes: null,
      idempotency_key: null,
      idempotency_fingerprint: null,
      discount_code: 'USATO',
      discount_kind: 'percent',
      discount_value: 20,
      discount_cents: 1000,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await server.ctx.db
    .insertInto('discount_redemptions')
    .values({ id: randomUUID(), discount_id: discountId, order_id: orderId, email: 'maria.rossi@example.it', created_at: now })
    .execute();
  await server.ctx.db.updateTable('discount_codes').set({ uses: 1 }).where('id', '=', discountId).execute();
  return orderId;
}

describe(`discount codes in the dashboard (${engine})`, () => {
  it('creates a code stored uppercase with its terms, dates in UTC, and lists it', async () => {
    const res = await owner.post(
      url(store.id),
      body({
        code: '  benvenuto-10 ',
        kind: 'fixed',
        value: 500,
        minOrderCents: 3000,
        startsAt: '2026-06-01T09:00:00+02:00',
        endsAt: '2026-06-30T23:59:00+02:00',
        maxUses: 100,
        maxUsesPerEmail: 1,
        active: false,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.discount).toMatchObject({
      code: 'BENVENUTO-10',
      kind: 'fixed',
      value: 500,
      minOrderCents: 3000,
      startsAt: '2026-06-01T07:00:00.000Z',
      endsAt: '2026-06-30T21:59:00.000Z',
      maxUses: 100,
      maxUsesPerEmail: 1,
      active: false,
      uses: 0,
    });
    const row = await rowOf(res.body.discount.id);
    expect(row).toMatchObject({ store_id: store.id, code: 'BENVENUTO-10', min_order_cents: 3000, active: 0 });

    const list = await owner.get(url(store.id));
    expect(list.status).toBe(200);
    expect(list.body.items.find((d: { id: string }) => d.id === res.body.discount.id)).toMatchObject({ code: 'BENVENUTO-10', active: false });
  });

  it('lists only the store’s own codes, newest first', async () => {
    const mine = await create(owner, store.id);
    const theirs = await create(otherOwner, other.id, { code: 'SOLOLORO' });
    const newer = await create(owner, store.id);
    const codes = (await owner.get(url(store.id))).body.items.map((d: { code: string }) => d.code);
    expect(codes).toContain(mine.code);
    expect(codes).not.toContain(theirs.code);
    expect(codes.indexOf(newer.code)).toBeLessThan(codes.indexOf(mine.code));
    expect((await otherOwner.get(url(other.id))).body.items.map((d: { code: string }) => d.code)).toEqual(['SOLOLORO']);
  });

  it('edits every term of a code that was already used; its uses stay', async () => {
    const d = await create(owner, store.id, { code: 'PRIMAVERA' });
    await redeem(store.id, d.id);
    const res = await owner.put(
      url(store.id, d.id),
      body({ code: 'primavera25', kind: 'percent', value: 25, minOrderCents: 2000, endsAt: '2026-12-31T23:00:00Z', maxUses: 50, active: false }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.discount).toMatchObject({
      id: d.id,
      code: 'PRIMAVERA25',
      value: 25,
      minOrderCents: 2000,
      endsAt: '2026-12-31T23:00:00.000Z',
      maxUses: 50,
      active: false,
      uses: 1,
    });
    expect(await rowOf(d.id)).toMatchObject({ code: 'PRIMAVERA25', value: 25, uses: 1, active: 0 });
  });

  it('deletes a used code: its redemptions go, the order keeps its own copy of the discount', async () => {
    const d = await create(owner, store.id, { code: 'USATO' });
    const orderId = await redeem(store.id, d.id);
    const res = await owner.del(url(store.id, d.id));
    expect(res.status).toBe(204);
    expect(await rowOf(d.id)).toBeUndefined();
    const redemptions = await server.ctx.db.selectFrom('discount_redemptions').select('id').where('discount_id', '=', d.id).execute();
    expect(redemptions).toEqual([]);
    const order = await server.ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ discount_code: 'USATO', discount_kind: 'percent', discount_value: 20, discount_cents: 1000 });
    expect((await owner.get(url(store.id))).body.items.map((x: { id: string }) => x.id)).not.toContain(d.id);
    expectApiError(await owner.del(url(store.id, d.id)), 404, discountMsg.notFound);
  });

  it.each([
    ['a negative percentage', { kind: 'percent', value: -5 }, discountMsg.percent],
    ['a percentage over 100', { kind: 'percent', value: 101 }, discountMsg.percent],
    ['a percentage with decimals', { kind: 'percent', value: 12.5 }, discountMsg.percent],
    ['a fixed amount of zero', { kind: 'fixed', value: 0 }, discountMsg.fixed],
    ['a negative fixed amount', { kind: 'fixed', value: -100 }, discountMsg.fixed],
    ['a fixed amount over the maximum', { kind: 'fixed', value: 10_000_001 }, discountMsg.fixed],
    ['a value that is not a number', { value: '20' }, discountMsg.value],
    ['an unknown kind', { kind: 'gratis' }, 'Tipo di sconto non valido'],
    ['a negative minimum order', { minOrderCents: -1 }, discountMsg.minOrderCents],
    ['an end before the start', { startsAt: '2026-06-10T10:00:00Z', endsAt: '2026-06-01T10:00:00Z' }, discountMsg.endBeforeStart],
    ['an end equal to the start', { startsAt: '2026-06-10T10:00:00Z', endsAt: '2026-06-10T10:00:00Z' }, discountMsg.endBeforeStart],
    ['a code with a space', { code: 'SALDI 10' }, discountMsg.code],
    ['a code with an emoji', { code: 'SCONTO🎉' }, discountMsg.code],
    ['a code with an accent', { code: 'PERCHÉ' }, discountMsg.code],
    ['a code too short', { code: 'AB' }, discountMsg.code],
    ['a code too long', { code: 'A'.repeat(31) }, discountMsg.code],
    ['an empty code', { code: '   ' }, discountMsg.code],
    ['a start that is not a date', { startsAt: 'domani' }, discountMsg.dates],
    ['an impossible date', { endsAt: '2026-13-45T10:00:00Z' }, discountMsg.dates],
    ['a date without its time zone', { startsAt: '2026-06-01T10:00' }, discountMsg.dates],
    ['zero total uses', { maxUses: 0 }, discountMsg.uses],
    ['uses per e-mail with decimals', { maxUsesPerEmail: 1.5 }, discountMsg.uses],
  ])('refuses %s with a clear Italian 400 and stores nothing', async (_label, over, message) => {
    const before = await snapshot();
    expectApiError(await owner.post(url(store.id), body(over)), 400, message);
    expect(await snapshot()).toBe(before);
  });

  it('refuses bad input on edit too, leaving the code as it was', async () => {
    const d = await create(owner, store.id);
    const before = await snapshot();
    expectApiError(await owner.put(url(store.id, d.id), body({ code: d.code, value: 101 })), 400, discountMsg.percent);
    expectApiError(await owner.put(url(store.id, d.id), body({ code: 'SALDI 10' })), 400, discountMsg.code);
    expectApiError(await owner.put(url(store.id, d.id), { ...body(), extra: 1 }), 400);
    expect(await snapshot()).toBe(before);
  });

  it('refuses a code the store already has, whatever its case, with 409', async () => {
    await create(owner, store.id, { code: 'NATALE' });
    const before = await snapshot();
    expectApiError(await owner.post(url(store.id), body({ code: 'NATALE' })), 409, discountMsg.duplicate);
    expectApiError(await owner.post(url(store.id), body({ code: 'natale' })), 409, discountMsg.duplicate);
    const d = await create(owner, store.id, { code: 'CAPODANNO' });
    const withSecond = await snapshot();
    expect(withSecond).not.toBe(before);
    expectApiError(await owner.put(url(store.id, d.id), body({ code: 'Natale' })), 409, discountMsg.duplicate);
    expect(await snapshot()).toBe(withSecond);
    // Another store may have the same code.
    await create(otherOwner, other.id, { code: 'NATALE' });
  });

  it('treats another store’s code as not found: 404 and unchanged', async () => {
    const theirs = await create(otherOwner, other.id, { code: 'LOROSOLI' });
    const before = await snapshot();
    expectApiError(await owner.put(url(store.id, theirs.id), body({ code: 'RUBATO' })), 404, discountMsg.notFound);
    expectApiError(await owner.del(url(store.id, theirs.id)), 404, discountMsg.notFound);
    // Their store's path is not ours: the guard answers 404 as well.
    expect((await owner.put(url(other.id, theirs.id), body())).status).toBe(404);
    expect((await owner.del(url(other.id, theirs.id))).status).toBe(404);
    expect((await owner.get(url(other.id))).status).toBe(404);
    expectApiError(await owner.put(url(store.id, 'non-esiste'), body()), 404, discountMsg.notFound);
    expect(await snapshot()).toBe(before);
  });

  it(`stops at ${DISCOUNT_LIMITS.codesPerStore} codes per store with 409`, async () => {
    const u = await createUser(server);
    const full = await createStoreFor(server, u.id, 'Bottega Piena');
    const now = new Date().toISOString();
    const rows = Array.from({ length: DISCOUNT_LIMITS.codesPerStore - 1 }, (_, i) => ({
      id: randomUUID(),
      store_id: full.id,
      code: `PIENO${i}`,
      kind: 'percent' as const,
      value: 5,
      min_order_cents: 0,
      starts_at: null,
      ends_at: null,
      max_uses: null,
      max_uses_per_email: null,
      active: 1,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await server.ctx.db
        .insertInto('discount_codes')
        .values(rows.slice(i, i + 100))
        .execute();
    await create(u.client, full.id, { code: 'ULTIMO' });
    const before = await snapshot();
    expectApiError(await u.client.post(url(full.id), body()), 409, discountMsg.tooMany);
    expect(await snapshot()).toBe(before);
    expect((await u.client.get(url(full.id))).body.items).toHaveLength(DISCOUNT_LIMITS.codesPerStore);
  });

  it('lets staff read the codes but not create, edit or delete them', async () => {
    const d = await create(owner, store.id, { code: 'PERSTAFF' });
    const list = await staff.get(url(store.id));
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: { code: string }) => x.code)).toContain('PERSTAFF');
    const before = await snapshot();
    expectApiError(await staff.post(url(store.id), body()), 403);
    expectApiError(await staff.put(url(store.id, d.id), body({ code: 'PERSTAFF', value: 90 })), 403);
    expectApiError(await staff.del(url(store.id, d.id)), 403);
    expect(await snapshot()).toBe(before);
  });
});
