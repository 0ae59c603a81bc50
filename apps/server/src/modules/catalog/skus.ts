import { catalogMsg, formatSku, generatedSkuNumber, skuKey } from '@vetrina/shared';
import { isUniqueViolation, type Db } from '../../db/index.js';
import { conflict } from '../../lib/errors.js';
import { nextTurn } from '../../lib/limit.js';

/** Who owns a SKU: a product's own unit (variantId null) or one of its variants. */
export interface SkuOwner {
  productId: string;
  variantId: string | null;
}

export const skuTaken = () => conflict(catalogMsg.skuTaken, { title: catalogMsg.skuTakenTitle, field: 'sku' });

/** True when a write lost the race for a SKU: the store_skus primary key refused it. */
export function isSkuViolation(err: unknown): boolean {
  if (!isUniqueViolation(err)) return false;
  const e = err as { constraint?: string; table?: string; message?: string };
  return e.constraint === 'store_skus_pk' || e.table === 'store_skus' || /store_skus/.test(e.message ?? '');
}

/** Runs a write and turns a lost SKU race into the spec's 'SKU duplicato' (409), never a 500. */
export async function guardSku<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isSkuViolation(err)) throw skuTaken();
    throw err;
  }
}

/**
 * The SKU registry: one row per SKU of the store, across products and variants. Its primary key
 * (store_id, sku) is what makes two concurrent saves of the same SKU impossible.
 * SKUs are compared case-insensitively (the registry holds skuKey(sku)).
 */
export const skuRegistry = {
  async add(trx: Db, storeId: string, sku: string, owner: SkuOwner): Promise<void> {
    await trx
      .insertInto('store_skus')
      .values({ store_id: storeId, sku: skuKey(sku), product_id: owner.productId, variant_id: owner.variantId })
      .execute();
    await skuRegistry.advanceGenerator(trx, storeId, sku);
  },

  /** Registers many new SKUs at once (the CSV import's new products and variants); any taken one fails on the primary key. */
  async addMany(trx: Db, storeId: string, entries: ReadonlyArray<{ sku: string } & SkuOwner>): Promise<void> {
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await trx
        .insertInto('store_skus')
        .values(chunk.map((e) => ({ store_id: storeId, sku: skuKey(e.sku), product_id: e.productId, variant_id: e.variantId })))
        .execute();
      // Thousands of rows (an import): other requests get a turn between statements.
      if (i + 500 < entries.length) await nextTurn();
    }
    const highest = Math.max(0, ...entries.map((e) => generatedSkuNumber(e.sku) ?? 0));
    if (highest > 0) await skuRegistry.advanceGenerator(trx, storeId, formatSku(highest));
  },

  /** Points the owner's registry row at its new SKU (a taken SKU fails on the primary key). */
  async rename(trx: Db, storeId: string, sku: string, owner: SkuOwner): Promise<void> {
    let q = trx
      .updateTable('store_skus')
      .set({ sku: skuKey(sku) })
      .where('store_id', '=', storeId)
      .where('product_id', '=', owner.productId);
    q = owner.variantId ? q.where('variant_id', '=', owner.variantId) : q.where('variant_id', 'is', null);
    const res = await q.executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) await skuRegistry.add(trx, storeId, sku, owner);
    else await skuRegistry.advanceGenerator(trx, storeId, sku);
  },

  /** Available unless another product or variant of the store holds it. */
  async isAvailable(db: Db, storeId: string, sku: string, owner?: Partial<SkuOwner>): Promise<boolean> {
    const row = await db
      .selectFrom('store_skus')
      .select(['product_id', 'variant_id'])
      .where('store_id', '=', storeId)
      .where('sku', '=', skuKey(sku))
      .executeTakeFirst();
    if (!row) return true;
    if (owner?.variantId) return row.variant_id === owner.variantId;
    return Boolean(owner?.productId) && row.product_id === owner?.productId && row.variant_id === null;
  },

  /** A SKU typed in the generator's format moves the generator past it, so it is never suggested again. */
  async advanceGenerator(trx: Db, storeId: string, sku: string): Promise<void> {
    const n = generatedSkuNumber(sku);
    if (n === null || n >= 999_999_999) return;
    await trx
      .updateTable('stores')
      .set({ next_sku: n + 1 })
      .where('id', '=', storeId)
      .where('next_sku', '<=', n)
      .execute();
  },

  /**
   * The store's next SKU (SKU-0001, SKU-0002, …): the generator's number, skipping any SKU that is
   * already taken. Suggesting does not consume a number; saving a product with it does.
   */
  async next(db: Db, storeId: string): Promise<string> {
    const store = await db.selectFrom('stores').select('next_sku').where('id', '=', storeId).executeTakeFirst();
    const start = Math.max(1, Number(store?.next_sku ?? 1));
    const candidates = Array.from({ length: 20 }, (_, i) => formatSku(start + i));
    const taken = new Set(
      (await db.selectFrom('store_skus').select('sku').where('store_id', '=', storeId).where('sku', 'in', candidates.map(skuKey)).execute()).map((r) => r.sku),
    );
    return candidates.find((c) => !taken.has(skuKey(c))) ?? formatSku(start + candidates.length);
  },
};
