import { catalogMsg, CATALOG_LIMITS, type Variant, type VariantData } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { stockUnits, type StockSource } from '../../inventory/service.js';
import { refreshStale } from '../../search/service.js';
import { keysOf, removeFiles } from '../images/files.js';
import { setVariantImage } from '../images/service.js';
import type { CatalogMember } from '../member.js';
import { PriceLog } from '../price-log.js';
import { lockProduct, productsRepo } from '../products/repo.js';
import { guardSku, skuRegistry } from '../skus/service.js';
import { assertPrice } from './price.js';
import { variantsRepo } from './repo.js';

/** A variant of this product of this store, else 404 (ids of another store or product are not found). */
async function variantOf(trx: Db, storeId: string, productId: string, variantId: string) {
  const v = await variantsRepo(trx).ofProduct(storeId, productId, variantId);
  if (!v) throw notFound(catalogMsg.variantNotFound);
  return v;
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
  const repo = variantsRepo(trx);
  const product = await lockProduct(trx, storeId, productId);
  assertPrice(product.price_cents, data);
  if ((await repo.liveCount(productId)) >= CATALOG_LIMITS.variantsPerProduct) throw conflict(catalogMsg.tooManyVariants);
  await stockUnits.retireProductUnit(trx, productId);
  await repo.insert({
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
  });
  await skuRegistry.add(trx, storeId, data.sku, { productId, variantId: id });
  await stockUnits.create(trx, { storeId, productId, variantId: id, qty: data.stock }, source);
  if (data.imageId) await setVariantImage(trx, storeId, productId, id, data.imageId);
}

/** A variant update's writes and rules in the caller's transaction (`prices` collects its price changes); returns image keys to delete after commit. */
export async function writeVariantUpdate(
  trx: Db,
  storeId: string,
  productId: string,
  variantId: string,
  data: VariantData,
  source: StockSource,
  prices?: PriceLog,
): Promise<string[]> {
  const repo = variantsRepo(trx);
  const product = await lockProduct(trx, storeId, productId);
  const current = await variantOf(trx, storeId, productId, variantId);
  assertPrice(product.price_cents, data);
  prices?.variant({ id: variantId, label: data.label, productTitle: product.title }, current, {
    price_delta_cents: data.priceDeltaCents,
    compare_at_cents: data.compareAtCents,
  });
  await repo.update(variantId, {
    label: data.label,
    sku: data.sku,
    price_delta_cents: data.priceDeltaCents,
    compare_at_cents: data.compareAtCents,
    attributes: JSON.stringify(data.attributes),
  });
  if (data.sku !== current.sku) await skuRegistry.rename(trx, storeId, data.sku, { productId, variantId });
  const unit = await repo.unitOf(variantId);
  if (unit) await stockUnits.setQty(trx, storeId, unit.id, data.stock, source);
  else await stockUnits.create(trx, { storeId, productId, variantId, qty: data.stock }, source);
  const { removedKeys } = await setVariantImage(trx, storeId, productId, variantId, data.imageId);
  return removedKeys;
}

/** A product's variants one at a time (the product form edits them through its options: ./options.ts). */
export function variantsService(ctx: AppContext) {
  const repo = variantsRepo(ctx.db);

  async function readVariant(productId: string, variantId: string): Promise<Variant> {
    const v = (await repo.liveOf(productId)).find((x) => x.id === variantId);
    if (!v) throw notFound(catalogMsg.variantNotFound);
    return v;
  }

  return {
    async list(member: Pick<CatalogMember, 'storeId'>, productId: string): Promise<Variant[]> {
      if (!(await productsRepo(ctx.db).exists(member.storeId, productId))) throw notFound(catalogMsg.productNotFound);
      return repo.liveOf(productId);
    },

    /** The first variant takes over the product's stock record: from now on each variant is a sellable unit. */
    async create(member: CatalogMember, productId: string, data: VariantData): Promise<Variant> {
      const id = newId();
      await guardSku(() =>
        ctx.db.transaction().execute(async (trx) => {
          await writeNewVariant(trx, member.storeId, productId, id, data, { reason: 'created', actorId: member.user?.id ?? null });
          await refreshStale(trx, member.storeId);
        }),
      );
      return readVariant(productId, id);
    },

    async update(member: CatalogMember, productId: string, variantId: string, data: VariantData): Promise<Variant> {
      const removedKeys = await guardSku(() =>
        ctx.db.transaction().execute(async (trx) => {
          const prices = new PriceLog();
          const source = { reason: 'manual', actorId: member.user?.id ?? null } as const;
          const removedKeys = await writeVariantUpdate(trx, member.storeId, productId, variantId, data, source, prices);
          await prices.record(trx, member);
          await refreshStale(trx, member.storeId);
          return removedKeys;
        }),
      );
      await removeFiles(ctx, removedKeys);
      return readVariant(productId, variantId);
    },

    /** Deleting the last variant gives the product back its own stock record (starting at 0). */
    async delete(member: CatalogMember, productId: string, variantId: string): Promise<void> {
      const { storeId } = member;
      const keys = await ctx.db.transaction().execute(async (trx) => {
        await lockProduct(trx, storeId, productId);
        await variantOf(trx, storeId, productId, variantId);
        const images = await variantsRepo(trx).imageFiles([variantId]);
        await variantsRepo(trx).delete(variantId);
        await stockUnits.restoreProductUnit(trx, storeId, productId, { reason: 'created', actorId: member.user?.id ?? null });
        await refreshStale(trx, storeId);
        return keysOf(images);
      });
      await removeFiles(ctx, keys);
    },
  };
}
export type VariantsService = ReturnType<typeof variantsService>;
