import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { orderPaymentsService } from '../src/modules/payments/order-status/service.js';
import { visitorCleanupJob } from '../src/modules/jobs/registry.js';
import { addMember, client, createStoreFor, createUser, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { insertRefund } from './refund-rows.js';

const HOUR = 3_600_000;
const STATUSES = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

let server: TestServer;
let owner: Client;
let ownerLogin: { email: string; password: string };
let staff: Client;
let stranger: Client;
let store: { id: string; slug: string; name: string };

beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  ownerLogin = { email: a.email, password: a.password };
  store = await createStoreFor(server, a.id, 'Bottega dei Numeri');
  const s = await createUser(server);
  staff = s.client;
  await addMember(server, store.id, s.id, 'staff');
  const b = await createUser(server);
  stranger = b.client;
  await createStoreFor(server, b.id, 'Altro Negozio');
  const saved = await owner.put(`/api/stores/${store.id}/payments`, {
    bankTransfer: { enabled: true, iban: 'IT60X0542811101000000123456', holder: 'Bottega Srl', bank: '', deadlineDays: 1 },
    cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
    pickup: { enabled: true, address: 'Via Dante 5, 20121 Milano', hours: 'Lun-Sab 9-19' },
    card: { enabled: false, secretKey: '', webhookSecret: '' },
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => clock.reset());

/** A small seeded generator (mulberry32): the same "random" sequence on every run and engine. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

// The recount's own notion of a Rome day (not the module's function).
const rome = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });
const dayOf = (iso: string) => rome.format(new Date(iso));

/**
 * The definition the aggregates keep, recounted from the orders and refunds tables: per Rome day of
 * placement, orders not cancelled (count, total net of succeeded refunds, units), and the net total
 * of those paid or partly refunded (whatever their status).
 */
async function recount(storeId: string) {
  const { db } = server.ctx;
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'created_at', 'status', 'payment_status', 'total_cents'])
    .where('store_id', '=', storeId)
    .execute();
  const items = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['oi.order_id', 'oi.product_id', 'oi.quantity', 'oi.total_price_cents'])
    .where('o.store_id', '=', storeId)
    .execute();
  const refunds = await db
    .selectFrom('refunds')
    .select(['order_id', 'amount_cents'])
    .where('store_id', '=', storeId)
    .where('status', '=', 'succeeded')
    .execute();
  const days = new Map<string, { day: string; orders: number; revenue_cents: number; paid_cents: number; units: number }>();
  const products = new Map<string, { day: string; product_id: string; units: number; revenue_cents: number }>();
  for (const o of orders) {
    const day = dayOf(o.created_at);
    const d = days.get(day) ?? { day, orders: 0, revenue_cents: 0, paid_cents: 0, units: 0 };
    const lines = items.filter((i) => i.order_id === o.id);
    const net = o.total_cents - refunds.filter((r) => r.order_id === o.id).reduce((n, r) => n + r.amount_cents, 0);
    if (o.status !== 'cancelled') {
      d.orders += 1;
      d.revenue_cents += net;
      d.units += lines.reduce((n, l) => n + l.quantity, 0);
      for (const l of lines) {
        const key = `${day}|${l.product_id}`;
        const p = products.get(key) ?? { day, product_id: l.product_id!, units: 0, revenue_cents: 0 };
        p.units += l.quantity;
        p.revenue_cents += l.total_price_cents;
        products.set(key, p);
      }
    }
    if (o.payment_status === 'paid' || o.payment_status === 'partially_refunded') d.paid_cents += net;
    days.set(day, d);
  }
  const nonZero = <T extends object>(rows: T[]) => rows.filter((r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0));
  return {
    days: nonZero([...days.values()]).sort((a, b) => a.day.localeCompare(b.day)),
    products: nonZero([...products.values()]).sort((a, b) => `${a.day}${a.product_id}`.localeCompare(`${b.day}${b.product_id}`)),
  };
}

