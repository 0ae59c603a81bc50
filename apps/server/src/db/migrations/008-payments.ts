import { sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Getting paid (docs/decisions/0016-payments.md):
 * - `store_payment_settings`: one row per store that changed its methods (no row: cash on delivery
 *   only). `settings` is JSON without secrets; Stripe's keys sit apart, encrypted (AES-256-GCM).
 * - `orders` gain the payment method, its status beside the order status, the method's surcharge,
 *   a snapshot of the instructions the shopper was given, the deadline after which an unpaid order
 *   is cancelled, the Stripe Checkout Session, and the token of the shopper's order page.
 * - `order_events`: the order's timeline (status and payment changes), shown on the order page.
 * - `stripe_events`: events already applied, so a webhook delivered twice changes nothing twice.
 * - `job_leases`: which instance runs a periodic job now, so it runs once across instances.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_payment_settings')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('stripe_secret_key', 'text')
    .addColumn('stripe_webhook_secret', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('orders')
    .addColumn('payment_method', 'text', (c) => c.notNull().defaultTo('cod'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('payment_status', 'text', (c) => c.notNull().defaultTo('unpaid'))
    .execute();
  await db.schema
    .alterTable('orders')
    .addColumn('surcharge_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('payment_details', 'text').execute();
  await db.schema.alterTable('orders').addColumn('payment_due_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('paid_at', 'text').execute();
  await db.schema.alterTable('orders').addColumn('stripe_session_id', 'text').execute();
  await db.schema.alterTable('orders').addColumn('public_token', 'text').execute();
  await db.schema.createIndex('orders_public_token_uq').unique().on('orders').column('public_token').execute();
  await db.schema.createIndex('orders_payment_idx').on('orders').columns(['store_id', 'payment_status', 'created_at']).execute();
  // The expiry job's scan: only unpaid orders with a deadline are in this index.
  await db.schema.createIndex('orders_payment_due_idx').on('orders').column('payment_due_at').where(sql.ref('payment_status'), '=', 'unpaid').execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('stripe_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const t of ['job_leases', 'stripe_events', 'order_events', 'store_payment_settings']) await db.schema.dropTable(t).ifExists().execute();
  await db.schema.dropIndex('orders_payment_due_idx').ifExists().execute();
  await db.schema.dropIndex('orders_payment_idx').ifExists().execute();
  await db.schema.dropIndex('orders_public_token_uq').ifExists().execute();
  for (const c of [
    'public_token',
    'stripe_session_id',
    'paid_at',
    'payment_due_at',
    'payment_details',
    'surcharge_cents',
    'payment_status',
    'payment_method',
  ]) {
    await db.schema.alterTable('orders').dropColumn(c).execute();
  }
}
