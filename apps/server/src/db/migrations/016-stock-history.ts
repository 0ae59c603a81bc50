import { PostgresAdapter, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * The inventory page's 'Storico' (docs/decisions/0029-stock-history.md): one row per change of a
 * sellable unit's counters, written by modules/inventory in the change's own transaction.
 * - `qty_change` / `reserved_change`: the differences; `qty_after` / `reserved_after`: the unit
 *   as the change left it (so a page of history needs no running sum).
 * - `order_id` (no foreign key: the checkout reserves before it inserts the order, and a unit's
 *   history outlives nothing but its unit), `actor_user_id` (the member who did it; none for a
 *   shopper or a job).
 * - Rows hang off their unit: deleting a product or variant, or the store, takes them along. The
 *   unit's index leads with `inventory_id` so that cascade never scans the table.
 */
export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('stock_movements')
    // A serial id breaks ties between changes of one unit in the same millisecond (a unit's changes are serialised by its row lock).
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('inventory_id', 'text', (c) => c.notNull().references('inventory.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('variant_id', 'text')
    .addColumn('qty_change', 'integer', (c) => c.notNull())
    .addColumn('reserved_change', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('qty_after', 'integer', (c) => c.notNull())
    .addColumn('reserved_after', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('actor_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // One unit's history, newest first (and the cascade from inventory).
  await db.schema.createIndex('stock_movements_unit_idx').on('stock_movements').columns(['inventory_id', 'created_at']).execute();
  // A store's movements by time (and the cascade from stores).
  await db.schema.createIndex('stock_movements_store_time_idx').on('stock_movements').columns(['store_id', 'created_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('stock_movements').ifExists().execute();
}