/** The aggregate rows as kept (rows that went back to zero are equal to no row). */
async function aggregates(storeId: string) {
  const { db } = server.ctx;
  // A day is the sum of its shard rows.
  const days = await db
    .selectFrom('store_daily_stats')
    .select([
      'day',
      (eb) => eb.fn.sum<number>('orders').as('orders'),
      (eb) => eb.fn.sum<number>('revenue_cents').as('revenue_cents'),
      (eb) => eb.fn.sum<number>('paid_cents').as('paid_cents'),
      (eb) => eb.fn.sum<number>('units').as('units'),
    ])
    .where('store_id', '=', storeId)
    .groupBy('day')
    .execute();
  const products = await db
    .selectFrom('store_daily_product_stats')
    .select(['day', 'product_id', 'units', 'revenue_cents'])
    .where('store_id', '=', storeId)
    .execute();
  const num = <T extends object>(r: T) =>
    Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^-?\d+$/.test(v) && k !== 'day' ? Number(v) : v])) as T;
  const nonZero = <T extends object>(rows: T[]) => rows.map(num).filter((r) => Object.values(r).some((v) => typeof v === 'number' && v !== 0));
  return {
    days: nonZero(days).sort((a, b) => a.day.localeCompare(b.day)),
    products: nonZero(products).sort((a, b) => `${a.day}${a.product_id}`.localeCompare(`${b.day}${b.product_id}`)),
  };
}

async function newStore(name: string) {
  const u = await createUser(server);
  const s = await createStoreFor(server, u.id, name);
  return { ...s, owner: u.client, login: { email: u.email, password: u.password } };
}

/** Signs in again after the clock moved past the access token's life. */
async function signIn(who: { email: string; password: string }) {
  const c = client(server.url);
  const res = await c.post('/api/auth/login', { email: who.email, password: who.password });
  expect(res.status).toBe(200);
  c.useSession(res.body.session);
  return c;
}

const checkout = (slug: string, body: unknown) => client(server.url).post(`/api/public/stores/${slug}/checkout`, body);

