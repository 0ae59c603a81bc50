import { byCodeUnits } from '@vetrina/shared/italian-format';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import { executorOf, writeIn, type WriteScope } from '../../db/write-scope.js';
import { availableUnitsSql } from '../inventory/repo.js';

export interface DayDelta {
  orders: number;
  revenue_cents: number;
  paid_cents: number;
  units: number;
}
export interface ProductDelta {
  product_id: string;
  units: number;
  revenue_cents: number;
}

/** The two upserts every order makes, compiled once (a one-line order's product row included). */
const addDayRow = prepared(
  (db: Db, a: { storeId: string; day: string; shard: number; orders: number; revenue_cents: number; paid_cents: number; units: number }) =>
    db
      .insertInto('store_daily_stats')
      .values({ store_id: a.storeId, day: a.day, shard: a.shard, orders: a.orders, revenue_cents: a.revenue_cents, paid_cents: a.paid_cents, units: a.units })
      .onConflict((oc) =>
        oc.columns(['store_id', 'day', 'shard']).doUpdateSet({
          orders: sql`store_daily_stats.orders + excluded.orders`,
          revenue_cents: sql`store_daily_stats.revenue_cents + excluded.revenue_cents`,
          paid_cents: sql`store_daily_stats.paid_cents + excluded.paid_cents`,
          units: sql`store_daily_stats.units + excluded.units`,
        }),
      ),
);
const PRODUCT_ROW_UPDATE = {
  units: sql<number>`store_daily_product_stats.units + excluded.units`,
  revenue_cents: sql<number>`store_daily_product_stats.revenue_cents + excluded.revenue_cents`,
};
const addProductRow = prepared((db: Db, a: { storeId: string; day: string; product_id: string; units: number; revenue_cents: number }) =>
  db
    .insertInto('store_daily_product_stats')
    .values({ store_id: a.storeId, day: a.day, product_id: a.product_id, units: a.units, revenue_cents: a.revenue_cents })
    .onConflict((oc) => oc.columns(['store_id', 'day', 'product_id']).doUpdateSet(PRODUCT_ROW_UPDATE)),
);

const LOW_STOCK_LIST = 8;
const available = availableUnitsSql('i');

/**
 * The only SQL of the home's numbers: the daily aggregate rows (atomic `x = x + n` upserts, right
 * on both engines under concurrent orders), visits, and the reads the home makes of orders,
 * inventory and settings. Reads of other domains' tables are counts and lists, never writes.
 */
