import type { Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * Sale prices (docs/decisions/0020-sale-prices.md): a 'Prezzo pieno' shown struck beside the price.
 * - `products.compare_at_cents`: the product's (null: not on sale).
 * - `product_variants.compare_at_cents`: a variant's own, as a full price in cents (null: the
 *   product's plus the variant's price difference).
 * Display only: what a shopper pays stays `price_cents` plus the difference.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('products').addColumn('compare_at_cents', 'integer').execute();
  await db.schema.alterTable('product_variants').addColumn('compare_at_cents', 'integer').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('product_variants').dropColumn('compare_at_cents').execute();
  await db.schema.alterTable('products').dropColumn('compare_at_cents').execute();
}