let refunded = 0;
/** A refund of one paid order's lines (a unit of one or two of them, sometimes shipping or an adjustment), as the refunds service makes it. */
async function refundSome(orderId: string, rnd: ReturnType<typeof seeded>) {
  const o = await server.ctx.db.selectFrom('orders').select(['store_id', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
  if (o.payment_status !== 'paid' && o.payment_status !== 'partially_refunded') return;
  const items = await server.ctx.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).orderBy('id').execute();
  const chosen = [...new Set(Array.from({ length: 1 + rnd.int(2) }, () => rnd.pick(items).id))];
  try {
    await insertRefund(server, {
      storeId: o.store_id,
      orderId,
      lines: chosen.map((id) => ({ orderItemId: id, quantity: 1 })),
      shippingCents: rnd.next() < 0.3 ? 100 : 0,
      adjustmentCents: rnd.next() < 0.3 ? -50 : 0,
    });
    refunded += 1;
  } catch (err) {
    // A line already refunded in full, or shipping already returned: the refund is refused, nothing changed.
    if (!(err instanceof Error && err.message.startsWith('refund refused'))) throw err;
  }
}

describe('daily aggregates', () => {
  it('equal a full recount after a seeded random sequence of orders, cancellations, status and payment changes, refunds by line and expiries over two days', async () => {
    const rnd = seeded(20_260_316);
    // Refunds draw from their own sequence, so the rest of the sequence stays the one it was.
    const refunds = seeded(48);
    const products = await Promise.all(
      [1290, 2500, 990, 4500].map((price, i) => insertProduct(server, store.id, { title: `Articolo ${i + 1}`, priceCents: price, stock: 500 })),
    );
    const prices = [1290, 2500, 990, 4500];
    const withVariants = await insertProduct(server, store.id, {
      title: 'Maglietta',
      priceCents: 1800,
      variants: [
        { label: 'S', stock: 200 },
        { label: 'M', deltaCents: 200, stock: 200 },
      ],
    });
    const placed: string[] = [];
    const payments = orderPaymentsService(server.ctx);
    const seen = new Set<number>();
    const days = new Set<string>();

    for (let step = 0; step < 70; step++) {
      days.add(dayOf(clock.iso()));
      const r = rnd.next();
      if (r < 0.4 || placed.length === 0) {
        const lines = Array.from({ length: 1 + rnd.int(3) }, () => {
          if (rnd.next() < 0.25) {
            const v = rnd.int(2);
            return { productId: withVariants.id, variantId: withVariants.variantIds[v], quantity: 1 + rnd.int(3), unitPriceCents: 1800 + v * 200 };
          }
          const p = rnd.int(products.length);
          return { productId: products[p]!.id, quantity: 1 + rnd.int(4), unitPriceCents: prices[p]! };
        });
        const method = rnd.pick(['cod', 'bank_transfer', 'pickup'] as const);
        const shipping = method === 'pickup' ? 0 : 599;
        const subtotal = lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0);
        const res = await checkout(store.slug, checkoutBody(lines, { paymentMethod: method, shippingCents: shipping, totalCents: subtotal + shipping }));
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        placed.push(res.body.orderId);
      } else if (r < 0.65) {
        const res = await owner.patch(`/api/stores/${store.id}/orders/${rnd.pick(placed)}`, { status: rnd.pick(STATUSES) });
        seen.add(res.status);
        expect([200, 409]).toContain(res.status);
      } else if (r < 0.8) {
        const res = await owner.patch(`/api/stores/${store.id}/orders/${rnd.pick(placed)}/payment`, { paymentStatus: 'paid' });
        expect([200, 409]).toContain(res.status);
      } else if (r < 0.88) {
        const res = await owner.patch(`/api/stores/${store.id}/orders/${rnd.pick(placed)}/payment`, { paymentStatus: 'refunded' });
        expect([200, 409]).toContain(res.status);
      } else if (r < 0.94) {
        await payments.expireDue();
      } else {
        // Hours pass: the sequence crosses at least one Rome midnight and bank-transfer deadlines.
        clock.advance((4 + rnd.int(8)) * HOUR);
        owner = await signIn(ownerLogin);
      }
      if (step === 35) {
        clock.advance(26 * HOUR);
        owner = await signIn(ownerLogin);
      }
    }
    await payments.expireDue();

    // Refunds by line: paid orders but the first, and a few unpaid ones once paid, some twice; then
    // some of them change status (cancelled: the refunded part is not taken off twice).
    const { db } = server.ctx;
    const paidIds = (
      await db.selectFrom('orders').select('id').where('store_id', '=', store.id).where('payment_status', '=', 'paid').orderBy('created_at').execute()
    ).map((o) => o.id);
    const unpaidIds = (
      await db
        .selectFrom('orders')
        .select('id')
        .where('store_id', '=', store.id)
        .where('payment_status', '=', 'unpaid')
        .where('status', '!=', 'cancelled')
        .orderBy('created_at')
        .execute()
    ).map((o) => o.id);
    for (const id of unpaidIds.slice(0, 4))
      expect((await owner.patch(`/api/stores/${store.id}/orders/${id}/payment`, { paymentStatus: 'paid' })).status).toBe(200);
    const toRefund = [...paidIds.slice(1), ...unpaidIds.slice(0, 4)];
    for (const id of toRefund) {
      await refundSome(id, refunds);
      if (refunds.next() < 0.5) await refundSome(id, refunds);
    }
    for (const id of toRefund.slice(0, 3)) {
      const res = await owner.patch(`/api/stores/${store.id}/orders/${id}`, { status: refunds.pick(STATUSES) });
      expect([200, 409]).toContain(res.status);
    }

    const expected = await recount(store.id);
    expect(days.size).toBeGreaterThanOrEqual(2);
    expect(expected.days.length).toBeGreaterThanOrEqual(2);
    expect(seen.has(200)).toBe(true);
    const kept = await aggregates(store.id);
    expect(kept.days).toEqual(expected.days);
    expect(kept.products).toEqual(expected.products);
    // Cancellations, refunds and expiries happened, so the recount is not just the placed orders.
    const states = await server.ctx.db.selectFrom('orders').select(['status', 'payment_status']).where('store_id', '=', store.id).execute();
    expect(states.some((o) => o.status === 'cancelled')).toBe(true);
    expect(states.some((o) => o.payment_status === 'paid')).toBe(true);
    expect(states.some((o) => o.payment_status === 'refunded')).toBe(true);
    expect(states.some((o) => o.payment_status === 'expired')).toBe(true);
    expect(states.some((o) => o.payment_status === 'partially_refunded')).toBe(true);
    expect(refunded).toBeGreaterThanOrEqual(5);
  });

  it('stay exact under concurrent checkouts and cancellations of the same store', async () => {
    const s = await newStore('Negozio Affollato');
    const a = await insertProduct(server, s.id, { title: 'Tazza', priceCents: 1200, stock: 1000 });
    const b = await insertProduct(server, s.id, { title: 'Piatto', priceCents: 800, stock: 1000 });
    const body = () =>
      checkoutBody(
        [
          { productId: a.id, quantity: 2, unitPriceCents: 1200 },
          { productId: b.id, quantity: 1, unitPriceCents: 800 },
        ],
        { totalCents: 3200 + 599 },
      );
    const first = await Promise.all(Array.from({ length: 8 }, () => checkout(s.slug, body())));
    expect(first.map((r) => r.status)).toEqual(Array(8).fill(201));
    // Checkouts (stock, then numbers) race cancellations (stock given back, then numbers).
    const mixed = await Promise.all([
      ...Array.from({ length: 12 }, () => checkout(s.slug, body())),
      ...first.slice(0, 6).map((r) => s.owner.patch(`/api/stores/${s.id}/orders/${r.body.orderId}`, { status: 'cancelled' })),
    ]);
    expect(mixed.map((r) => r.status)).toEqual([...Array(12).fill(201), ...Array(6).fill(200)]);
    const kept = await aggregates(s.id);
    expect(kept).toEqual(await recount(s.id));
    expect(kept.days.reduce((n, d) => n + d.orders, 0)).toBe(14);

    const home = await s.owner.get(`/api/stores/${s.id}/stats?period=today`);
    expect(home.status).toBe(200);
    expect(home.body.stats.totals).toMatchObject({ orders: 14, revenueCents: 14 * 3799, units: 42, averageOrderCents: 3799 });
    expect(home.body.stats.topProducts.map((p: { title: string; units: number }) => [p.title, p.units])).toEqual([
      ['Tazza', 28],
      ['Piatto', 14],
    ]);
    expect(home.body.stats.toHandle).toEqual({ pending: 14, unpaid: 20 });
  });
});

