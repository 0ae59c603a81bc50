import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Catalogue (issue 4).
 * - Stock lives only in `inventory` (one row per sellable unit): the copies on products and
 *   variants are dropped so nothing can read a stale number (docs/decisions/0005-catalog.md).
 * - Indexes for the foreign keys that deleting a product or variant cascades through, so that
 *   removing one product (or a whole catalogue with sample data) never scans a whole table.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').dropColumn('stock').execute();
  await db.schema.alterTable('product_variants').dropColumn('stock').execute();

  await db.schema.createIndex('store_skus_product_idx').on('store_skus').column('product_id').execute();
  await db.schema.createIndex('store_skus_variant_idx').on('store_skus').column('variant_id').execute();
  await db.schema.createIndex('inventory_product_idx').on('inventory').column('product_id').execute();
  await db.schema.createIndex('product_images_variant_idx').on('product_images').column('variant_id').execute();
  await db.schema.createIndex('product_variants_store_idx').on('product_variants').column('store_id').execute();
  await db.schema.createIndex('order_items_product_idx').on('order_items').column('product_id').execute();
  await db.schema.createIndex('order_items_variant_idx').on('order_items').column('variant_id').execute();
}

export async function down(db: Db): Promise<void> {
  for (const name of [
    'order_items_variant_idx',
    'order_items_product_idx',
    'product_variants_store_idx',
    'product_images_variant_idx',
    'inventory_product_idx',
    'store_skus_variant_idx',
    'store_skus_product_idx',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
  await db.schema
    .alterTable('product_variants')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
