import { CATALOG_LIMITS, catalogMsg, type VariantData, type Variant } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { conflict, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { IMAGE_FILE_COLUMNS, keysOf, removeFiles } from './image-files.js';
import { setVariantImage } from './images.js';
import { stockUnits, type StockSource } from '../inventory/service.js';
import { variantsOf } from './product-queries.js';
import { lockProduct } from './products.js';
import { guardSku, skuRegistry } from './skus/service.js';
import { refreshStale } from '../search/repo.js';
import { assertPrice } from './variant-price.js';

/** A variant of this product of this store, else 404 (ids of another store or product are not found). */
async function variantOf(trx: Db, storeId: string, productId: string, variantId: string) {
  const v = await trx
    .selectFrom('product_variants')
    .select(['id', 'sku'])
    .where('id', '=', variantId)
    .where('product_id', '=', productId)
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  if (!v) throw notFound(catalogMsg.variantNotFound);
  return v;
}

async function readVariant(db: Db, productId: string, variantId: string): Promise<Variant> {
  const v = (await variantsOf(db, productId)).find((x) => x.id === variantId);
  if (!v) throw notFound(catalogMsg.variantNotFound);
  return v;
}

export async function listVariants(ctx: AppContext, storeId: string, productId: string): Promise<Variant[]> {
  const p = await ctx.db.selectFrom('products').select('id').where('id', '=', productId).where('store_id', '=', storeId).executeTakeFirst();
  if (!p) throw notFound(catalogMsg.productNotFound);
  return variantsOf(ctx.db, productId);
}

/** The first variant takes over the product's stock record: from now on each variant is a sellable unit. */
export async function createVariant(ctx: AppContext, storeId: string, productId: string, data: VariantData, actorId: string | null): Promise<Variant> {
  const id = newId();
  await guardSku(() =>
    ctx.db.transaction().execute(async (trx) => {
      await writeNewVariant(trx, storeId, productId, id, data, { reason: 'created', actorId });
      await refreshStale(trx, storeId);
    }),
  );
  return readVariant(ctx.db, productId, id);
}

/** A new variant's writes and rules in the caller's transaction (the CSV import runs many in one); `source` goes in the stock history. */
export async function writeNewVariant(
  trx: Db,
  storeId: string,
  productId: string,
  id: string,
  data: VariantData,
  source: StockSource,
  createdAt = clock.iso(),
): Promise<void> {
  const product = await lockProduct(trx, storeId, productId);
  assertPrice(product.price_cents, data);
  const count = await trx
    .selectFrom('product_variants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('product_id', '=', productId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
  if (Number(count?.n ?? 0) >= CATALOG_LIMITS.variantsPerProduct) throw conflict(catalogMsg.tooManyVariants);
  await stockUnits.retireProductUnit(trx, productId);
  await trx
    .insertInto('product_variants')
    .values({
      id,
      store_id: storeId,
      product_id: productId,
      label: data.label,
      sku: data.sku,
      price_delta_cents: data.priceDeltaCents,
      compare_at_cents: data.compareAtCents,
      attributes: JSON.stringify(data.attributes),
      image_url: null,
      created_at: createdAt,
    })
    .execute();
  await skuRegistry.add(trx, storeId, data.sku, { productId, variantId: id });
  await stockUnits.create(trx, { storeId, productId, variantId: id, qty: data.stock }, source);
  if (data.imageId) await setVariantImage(trx, storeId, productId, id, data.imageId);
}

export async function updateVariant(
  ctx: AppContext,
  storeId: string,
  productId: string,
  variantId: string,
  data: VariantData,
  actorId: string | null,
): Promise<Variant> {
  const removedKeys = await guardSku(() =>
    ctx.db.transaction().execute(async (trx) => {
      const removedKeys = await writeVariantUpdate(trx, storeId, productId, variantId, data, { reason: 'manual', actorId });
      await refreshStale(trx, storeId);
      return removedKeys;
    }),
  );
  await removeFiles(ctx, removedKeys);
  return readVariant(ctx.db, productId, variantId);
}

/** A variant update's writes and rules in the caller's transaction; returns image keys to delete after commit. */
export async function writeVariantUpdate(
  trx: Db,
  storeId: string,
  productId: string,
  variantId: string,
  data: VariantData,
  source: StockSource,
): Promise<string[]> {
  const product = await lockProduct(trx, storeId, productId);
  const current = await variantOf(trx, storeId, productId, variantId);
  assertPrice(product.price_cents, data);
  await trx
    .updateTable('product_variants')
    .set({
      label: data.label,
      sku: data.sku,
      price_delta_cents: data.priceDeltaCents,
      compare_at_cents: data.compareAtCents,
      attributes: JSON.stringify(data.attributes),
    })
    .where('id', '=', variantId)
    .execute();
  if (data.sku !== current.sku) await skuRegistry.rename(trx, storeId, data.sku, { productId, variantId });
  const unit = await trx.selectFrom('inventory').select('id').where('variant_id', '=', variantId).executeTakeFirst();
  if (unit) await stockUnits.setQty(trx, storeId, unit.id, data.stock, source);
  else await stockUnits.create(trx, { storeId, productId, variantId, qty: data.stock }, source);
  const { removedKeys } = await setVariantImage(trx, storeId, productId, variantId, data.imageId);
  return removedKeys;
}

/** Deleting the last variant gives the product back its own stock record (starting at 0). */
export async function deleteVariant(ctx: AppContext, storeId: string, productId: string, variantId: string, actorId: string | null): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (trx) => {
    await lockProduct(trx, storeId, productId);
    await variantOf(trx, storeId, productId, variantId);
    const images = await trx.selectFrom('product_images').select(IMAGE_FILE_COLUMNS).where('variant_id', '=', variantId).execute();
    await trx.deleteFrom('product_variants').where('id', '=', variantId).execute();
    await stockUnits.restoreProductUnit(trx, storeId, productId, { reason: 'created', actorId });
    await refreshStale(trx, storeId);
    return keysOf(images);
  });
  await removeFiles(ctx, keys);
}
