import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Shipping an order (docs/decisions/0019-fulfilment.md): `order_shipments`, one row per order the team
 * shipped or delivered, beside the order rather than in it. The carrier and tracking number, the
 * link given for 'Altro' (other carriers' links are built from their pattern, never stored), and
 * when the order last became shipped and delivered.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('order_shipments')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('carrier', 'text')
    .addColumn('tracking_number', 'text')
    .addColumn('tracking_url', 'text')
    .addColumn('shipped_at', 'text')
    .addColumn('delivered_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_shipments_store_idx').on('order_shipments').column('store_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('order_shipments').ifExists().execute();
}
