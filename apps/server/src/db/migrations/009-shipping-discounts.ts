import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Shipping rates and discount codes (docs/decisions/0021-shipping-discounts.md):
 * - `store_shipping_settings`: one row per store that changed its rates (no row: Italy at 5,99 €).
 * - `discount_codes`: a store's codes; `uses` is the counter the order transaction raises with a
 *   conditional update, so concurrent orders never use a code more times than allowed.
 * - `discount_redemptions`: which order used which code with which e-mail (uses per e-mail).
 * - `orders` keep the discount as placed (code, kind, value, amount) and when the shopper accepted
 *   the terms.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('store_shipping_settings')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('min_order_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_email', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_codes_store_code_uq').unique().on('discount_codes').columns(['store_id', 'code']).execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('discount_id', 'text', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discount_redemptions_email_idx').on('discount_redemptions').columns(['discount_id', 'email']).execute();
  await db.schema.createIndex('discount_redemptions_order_idx').on('discount_redemptions').column('order_id').execute();

  await db.schema.alterTable('orders').addColumn('discount_code', 'text').execute();
  await db.schema.alterTable('orders').addColumn('discount_kind', 'text').execute();
  await db.schema.alterTable('orders').addColumn('discount_value', 'integer').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('terms_accepted_at', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  for (const c of ['terms_accepted_at', 'discount_cents', 'discount_value', 'discount_kind', 'discount_code']) {
    await db.schema.alterTable('orders').dropColumn(c).execute();
  }
  for (const t of ['discount_redemptions', 'discount_codes', 'store_shipping_settings']) await db.schema.dropTable(t).ifExists().execute();
}
