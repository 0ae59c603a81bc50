import { catalogMsg, type ProductData, type ProductDetail } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { assertCategoryOf } from './categories.js';
import { IMAGE_FILE_COLUMNS, keysOf, removeFiles } from './image-files.js';
import { setProductGallery } from './images.js';
import { stockUnits, type StockSource } from '../inventory/service.js';
import { writeOptionVariants } from './option-variants.js';
import { getProduct } from './product-queries.js';
import { guardSku, skuRegistry } from './skus/service.js';
import { guardSlug, slugAfterEdit, slugForNewProduct } from './slugs.js';
import { refreshStale } from '../search/repo.js';

/**
 * Locks the product row for the rest of the transaction (PostgreSQL row lock; SQLite writes are
 * serialised anyway), so variant changes on one product never interleave. 404 if not this store's.
 */
export async function lockProduct(trx: Db, storeId: string, productId: string) {
  const now = clock.iso();
  const res = await trx.updateTable('products').set({ updated_at: now }).where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw notFound(catalogMsg.productNotFound);
  return trx.selectFrom('products').select(['id', 'price_cents', 'sku', 'slug']).where('id', '=', productId).executeTakeFirstOrThrow();
}

/** The lowest variant price difference, to keep every variant's final price at 0 or more. */
async function lowestDelta(trx: Db, productId: string): Promise<number | null> {
  const r = await trx
    .selectFrom('product_variants')
    .select((eb) => eb.fn.min<number>('price_delta_cents').as('d'))
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  return r?.d === null || r?.d === undefined ? null : Number(r.d);
}

/**
 * Whether a new product price would bring a variant to or above its own 'Prezzo pieno' (variants
 * without one follow the product's, checked by the input schema).
 */
async function variantCompareAtReached(trx: Db, productId: string, priceCents: number): Promise<boolean> {
  const hit = await trx
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .where('compare_at_cents', 'is not', null)
    .where((eb) => eb('compare_at_cents', '<=', eb('price_delta_cents', '+', priceCents)))
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

/** `actorId`: the member creating it, named in the stock history. */
export async function createProduct(ctx: AppContext, storeId: string, data: ProductData, actorId: string | null): Promise<ProductDetail> {
  if (data.categoryId) await assertCategoryOf(ctx.db, storeId, data.categoryId);
  const id = newId();
  const now = clock.iso();
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const slug = await slugForNewProduct(trx, storeId, data.title, data.slug);
      await trx
        .insertInto('products')
        .values({
          id,
          store_id: storeId,
          title: data.title,
          slug,
          description: data.description,
          price_cents: data.priceCents,
          compare_at_cents: data.compareAtCents,
          vat_code: data.vatCode ?? null,
          sku: data.sku,
          category_id: data.categoryId,
          status: data.status,
          image_urls: '[]',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await skuRegistry.add(trx, storeId, data.sku, { productId: id, variantId: null });
      await stockUnits.create(trx, { storeId, productId: id, variantId: null, qty: data.stock }, { reason: 'created', actorId });
      await setProductGallery(trx, storeId, id, data.imageIds);
      const keys = await writeOptionVariants(
        trx,
        storeId,
        id,
        { productSku: data.sku, options: data.options, rows: data.variants },
        { reason: 'created', actorId },
      );
      // Searchable from the commit on (the triggers marked it; its words are written here).
      await refreshStale(trx, storeId);
      return keys;
    });
  const removedKeys = await guardSku(() => guardSlug(write, { derived: !data.slug }));
  await removeFiles(ctx, removedKeys);
  return getProduct(ctx.db, storeId, id);
}

/**
 * A product update's writes and rules in the caller's transaction (the CSV import runs many in
 * one); the category must already be the store's. `source`: why its stock changes (form or import).
 * Returns the keys of images to delete after commit.
 */
export async function writeProductUpdate(trx: Db, storeId: string, productId: string, data: ProductData, source: StockSource): Promise<string[]> {
  const current = await lockProduct(trx, storeId, productId);
  const delta = await lowestDelta(trx, productId);
  if (delta !== null && data.priceCents + delta < 0) throw badRequest(catalogMsg.productPriceBelowVariant, 'price');
  if (delta !== null && (await variantCompareAtReached(trx, productId, data.priceCents))) throw badRequest(catalogMsg.priceAboveVariantCompareAt, 'price');
  const slug = await slugAfterEdit(trx, storeId, productId, current.slug, data.slug);
  await trx
    .updateTable('products')
    .set({
      title: data.title,
      slug,
      description: data.description,
      price_cents: data.priceCents,
      compare_at_cents: data.compareAtCents,
      ...(data.vatCode !== undefined ? { vat_code: data.vatCode } : {}),
      sku: data.sku,
      category_id: data.categoryId,
      status: data.status,
    })
    .where('id', '=', productId)
    .execute();
  if (data.sku !== current.sku) await skuRegistry.rename(trx, storeId, data.sku, { productId, variantId: null });
  if (delta === null) {
    const unit = await stockUnits.productUnit(trx, productId);
    if (unit) await stockUnits.setQty(trx, storeId, unit.id, data.stock, source);
    else await stockUnits.create(trx, { storeId, productId, variantId: null, qty: data.stock }, source);
  }
  const { removedKeys } = await setProductGallery(trx, storeId, productId, data.imageIds);
  return removedKeys;
}

/**
 * With variants the product's own stock is not used (spec §4: disabled, saved as 0): the variants hold it.
 * The slug stays when the title changes (shared links keep working) unless the merchant sends a new one.
 */
export async function updateProduct(ctx: AppContext, storeId: string, productId: string, data: ProductData, actorId: string | null): Promise<ProductDetail> {
  if (data.categoryId) await assertCategoryOf(ctx.db, storeId, data.categoryId);
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const source = { reason: 'manual', actorId } as const;
      const removedKeys = await writeProductUpdate(trx, storeId, productId, data, source);
      removedKeys.push(...(await writeOptionVariants(trx, storeId, productId, { productSku: data.sku, options: data.options, rows: data.variants }, source)));
      await refreshStale(trx, storeId);
      return removedKeys;
    });
  const removedKeys = await guardSku(() => guardSlug(write, { derived: false }));
  await removeFiles(ctx, removedKeys);
  return getProduct(ctx.db, storeId, productId);
}

/** Deletes the product with its variants, stock records, SKUs and images (rows, then files). */
export async function deleteProduct(ctx: AppContext, storeId: string, productId: string): Promise<void> {
  const keys = await ctx.db.transaction().execute((trx) => writeProductDelete(trx, storeId, productId));
  await removeFiles(ctx, keys);
}

/**
 * A product deletion's rows in the caller's transaction (a bulk delete runs many in one); 404 if
 * not this store's. Returns the keys of its image files, to delete after commit.
 */
export async function writeProductDelete(trx: Db, storeId: string, productId: string): Promise<string[]> {
  await lockProduct(trx, storeId, productId);
  const images = await trx.selectFrom('product_images').select(IMAGE_FILE_COLUMNS).where('product_id', '=', productId).execute();
  await trx.deleteFrom('products').where('id', '=', productId).where('store_id', '=', storeId).execute();
  return keysOf(images);
}
