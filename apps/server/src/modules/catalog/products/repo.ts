import type { Insertable, Updateable } from 'kysely';
import { catalogMsg } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { ProductImagesTable, ProductsTable } from '../../../db/schema.js';
import { clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { IMAGE_FILE_COLUMNS } from '../images/files.js';

/** The product row's columns a list or a detail shows, with its category. */
const PRODUCT_COLUMNS = [
  'p.id',
  'p.slug',
  'p.title',
  'p.description',
  'p.price_cents',
  'p.compare_at_cents',
  'p.sku',
  'p.status',
  'p.created_at',
  'p.updated_at',
  'c.id as category_id',
  'c.name as category_name',
  'c.slug as category_slug',
] as const;

const withCategory = (db: Db) => db.selectFrom('products as p').leftJoin('categories as c', 'c.id', 'p.category_id');

/**
 * Locks the product row for the rest of the transaction (PostgreSQL row lock; SQLite writes are
 * serialised anyway), so variant changes on one product never interleave. 404 if not this store's.
 */
export async function lockProduct(trx: Db, storeId: string, productId: string) {
  const res = await trx.updateTable('products').set({ updated_at: clock.iso() }).where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(catalogMsg.productNotFound);
  return trx
    .selectFrom('products')
    .select(['id', 'title', 'price_cents', 'compare_at_cents', 'sku', 'slug'])
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
}

/** The only SQL of the `products` rows (and the product's gallery and own unit as a detail reads them). */
export function productsRepo(db: Db) {
  return {
    insert: (row: Insertable<ProductsTable>) => db.insertInto('products').values(row).execute(),

    update: (productId: string, patch: Updateable<ProductsTable>) => db.updateTable('products').set(patch).where('id', '=', productId).execute(),

    delete: (storeId: string, productId: string) => db.deleteFrom('products').where('id', '=', productId).where('store_id', '=', storeId).execute(),

    /** Whether the product is the store's. */
    async exists(storeId: string, productId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('products').select('id').where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst());
    },

    /** The whole row (the duplicate copies it). */
    row: (storeId: string, productId: string) =>
      db.selectFrom('products').selectAll().where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst(),

    /** The lowest price difference of the product's variants, null without variants. */
    async lowestVariantDelta(productId: string): Promise<number | null> {
      const r = await db
        .selectFrom('product_variants')
        .select((eb) => eb.fn.min<number>('price_delta_cents').as('d'))
        .where('product_id', '=', productId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return r?.d === null || r?.d === undefined ? null : Number(r.d);
    },

    /** Whether at `priceCents` a variant would reach its own 'Prezzo pieno'. */
    async variantCompareAtReached(productId: string, priceCents: number): Promise<boolean> {
      const hit = await db
        .selectFrom('product_variants')
        .select('id')
        .where('product_id', '=', productId)
        .where('archived_at', 'is', null)
        .where('compare_at_cents', 'is not', null)
        .where((eb) => eb('compare_at_cents', '<=', eb('price_delta_cents', '+', priceCents)))
        .limit(1)
        .executeTakeFirst();
      return hit !== undefined;
    },

    /** The product's stored options ('Opzioni'), as JSON text. */
    async variantOptions(productId: string): Promise<string> {
      return (await db.selectFrom('products').select('variant_options').where('id', '=', productId).executeTakeFirst())?.variant_options ?? '[]';
    },

    /** The files of every picture of the product (gallery and variants'). */
    imageFiles: (productId: string) => db.selectFrom('product_images').select(IMAGE_FILE_COLUMNS).where('product_id', '=', productId).execute(),

    /** Every picture row of the product, gallery first (the duplicate copies them). */
    images: (productId: string) => db.selectFrom('product_images').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').execute(),

    /** Picture rows copied for another product (attached to it afterwards). */
    async insertImages(rows: Insertable<ProductImagesTable>[]): Promise<void> {
      if (rows.length) await db.insertInto('product_images').values(rows).execute();
    },

    /** Whether another product of the store has this slug. */
    async slugTaken(storeId: string, slug: string, exceptProductId?: string): Promise<boolean> {
      let q = db.selectFrom('products').select('id').where('store_id', '=', storeId).where('slug', '=', slug);
      if (exceptProductId) q = q.where('id', '!=', exceptProductId);
      return Boolean(await q.executeTakeFirst());
    },

    /** The slugs among `candidates` that products of the store have. */
    async takenSlugs(storeId: string, candidates: string[]): Promise<Set<string>> {
      const rows = await db.selectFrom('products').select('slug').where('store_id', '=', storeId).where('slug', 'in', candidates).execute();
      return new Set(rows.map((r) => r.slug));
    },

    /** Touches the store's products among `ids` (locking them) and says how many there were. */
    async lockMany(storeId: string, ids: string[]): Promise<number> {
      const res = await db.updateTable('products').set({ updated_at: clock.iso() }).where('store_id', '=', storeId).where('id', 'in', ids).executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    updateMany: (storeId: string, ids: string[], patch: Updateable<ProductsTable>) =>
      db.updateTable('products').set(patch).where('store_id', '=', storeId).where('id', 'in', ids).execute(),

    /** One product of the store with its category, as the detail shows it. */
    detail: (storeId: string, productId: string) =>
      withCategory(db)
        .where('p.store_id', '=', storeId)
        .select([...PRODUCT_COLUMNS, 'p.vat_code', 'p.withdrawal_exclusion', 'p.variant_options'])
        .where('p.id', '=', productId)
        .executeTakeFirst(),

    /** The product's gallery, cover first. */
    gallery: (productId: string) =>
      db
        .selectFrom('product_images')
        .select(['id', 'url', 'thumb_url'])
        .where('product_id', '=', productId)
        .where('variant_id', 'is', null)
        .orderBy('position')
        .execute(),

    /** The product's own stock record (none once it has variants). */
    ownUnit: (productId: string) =>
      db.selectFrom('inventory').select(['id', 'qty', 'reserved']).where('product_id', '=', productId).where('variant_id', 'is', null).executeTakeFirst(),

    /** A page's rows by primary key only (the store in the WHERE makes SQLite walk the store's index): the caller checks the store. */
    async listRows(ids: string[]) {
      if (!ids.length) return [];
      return withCategory(db)
        .select([...PRODUCT_COLUMNS, 'p.store_id'])
        .where('p.id', 'in', ids)
        .execute();
    },

    /** Covers (position 0 of each gallery) of a page of products. */
    async covers(productIds: string[]) {
      if (!productIds.length) return [];
      return db
        .selectFrom('product_images')
        .select(['id', 'product_id', 'url', 'thumb_url'])
        .where('product_id', 'in', productIds)
        .where('variant_id', 'is', null)
        .where('position', '=', 0)
        .execute();
    },

    /** The store's 'Scorte basse' threshold (the home's setting, a column of the store). */
    async lowStockThreshold(storeId: string): Promise<number> {
      return (await db.selectFrom('stores').select('low_stock_threshold').where('id', '=', storeId).executeTakeFirstOrThrow()).low_stock_threshold;
    },

    /** Units (variants counted) and stock per product of a page. */
    async unitTotals(productIds: string[]) {
      if (!productIds.length) return [];
      return db
        .selectFrom('inventory')
        .select((eb) => ['product_id', eb.fn.count<number>('variant_id').as('variants'), eb.fn.sum<number>('qty').as('stock')])
        .where('product_id', 'in', productIds)
        .groupBy('product_id')
        .execute();
    },
  };
}
export type ProductsRepo = ReturnType<typeof productsRepo>;
