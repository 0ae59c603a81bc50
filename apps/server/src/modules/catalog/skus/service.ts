import { catalogMsg, formatSku, generatedSkuNumber, skuKey } from '@vetrina/shared';
import { isUniqueViolation, type Db } from '../../../db/index.js';
import { conflict } from '../../../lib/errors.js';
import { storeCounters } from '../../stores/service.js';
import { skusRepo, type SkuOwner } from './repo.js';

export type { SkuOwner } from './repo.js';

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
 * The store's SKUs, one per product or variant (the registry, ./repo.ts), and the generator of
 * SKU-0001, SKU-0002, … (the store's counter). Steps run in the caller's transaction.
 */
export const skuRegistry = {
  async add(trx: Db, storeId: string, sku: string, owner: SkuOwner): Promise<void> {
    await skusRepo(trx).insert(storeId, sku, owner);
    await skuRegistry.advanceGenerator(trx, storeId, sku);
  },

  /** Registers many new SKUs at once (the CSV import's new products and variants); any taken one fails on the primary key. */
  async addMany(trx: Db, storeId: string, entries: ReadonlyArray<{ sku: string } & SkuOwner>): Promise<void> {
    await skusRepo(trx).insertMany(storeId, entries);
    const highest = Math.max(0, ...entries.map((e) => generatedSkuNumber(e.sku) ?? 0));
    if (highest > 0) await skuRegistry.advanceGenerator(trx, storeId, formatSku(highest));
  },

  /** Points the owner's registry row at its new SKU (a taken SKU fails on the primary key). */
  async rename(trx: Db, storeId: string, sku: string, owner: SkuOwner): Promise<void> {
    if (!(await skusRepo(trx).rename(storeId, sku, owner))) await skuRegistry.add(trx, storeId, sku, owner);
    else await skuRegistry.advanceGenerator(trx, storeId, sku);
  },

  /** Available unless another product or variant of the store holds it. */
  async isAvailable(db: Db, storeId: string, sku: string, owner?: Partial<SkuOwner>): Promise<boolean> {
    const row = await skusRepo(db).ownerOf(storeId, sku);
    if (!row) return true;
    if (owner?.variantId) return row.variant_id === owner.variantId;
    return Boolean(owner?.productId) && row.product_id === owner?.productId && row.variant_id === null;
  },

  /** The owners of the SKUs among `skus` that the store holds (rows keyed by skuKey). */
  ownersOf: (db: Db, storeId: string, skus: string[]) => skusRepo(db).ownersOf(storeId, skus),

  /** The keys (skuKey) of the SKUs among `skus` that the store holds. */
  takenKeys: (db: Db, storeId: string, skus: string[]) => skusRepo(db).takenKeys(storeId, skus),

  /** A SKU typed in the generator's format moves the generator past it, so it is never suggested again. */
  async advanceGenerator(trx: Db, storeId: string, sku: string): Promise<void> {
    const n = generatedSkuNumber(sku);
    if (n === null || n >= 999_999_999) return;
    await storeCounters.advanceSku(trx, storeId, n);
  },

  /**
   * The store's next SKU (SKU-0001, SKU-0002, …): the generator's number, skipping any SKU that is
   * already taken. Suggesting does not consume a number; saving a product with it does.
   */
  async next(db: Db, storeId: string): Promise<string> {
    const start = Math.max(1, Number((await storeCounters.nextSkuNumber(db, storeId)) ?? 1));
    const candidates = Array.from({ length: 20 }, (_, i) => formatSku(start + i));
    const taken = await skusRepo(db).takenKeys(storeId, candidates);
    return candidates.find((c) => !taken.has(skuKey(c))) ?? formatSku(start + candidates.length);
  },
};
