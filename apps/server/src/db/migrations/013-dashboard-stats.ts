import { sql, type Kysely } from 'kysely';
import { romeDay } from '@vetrina/shared/shop-day';

type Db = Kysely<any>;

/**
 * The dashboard home's numbers (docs/decisions/0023-dashboard-numbers.md):
 * - `store_daily_stats`: per store and Rome calendar day, the orders placed that day and not
 *   cancelled, their revenue and units, and the revenue of those paid. Kept in the order's own
 *   transaction by modules/stats, never recounted.
 * - `store_daily_product_stats`: the same per product (units and line revenue): the top five.
 * - `store_daily_visits`: unique storefront visitors per store and day (apart from the orders'
 *   row, so a busy storefront's visits never wait on a checkout's lock).
 * - `store_visitors`: today's salted visitor hashes, only to count a visitor once a day; deleted
 *   with their day's salt (`visit_salts`) the next day.
 * - `stores.low_stock_threshold`: what "low on stock" means for the store (default 3).
 * Orders placed before this migration are counted once, here.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_daily_stats')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_daily_stats_pk', ['store_id', 'day'])
    .execute();
  await db.schema
    .createTable('store_daily_product_stats')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    // No foreign key: the sales of a product deleted later stay counted in the day's totals.
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('units', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_daily_product_stats_pk', ['store_id', 'day', 'product_id'])
    .execute();
  await db.schema
    .createTable('store_daily_visits')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitors', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_daily_visits_pk', ['store_id', 'day'])
    .execute();
  await db.schema
    .createTable('store_visitors')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('visitor_hash', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('store_visitors_pk', ['store_id', 'day', 'visitor_hash'])
    .execute();
  await db.schema.createIndex('store_visitors_day_idx').on('store_visitors').column('day').execute();
  await db.schema
    .createTable('visit_salts')
    .addColumn('day', 'text', (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('stores')
    .addColumn('low_stock_threshold', 'integer', (c) => c.notNull().defaultTo(3))
    .execute();
  // The low-stock list: a range on (store, available) instead of every unit of the store.
  await sql`create index inventory_store_available_idx on inventory (store_id, (qty - reserved))`.execute(db);
  await backfill(db);
}

const dayOf = (iso: string) => romeDay(iso);

/** Counts the orders that exist already, as the order transactions count the new ones. */
async function backfill(db: Db): Promise<void> {
  const days = new Map<string, { store_id: string; day: string; orders: number; revenue_cents: number; paid_cents: number; units: number }>();
  const orders = await db
    .selectFrom('orders as o')
    .select([
      'o.store_id',
      'o.created_at',
      'o.status',
      'o.payment_status',
      'o.total_cents',
      sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = o.id)`.as('units'),
    ])
    .execute();
  for (const o of orders) {
    const day = dayOf(o.created_at);
    const key = `${o.store_id}|${day}`;
    const row = days.get(key) ?? { store_id: o.store_id, day, orders: 0, revenue_cents: 0, paid_cents: 0, units: 0 };
    if (o.status !== 'cancelled') {
      row.orders += 1;
      row.revenue_cents += Number(o.total_cents);
      row.units += Number(o.units);
    }
    if (o.payment_status === 'paid') row.paid_cents += Number(o.total_cents);
    days.set(key, row);
  }
  const products = new Map<string, { store_id: string; day: string; product_id: string; units: number; revenue_cents: number }>();
  const items = await db
    .selectFrom('order_items as oi')
    .innerJoin('orders as o', 'o.id', 'oi.order_id')
    .select(['o.store_id', 'o.created_at', 'oi.product_id', 'oi.quantity', 'oi.total_price_cents'])
    .where('o.status', '!=', 'cancelled')
    .where('oi.product_id', 'is not', null)
    .execute();
  for (const i of items) {
    const day = dayOf(i.created_at);
    const key = `${i.store_id}|${day}|${i.product_id}`;
    const row = products.get(key) ?? { store_id: i.store_id, day, product_id: i.product_id, units: 0, revenue_cents: 0 };
    row.units += Number(i.quantity);
    row.revenue_cents += Number(i.total_price_cents);
    products.set(key, row);
  }
  const chunks = <T>(rows: T[]) => Array.from({ length: Math.ceil(rows.length / 200) }, (_, i) => rows.slice(i * 200, i * 200 + 200));
  for (const chunk of chunks([...days.values()])) await db.insertInto('store_daily_stats').values(chunk).execute();
  for (const chunk of chunks([...products.values()])) await db.insertInto('store_daily_product_stats').values(chunk).execute();
}

export async function down(db: Db): Promise<void> {
  await sql`drop index if exists inventory_store_available_idx`.execute(db);
  await db.schema.alterTable('stores').dropColumn('low_stock_threshold').execute();
  for (const t of ['visit_salts', 'store_visitors', 'store_daily_visits', 'store_daily_product_stats', 'store_daily_stats'])
    await db.schema.dropTable(t).ifExists().execute();
}
