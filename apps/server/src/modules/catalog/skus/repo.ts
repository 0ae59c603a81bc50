import { skuKey } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import { nextTurn } from '../../../lib/limit.js';

/** Who owns a SKU: a product's own unit (variantId null) or one of its variants. */
export interface SkuOwner {
  productId: string;
  variantId: string | null;
}

/**
 * The SKU registry (`store_skus`): one row per SKU of the store, across products and variants. Its
 * primary key (store_id, sku) is what makes two concurrent saves of the same SKU impossible. SKUs
 * are compared case-insensitively: the registry holds skuKey(sku), and every method takes the SKU as typed.
 */
export function skusRepo(db: Db) {
  return {
    async insert(storeId: string, sku: string, owner: SkuOwner): Promise<void> {
      await db
        .insertInto('store_skus')
        .values({ store_id: storeId, sku: skuKey(sku), product_id: owner.productId, variant_id: owner.variantId })
        .execute();
    },

    /** Many rows, 500 per statement; other requests get a turn between statements (an import's thousands). */
    async insertMany(storeId: string, entries: ReadonlyArray<{ sku: string } & SkuOwner>): Promise<void> {
      for (let i = 0; i < entries.length; i += 500) {
        const chunk = entries.slice(i, i + 500);
        await db
          .insertInto('store_skus')
          .values(chunk.map((e) => ({ store_id: storeId, sku: skuKey(e.sku), product_id: e.productId, variant_id: e.variantId })))
          .execute();
        if (i + 500 < entries.length) await nextTurn();
      }
    },

    /** Points the owner's row at a new SKU; false when the owner had none. */
    async rename(storeId: string, sku: string, owner: SkuOwner): Promise<boolean> {
      let q = db
        .updateTable('store_skus')
        .set({ sku: skuKey(sku) })
        .where('store_id', '=', storeId)
        .where('product_id', '=', owner.productId);
      q = owner.variantId ? q.where('variant_id', '=', owner.variantId) : q.where('variant_id', 'is', null);
      const res = await q.executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** The owner of one SKU, if any. */
    ownerOf(storeId: string, sku: string) {
      return db.selectFrom('store_skus').select(['product_id', 'variant_id']).where('store_id', '=', storeId).where('sku', '=', skuKey(sku)).executeTakeFirst();
    },

    /** The owners of the SKUs among `skus` that are taken (rows keyed by skuKey). */
    ownersOf(storeId: string, skus: string[]) {
      return db
        .selectFrom('store_skus')
        .select(['sku', 'product_id', 'variant_id'])
        .where('store_id', '=', storeId)
        .where('sku', 'in', skus.map(skuKey))
        .execute();
    },

    /** The keys (skuKey) of the SKUs among `skus` that are taken. */
    async takenKeys(storeId: string, skus: string[]): Promise<Set<string>> {
      const rows = await db.selectFrom('store_skus').select('sku').where('store_id', '=', storeId).where('sku', 'in', skus.map(skuKey)).execute();
      return new Set(rows.map((r) => r.sku));
    },
  };
}
export type SkusRepo = ReturnType<typeof skusRepo>;