export const statsRepo = {
  /**
   * Adds a delta to one shard row of the store's day (created by the first order of the day to
   * land on it; the day is the sum of its shards: see `days`) and to the day's rows of the order's
   * products, one row each, in product id order (a fixed lock order). One statement on PostgreSQL
   * (`runTogether`), the same text for every order of that shape, so its rows are always locked
   * in the same order.
   */
  async addToDay(scope: WriteScope, storeId: string, day: string, shard: number, d: DayDelta, products: ProductDelta[]): Promise<void> {
    const trx = executorOf(scope);
    const sorted = [...products].sort((a, b) => byCodeUnits(a.product_id, b.product_id));
    const productRows =
      sorted.length === 0
        ? []
        : sorted.length === 1
          ? [addProductRow.compile(trx, { storeId, day, ...sorted[0]! })]
          : [
              trx
                .insertInto('store_daily_product_stats')
                .values(sorted.map((r) => ({ store_id: storeId, day, ...r })))
                .onConflict((oc) => oc.columns(['store_id', 'day', 'product_id']).doUpdateSet(PRODUCT_ROW_UPDATE))
                .compile(),
            ];
    await writeIn(scope, [addDayRow.compile(trx, { storeId, day, shard, ...d }), ...productRows]);
  },

  /** An order's lines as the numbers count them. */
  orderLines(trx: Db, orderId: string) {
    return trx.selectFrom('order_items').select(['product_id', 'quantity', 'total_price_cents']).where('order_id', '=', orderId).execute();
  },

  /** What the order's succeeded refunds returned (the returns module writes them). */
  async refundedCents(trx: Db, orderId: string): Promise<number> {
    const r = await trx
      .selectFrom('refunds')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('cents'))
      .where('order_id', '=', orderId)
      .where('status', '=', 'succeeded')
      .executeTakeFirst();
    return Number(r?.cents ?? 0);
  },

  /** Where the order stands now. */
  async standing(trx: Db, orderId: string) {
    const o = await trx.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirst();
    return o ? { status: o.status, paymentStatus: o.payment_status } : undefined;
  },

  days(db: Db, storeId: string, from: string, to: string) {
    return db
      .selectFrom('store_daily_stats')
      .select([
        'day',
        (eb) => eb.fn.sum<number>('orders').as('orders'),
        (eb) => eb.fn.sum<number>('revenue_cents').as('revenue_cents'),
        (eb) => eb.fn.sum<number>('paid_cents').as('paid_cents'),
        (eb) => eb.fn.sum<number>('units').as('units'),
      ])
      .where('store_id', '=', storeId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .groupBy('day')
      .execute();
  },

  visits(db: Db, storeId: string, from: string, to: string) {
    return db
      .selectFrom('store_daily_visits')
      .select(['day', 'visitors'])
      .where('store_id', '=', storeId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
  },

  /** The five products with the most units sold in the period (products deleted since are left out). */
  async topProducts(db: Db, storeId: string, from: string, to: string) {
    const rows = await db
      .selectFrom('store_daily_product_stats as s')
      .innerJoin('products as p', 'p.id', 's.product_id')
      .select(['s.product_id', 'p.title', (eb) => eb.fn.sum<number>('s.units').as('units'), (eb) => eb.fn.sum<number>('s.revenue_cents').as('revenue')])
      .where('s.store_id', '=', storeId)
      .where('s.day', '>=', from)
      .where('s.day', '<=', to)
      .groupBy(['s.product_id', 'p.title'])
      .having((eb) => eb.fn.sum('s.units'), '>', 0)
      .orderBy('units', 'desc')
      .orderBy('revenue', 'desc')
      .orderBy('p.title')
      .limit(5)
      .execute();
    return rows.map((r) => ({ productId: r.product_id, title: r.title, units: Number(r.units), revenueCents: Number(r.revenue) }));
  },

  /** Orders waiting for the team (indexed counts, the same filters as the orders page's links). */
  async toHandle(db: Db, storeId: string) {
    const [pending, unpaid] = await Promise.all([
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('status', '=', 'pending')
        .executeTakeFirst(),
      db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('payment_status', '=', 'unpaid')
        .executeTakeFirst(),
    ]);
    return { pending: Number(pending?.n ?? 0), unpaid: Number(unpaid?.n ?? 0) };
  },

  /** Sellable units of active products with at most `threshold` available, fewest first. */
  async lowStock(db: Db, storeId: string, threshold: number) {
    const base = db
      .selectFrom('inventory as i')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .where('i.store_id', '=', storeId)
      .where(available, '<=', threshold)
      .where('p.status', '=', 'active');
    const [rows, total] = await Promise.all([
      base
        .leftJoin('product_variants as v', 'v.id', 'i.variant_id')
        .select(['i.id', 'i.product_id', 'p.title', 'v.label', available.as('available')])
        .orderBy(available)
        .orderBy('p.title')
        .orderBy('i.id')
        .limit(LOW_STOCK_LIST)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return {
      total: Number(total?.n ?? 0),
      items: rows.map((r) => ({ inventoryId: r.id, productId: r.product_id, title: r.title, variantLabel: r.label, available: Number(r.available) })),
    };
  },

  async threshold(db: Db, storeId: string): Promise<number> {
    const s = await db.selectFrom('stores').select('low_stock_threshold').where('id', '=', storeId).executeTakeFirstOrThrow();
    return s.low_stock_threshold;
  },

  /** The day's salt: the first instance to ask makes it, every other one reads the same. */
  async saltOf(db: Db, day: string, fresh: string): Promise<string> {
    await db
      .insertInto('visit_salts')
      .values({ day, salt: fresh })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    const row = await db.selectFrom('visit_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    return row.salt;
  },

  /**
   * Counts a visitor once a day: true when this hash was new today and its address had added fewer
   * than `perAddress` visitors to the store today. A visitor over the cap is still remembered, so
   * its next page loads cost one lookup and count nothing either.
   */
  async countVisitor(db: Db, v: { storeId: string; day: string; hash: string; addressHash: string; perAddress: number }): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const r = await trx
        .insertInto('store_visitors')
        .values({ store_id: v.storeId, day: v.day, visitor_hash: v.hash })
        .onConflict((oc) => oc.columns(['store_id', 'day', 'visitor_hash']).doNothing())
        .executeTakeFirst();
      if (Number(r.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
      // One atomic upsert: two instances counting the same address never pass the cap together.
      const a = await trx
        .insertInto('store_visitor_addresses')
        .values({ store_id: v.storeId, day: v.day, address_hash: v.addressHash, visitors: 1 })
        .onConflict((oc) =>
          oc
            .columns(['store_id', 'day', 'address_hash'])
            .doUpdateSet({ visitors: sql`store_visitor_addresses.visitors + 1` })
            .where('store_visitor_addresses.visitors', '<', v.perAddress),
        )
        .executeTakeFirst();
      if (Number(a.numInsertedOrUpdatedRows ?? 0n) !== 1) return false;
      await trx
        .insertInto('store_daily_visits')
        .values({ store_id: v.storeId, day: v.day, visitors: 1 })
        .onConflict((oc) => oc.columns(['store_id', 'day']).doUpdateSet({ visitors: sql`store_daily_visits.visitors + 1` }))
        .execute();
      return true;
    });
  },

  /** Drops the hashes and salts of days before `today`: once the salt is gone a hash leads nowhere. */
  async forgetVisitorsBefore(db: Db, today: string): Promise<number> {
    const r = await db.deleteFrom('store_visitors').where('day', '<', today).executeTakeFirst();
    await db.deleteFrom('store_visitor_addresses').where('day', '<', today).execute();
    await db.deleteFrom('visit_salts').where('day', '<', today).execute();
    return Number(r.numDeletedRows);
  },
};
