import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Withdrawal, returns and refunds (docs/decisions/0051-returns.md):
 * - `returns` and `return_items`: a withdrawal (the shopper's) or a return (the team's) and its lines;
 *   `request_key` is the key the shopper's form made once, so a replayed confirmation is refused.
 * - `refunds` and `refund_items`: each refund's amounts per line, shipping and adjustment; a Stripe
 *   refund is 'pending' until Stripe answers or its webhook comes.
 * - `orders.refunded_cents`: pending and done refunds, raised by a conditional update that never
 *   lets it pass `total_cents` (two refunds at once: one wins).
 * - `products.withdrawal_exclusion`: 'Escluso dal recesso' and why (null: not excluded).
 * - `store_return_settings`: Impostazioni → Resi (JSON).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('returns')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('customer_email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('refund_iban', 'text')
    .addColumn('request_key', 'text')
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('authorized_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('returns_store_number_key').unique().on('returns').columns(['store_id', 'number']).execute();
  await db.schema.createIndex('returns_store_request_key').unique().on('returns').columns(['store_id', 'request_key']).execute();
  await db.schema.createIndex('returns_store_status_idx').on('returns').columns(['store_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('returns_order_idx').on('returns').columns(['order_id']).execute();
  await db.schema
    .createTable('return_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('return_id', 'text', (c) => c.notNull().references('returns.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('restocked_quantity', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('return_items_return_idx').on('return_items').columns(['return_id']).execute();
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('return_id', 'text', (c) => c.references('returns.id').onDelete('set null'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('items_cents', 'integer', (c) => c.notNull())
    .addColumn('shipping_cents', 'integer', (c) => c.notNull())
    .addColumn('adjustment_cents', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('iban', 'text')
    .addColumn('note', 'text')
    .addColumn('stripe_refund_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure_reason', 'text')
    .addColumn('credit_note_id', 'text')
    .addColumn('created_by_user_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('succeeded_at', 'text')
    .execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').columns(['order_id', 'created_at']).execute();
  await db.schema.createIndex('refunds_stripe_idx').on('refunds').columns(['stripe_refund_id']).execute();
  await db.schema
    .createTable('refund_items')
    .addColumn('refund_id', 'text', (c) => c.notNull().references('refunds.id').onDelete('cascade'))
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_item_id', 'text', (c) => c.notNull().references('order_items.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('refund_items_pkey', ['refund_id', 'order_item_id'])
    .execute();
  await db.schema
    .createTable('store_return_settings')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('products').addColumn('withdrawal_exclusion', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('products').dropColumn('withdrawal_exclusion').execute();
  await db.schema.alterTable('orders').dropColumn('refunded_cents').execute();
  for (const t of ['store_return_settings', 'refund_items', 'refunds', 'return_items', 'returns']) await db.schema.dropTable(t).ifExists().execute();
}
