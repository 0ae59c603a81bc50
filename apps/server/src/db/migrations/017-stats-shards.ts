import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * The store's day row split into shards (docs/decisions/0023-dashboard-numbers.md): each order adds to
 * one of a few rows of its day, chosen by its id, and the home sums them. On PostgreSQL one row per
 * store and day was locked by every checkout of the store from its update to its commit, so the
 * store's checkouts queued on it (measured: 232 → 140 orders/s on two instances). SQLite keeps the
 * same shape (one writer at a time there anyway). Existing rows become shard 0.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_daily_stats_sharded')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_daily_stats_shard_pk', ['store_id', 'day', 'shard'])
    .execute();
  await sql`insert into store_daily_stats_sharded (store_id, day, shard, orders, revenue_cents, paid_cents, units)
            select store_id, day, 0, orders, revenue_cents, paid_cents, units from store_daily_stats`.execute(db);
  await db.schema.dropTable('store_daily_stats').execute();
  await db.schema.alterTable('store_daily_stats_sharded').renameTo('store_daily_stats').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema
    .createTable('store_daily_stats_single')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revenue_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('units', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('store_daily_stats_pk', ['store_id', 'day'])
    .execute();
  await sql`insert into store_daily_stats_single (store_id, day, orders, revenue_cents, paid_cents, units)
            select store_id, day, sum(orders), sum(revenue_cents), sum(paid_cents), sum(units) from store_daily_stats group by store_id, day`.execute(db);
  await db.schema.dropTable('store_daily_stats').execute();
  await db.schema.alterTable('store_daily_stats_single').renameTo('store_daily_stats').execute();
}