describe('the home after an order', () => {
  it("shows today's order, its revenue, what needs doing and the low stock, for owner and staff", async () => {
    const s = await newStore('Negozio Nuovo');
    const empty = await s.owner.get(`/api/stores/${s.id}/stats`);
    expect(empty.status).toBe(200);
    expect(empty.body.stats.period).toBe('today');
    expect(empty.body.stats.totals).toEqual({ revenueCents: 0, paidCents: 0, orders: 0, averageOrderCents: null, units: 0, visits: 0, conversionRate: null });
    expect(empty.body.stats.series).toHaveLength(7);

    const p = await insertProduct(server, s.id, { title: 'Candela alla lavanda', priceCents: 1500, stock: 4 });
    const res = await checkout(s.slug, checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 1500 }], { totalCents: 3599 }));
    expect(res.status).toBe(201);
    const home = await s.owner.get(`/api/stores/${s.id}/stats?period=today`);
    expect(home.body.stats.totals).toMatchObject({ revenueCents: 3599, paidCents: 0, orders: 1, averageOrderCents: 3599, units: 2 });
    expect(home.body.stats.series.at(-1)).toMatchObject({ orders: 1, revenueCents: 3599 });
    expect(home.body.stats.toHandle).toEqual({ pending: 1, unpaid: 1 });
    // 4 in stock, 2 held by the order: 2 available, at or below the default threshold of 3.
    expect(home.body.stats.lowStock).toMatchObject({ threshold: 3, total: 1, items: [{ title: 'Candela alla lavanda', available: 2 }] });

    const paid = await s.owner.patch(`/api/stores/${s.id}/orders/${res.body.orderId}/payment`, { paymentStatus: 'paid' });
    expect(paid.status).toBe(200);
    const after = await s.owner.get(`/api/stores/${s.id}/stats?period=7d`);
    expect(after.body.stats.totals).toMatchObject({ revenueCents: 3599, paidCents: 3599 });
    // Marking it paid also confirmed it: nothing left to handle (docs/decisions/0043-order-page.md).
    expect(after.body.stats.toHandle).toEqual({ pending: 0, unpaid: 0 });

    // A lower threshold: 2 available is no longer "low".
    const set = await s.owner.put(`/api/stores/${s.id}/stats/low-stock`, { lowStockThreshold: 1 });
    expect(set.status).toBe(200);
    expect((await s.owner.get(`/api/stores/${s.id}/stats`)).body.stats.lowStock).toEqual({ threshold: 1, total: 0, items: [] });
  });

  it('shows revenue net of refunds by line, on the day the order was placed, and a cancellation takes off only what is left', async () => {
    const s = await newStore('Negozio Rimborsi');
    const p = await insertProduct(server, s.id, { title: 'Vaso', priceCents: 2000, stock: 10 });
    const q = await insertProduct(server, s.id, { title: 'Piattino', priceCents: 500, stock: 10 });
    const placed = await checkout(
      s.slug,
      checkoutBody(
        [
          { productId: p.id, quantity: 2, unitPriceCents: 2000 },
          { productId: q.id, quantity: 1, unitPriceCents: 500 },
        ],
        { totalCents: 4500 + 599 },
      ),
    );
    expect(placed.status).toBe(201);
    const orderId = placed.body.orderId as string;
    expect((await s.owner.patch(`/api/stores/${s.id}/orders/${orderId}/payment`, { paymentStatus: 'paid' })).status).toBe(200);
    const vase = await server.ctx.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', orderId)
      .where('title', '=', 'Vaso')
      .executeTakeFirstOrThrow();

    // The next day one vase and the shipping go back: the order's day loses 25,99 €, today nothing.
    clock.advance(26 * HOUR);
    const owner2 = await signIn(s.login);
    const refund = await insertRefund(server, { storeId: s.id, orderId, lines: [{ orderItemId: vase.id, quantity: 1 }], shippingCents: 599 });
    expect(refund.totalCents).toBe(2599);
    const week = (await owner2.get(`/api/stores/${s.id}/stats?period=7d`)).body.stats;
    expect(week.totals).toMatchObject({ revenueCents: 5099 - 2599, paidCents: 5099 - 2599, orders: 1, units: 3 });
    expect((await owner2.get(`/api/stores/${s.id}/stats?period=today`)).body.stats.totals).toMatchObject({ revenueCents: 0, paidCents: 0 });
    const order = (await owner2.get(`/api/stores/${s.id}/orders/${orderId}`)).body.order;
    expect(order).toMatchObject({ paymentStatus: 'partially_refunded', totalCents: 5099, refundedCents: 2599 });
    // The orders list shows the total net of it; a pending refund is not counted yet.
    await insertRefund(server, { storeId: s.id, orderId, lines: [{ orderItemId: vase.id, quantity: 1 }], status: 'pending' });
    const list = (await owner2.get(`/api/stores/${s.id}/orders`)).body;
    expect(list.items.map((o: { totalCents: number; refundedCents: number }) => [o.totalCents, o.refundedCents])).toEqual([[5099, 2599]]);

    expect((await owner2.patch(`/api/stores/${s.id}/orders/${orderId}`, { status: 'cancelled' })).status).toBe(200);
    const after = (await owner2.get(`/api/stores/${s.id}/stats?period=7d`)).body.stats.totals;
    expect(after).toMatchObject({ revenueCents: 0, orders: 0, paidCents: 2500 });
    expect(await aggregates(s.id)).toEqual(await recount(s.id));
  });

  it('is the store’s own: staff reads it, another store gets 404, bad input a clear message', async () => {
    expect((await staff.get(`/api/stores/${store.id}/stats?period=30d`)).status).toBe(200);
    const foreign = await stranger.get(`/api/stores/${store.id}/stats`);
    expect(foreign.status).toBe(404);
    const staffSets = await staff.put(`/api/stores/${store.id}/stats/low-stock`, { lowStockThreshold: 5 });
    expect(staffSets.status).toBe(403);
    const badPeriod = await owner.get(`/api/stores/${store.id}/stats?period=anno`);
    expect(badPeriod.status).toBe(400);
    expect(JSON.stringify(badPeriod.body)).toContain('Periodo non valido');
    const badThreshold = await owner.put(`/api/stores/${store.id}/stats/low-stock`, { lowStockThreshold: 1001 });
    expect(badThreshold.status).toBe(400);
    expect(JSON.stringify(badThreshold.body)).toContain('La soglia di scorte basse');
    const threshold = await server.ctx.db.selectFrom('stores').select('low_stock_threshold').where('id', '=', store.id).executeTakeFirstOrThrow();
    expect(threshold.low_stock_threshold).toBe(3);
  });
});

