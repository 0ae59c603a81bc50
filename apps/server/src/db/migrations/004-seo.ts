import type { Kysely } from 'kysely';
import { numberedSlug, productSlugFromTitle } from '@vetrina/shared';

type Db = Kysely<any>;

/**
 * Storefronts as real pages (server-rendered, indexed by search engines).
 * - `products.slug`: the product's readable address in its store (/store/{store}/products/{slug}),
 *   unique per store. Existing products get one from their title, oldest first, so the first
 *   product of a title keeps the plain slug and later ones get -2, -3…
 * - `product_images.width`/`height` of the stored full picture (pages reserve the space) and
 *   `srcset`: the smaller WebP copies stored beside it, `[{ key, url, width }]` ascending
 *   ('[]' for pictures stored before copies existed).
 */
export async function up(db: Db): Promise<void> {
  // NOT NULL from the start with a placeholder default (SQLite cannot add the constraint later);
  // every row gets its real slug below, before the unique index exists.
  await db.schema
    .alterTable('products')
    .addColumn('slug', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('product_images').addColumn('width', 'integer').execute();
  await db.schema.alterTable('product_images').addColumn('height', 'integer').execute();
  await db.schema
    .alterTable('product_images')
    .addColumn('srcset', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();

  // One store at a time, so memory holds one catalogue's titles, never the whole table.
  const stores = await db.selectFrom('products').select('store_id').distinct().execute();
  for (const { store_id: storeId } of stores as Array<{ store_id: string }>) {
    const products = (await db
      .selectFrom('products')
      .select(['id', 'title'])
      .where('store_id', '=', storeId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as Array<{ id: string; title: string }>;
    const used = new Set<string>();
    for (const p of products) {
      const base = productSlugFromTitle(p.title);
      let n = 1;
      while (used.has(numberedSlug(base, n))) n++;
      const slug = numberedSlug(base, n);
      used.add(slug);
      await db.updateTable('products').set({ slug }).where('id', '=', p.id).execute();
    }
  }
  await db.schema.createIndex('products_store_slug_uq').on('products').columns(['store_id', 'slug']).unique().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('products_store_slug_uq').ifExists().execute();
  await db.schema.alterTable('product_images').dropColumn('srcset').execute();
  await db.schema.alterTable('product_images').dropColumn('height').execute();
  await db.schema.alterTable('product_images').dropColumn('width').execute();
  await db.schema.alterTable('products').dropColumn('slug').execute();
}
