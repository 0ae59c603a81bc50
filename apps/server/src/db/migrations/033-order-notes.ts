import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * The order page (docs/decisions/0043-order-page.md):
 * - `order_notes`: the team's 'Note interne' on an order, never shown to the shopper.
 * - `order_events.actor_user_id`: the member who made a change (null: the shopper or the system).
 * - `invoices.issued_by_user_id`: the member who issued the document (null: issued automatically).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('order_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('author_user_id', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_notes_order_idx').on('order_notes').columns(['order_id', 'created_at']).execute();
  await db.schema.alterTable('order_events').addColumn('actor_user_id', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('issued_by_user_id', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('issued_by_user_id').execute();
  await db.schema.alterTable('order_events').dropColumn('actor_user_id').execute();
  await db.schema.dropTable('order_notes').ifExists().execute();
}
