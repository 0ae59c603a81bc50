import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * VAT and invoices (docs/decisions/0030-invoices.md):
 * - `products.vat_code`: the product's own VAT code; null uses the store's.
 * - `order_items` and `orders` keep the VAT computed at checkout (per line and in total;
 *   `orders.vat_breakdown` holds the discount, shipping and surcharge lines and the summary per
 *   code as JSON) and the shopper's 'Richiedi fattura' (`invoice_request`, JSON).
 *   `orders.invoice_id` is the order's current invoice: issuing sets it only while it is null, so
 *   an order never gets two live invoices, whatever races.
 * - `store_invoice_settings`: default VAT code, fiscal regime, the seat's address as FatturaPA
 *   needs it, automatic issuing.
 * - `invoice_counters`: the next number per store and year, taken in the invoice's own
 *   transaction: no gaps, no duplicates (the unique key on `invoices` backs it).
 * - `invoices`: invoices and credit notes, written once: the snapshot (JSON) and the XML.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').addColumn('vat_code', 'text').execute();

  await db.schema.alterTable('order_items').addColumn('vat_code', 'text').execute();
  await db.schema.alterTable('order_items').addColumn('taxable_cents', 'integer').execute();
  await db.schema.alterTable('order_items').addColumn('vat_cents', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('taxable_cents', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('vat_cents', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('vat_breakdown', 'text').execute();
  await db.schema.alterTable('orders').addColumn('invoice_request', 'text').execute();
  await db.schema.alterTable('orders').addColumn('invoice_id', 'text').execute();

  await db.schema
    .createTable('store_invoice_settings')
    .addColumn('store_id', 'text', (c) => c.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('default_vat_code', 'text', (c) => c.notNull().defaultTo('22'))
    .addColumn('fiscal_regime', 'text', (c) => c.notNull().defaultTo('RF01'))
    .addColumn('street', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('province', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('auto_issue', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoice_counters')
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('invoice_counters_pk', ['store_id', 'year'])
    .execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('store_id', 'text', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('refers_to_id', 'text', (c) => c.references('invoices.id'))
    .addColumn('buyer_name', 'text', (c) => c.notNull())
    .addColumn('taxable_cents', 'integer', (c) => c.notNull())
    .addColumn('vat_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('xml', 'text', (c) => c.notNull())
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('invoices_store_number_uq', ['store_id', 'year', 'seq'])
    // One credit note per invoice: it cancels the whole invoice.
    .addUniqueConstraint('invoices_refers_to_uq', ['refers_to_id'])
    .execute();
  await db.schema.createIndex('invoices_store_date_idx').on('invoices').columns(['store_id', 'date']).execute();
  await db.schema.createIndex('invoices_order_idx').on('invoices').column('order_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('invoices').ifExists().execute();
  await db.schema.dropTable('invoice_counters').ifExists().execute();
  await db.schema.dropTable('store_invoice_settings').ifExists().execute();
  for (const c of ['invoice_id', 'invoice_request', 'vat_breakdown', 'vat_cents', 'taxable_cents']) {
    await db.schema.alterTable('orders').dropColumn(c).execute();
  }
  for (const c of ['vat_cents', 'taxable_cents', 'vat_code']) {
    await db.schema.alterTable('order_items').dropColumn(c).execute();
  }
  await db.schema.alterTable('products').dropColumn('vat_code').execute();
}