describe('storefront visits', () => {
  const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
  const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
  const visit = (slug: string, ua: string) => client(server.url).post(`/api/public/stores/${slug}/visit`, undefined, { headers: { 'user-agent': ua } });

  it('counts unique visitors per day without cookies or anything personal, and forgets them the next day', async () => {
    const s = await newStore('Negozio Visitato');
    const first = await visit(s.slug, CHROME);
    expect(first.status).toBe(204);
    expect(first.headers.get('set-cookie')).toBeNull();
    await visit(s.slug, CHROME);
    await visit(s.slug, FIREFOX);
    await visit(s.slug, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    await visit(s.slug, 'Mozilla/5.0 (compatible; AhrefsSpider)');
    await visit(s.slug, '');
    expect((await visit('negozio-che-non-esiste', CHROME)).status).toBe(204);

    const home = await s.owner.get(`/api/stores/${s.id}/stats?period=today`);
    expect(home.body.stats.totals.visits).toBe(2);
    const { db } = server.ctx;
    const stored = JSON.stringify([
      await db.selectFrom('store_visitors').selectAll().where('store_id', '=', s.id).execute(),
      await db.selectFrom('store_daily_visits').selectAll().where('store_id', '=', s.id).execute(),
      await db.selectFrom('visit_salts').selectAll().execute(),
    ]);
    for (const personal of ['127.0.0.1', 'Chrome', 'Firefox', 'Mozilla']) expect(stored).not.toContain(personal);

    // An order today: conversion is orders over unique visits.
    const p = await insertProduct(server, s.id, { title: 'Quaderno', priceCents: 500, stock: 10 });
    expect((await checkout(s.slug, checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 500 }], { totalCents: 1099 }))).status).toBe(201);
    expect((await s.owner.get(`/api/stores/${s.id}/stats`)).body.stats.totals.conversionRate).toBe(0.5);

    const yesterday = dayOf(clock.iso());
    clock.advance(25 * HOUR);
    // The app's own job holds the lease; it lapsed long ago at this clock, so this instance takes it.
    expect(await visitorCleanupJob(server.ctx).runOnce()).toBeGreaterThanOrEqual(2);
    const left = await db.selectFrom('store_visitors').select('day').where('day', '<=', yesterday).execute();
    expect(left).toEqual([]);
    expect(await db.selectFrom('visit_salts').select('day').where('day', '<=', yesterday).execute()).toEqual([]);
    // The same browser today is a new visit; yesterday's count stays in the week's numbers.
    await visit(s.slug, CHROME);
    const week = await (await signIn(s.login)).get(`/api/stores/${s.id}/stats?period=7d`);
    expect(week.body.stats.totals.visits).toBe(3);
    expect(week.body.stats.series.filter((d: { visits: number }) => d.visits > 0).map((d: { visits: number }) => d.visits)).toEqual([2, 1]);
  });
});
