import {
  combinationAttributes,
  combinationKey,
  combinationLabel,
  optionCombinations,
  skuKey,
  suggestVariantSku,
  valuesFromAttributes,
  variantOptionMsg,
  type OptionVariantData,
  type VariantOption,
} from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import { clock } from '../../../lib/clock.js';
import { badRequest } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { stockUnits, type StockSource } from '../../inventory/service.js';
import { keysOf } from '../images/files.js';
import { parseJson } from '../json.js';
import type { PriceLog } from '../price-log.js';
import { productsRepo } from '../products/repo.js';
import { skuRegistry } from '../skus/service.js';
import { variantsRepo } from './repo.js';
import { writeNewVariant, writeVariantUpdate } from './service.js';

interface OptionsWrite {
  productSku: string;
  options: VariantOption[] | undefined;
  rows: OptionVariantData[] | undefined;
}

/** The product's stored options ('Opzioni'). */
export async function storedOptions(db: Db, productId: string): Promise<VariantOption[]> {
  return parseJson<VariantOption[]>(await productsRepo(db).variantOptions(productId), []);
}

/**
 * Makes the product's variants the combinations of its options, in the caller's transaction
 * (docs/decisions/0042-variants-by-options.md): matching variants (by their values, any case) are
 * updated, missing combinations created, variants of removed values deleted, or archived when
 * orders name them. Absent options, or none on a product that never had any, keep the variants.
 * `prices` collects the price changes of the variants kept. Returns the keys of image files to delete after commit.
 */
export async function writeOptionVariants(
  trx: Db,
  storeId: string,
  productId: string,
  w: OptionsWrite,
  source: StockSource,
  prices?: PriceLog,
): Promise<string[]> {
  const options = w.options;
  if (!options) return [];
  const before = await storedOptions(trx, productId);
  if (!options.length && !before.length) return [];
  await productsRepo(trx).update(productId, { variant_options: JSON.stringify(options) });

  const variants = variantsRepo(trx);
  const live = await variants.liveOf(productId);
  const archived = await variants.archivedOf(productId);
  const keyOf = (attributes: Record<string, string>) => {
    const values = options.length ? valuesFromAttributes(options, attributes) : null;
    return values ? combinationKey(values) : null;
  };
  const liveByKey = new Map<string, (typeof live)[number]>();
  for (const v of live) {
    const k = keyOf(v.attributes);
    if (k && !liveByKey.has(k)) liveByKey.set(k, v);
  }
  const archivedByKey = new Map<string, (typeof archived)[number]>();
  for (const v of archived) {
    const k = keyOf(parseJson<Record<string, string>>(v.attributes, {}));
    if (k && !archivedByKey.has(k)) archivedByKey.set(k, v);
  }
  const rows = new Map((w.rows ?? []).map((r) => [combinationKey(r.values), r]));
  const plan = optionCombinations(options).map((values) => {
    const key = combinationKey(values);
    const current = liveByKey.get(key);
    const revived = current ? undefined : archivedByKey.get(key);
    const row = rows.get(key);
    const sku = row?.sku || current?.sku || revived?.sku || suggestVariantSku(w.productSku, values);
    return { values, current, revived, row, sku };
  });
  const kept = new Set(plan.flatMap((p) => (p.current ? [p.current.id] : [])));
  const removed = live.filter((v) => !kept.has(v.id));

  const ordered = await orderedVariants(
    trx,
    removed.map((v) => v.id),
  );
  // Deleted variants free their SKUs; archived ones keep them for their orders.
  await assertSkus(trx, storeId, productId, w.productSku, plan, new Set(removed.flatMap((v) => (ordered.has(v.id) ? [] : [v.id]))));

  const keys = await removeVariants(
    trx,
    productId,
    removed.map((v) => v.id),
    ordered,
  );
  for (const p of plan) {
    const data = {
      label: combinationLabel(p.values).slice(0, 100),
      sku: p.sku,
      attributes: combinationAttributes(options, p.values),
      priceDeltaCents: p.row?.priceDeltaCents ?? p.current?.priceDeltaCents ?? 0,
      compareAtCents: p.row ? p.row.compareAtCents : (p.current?.compareAtCents ?? null),
      stock: p.row?.stock ?? p.current?.stock ?? 0,
      imageId: p.row?.imageId !== undefined ? p.row.imageId : (p.current?.image?.id ?? null),
    };
    if (p.current) keys.push(...(await writeVariantUpdate(trx, storeId, productId, p.current.id, data, source, prices)));
    else if (p.revived) {
      await variants.update(p.revived.id, { archived_at: null });
      // Its stock record comes back with it (writeVariantUpdate creates it).
      await stockUnits.retireProductUnit(trx, productId);
      keys.push(...(await writeVariantUpdate(trx, storeId, productId, p.revived.id, data, source)));
    } else await writeNewVariant(trx, storeId, productId, newId(), data, source);
  }
  if (!plan.length) await stockUnits.restoreProductUnit(trx, storeId, productId, source);
  return keys;
}

/** Each SKU once among the variants and the product, and not held by another product or variant of the store. */
async function assertSkus(
  trx: Db,
  storeId: string,
  productId: string,
  productSku: string,
  plan: ReadonlyArray<{ sku: string; current?: { id: string }; revived?: { id: string } }>,
  leaving: ReadonlySet<string>,
) {
  const seen = new Set([skuKey(productSku)]);
  for (const p of plan) {
    if (seen.has(skuKey(p.sku))) throw badRequest(variantOptionMsg.skuRepeated(p.sku), 'variants');
    seen.add(skuKey(p.sku));
  }
  if (!plan.length) return;
  const owners = await skuRegistry.ownersOf(
    trx,
    storeId,
    plan.map((p) => p.sku),
  );
  const bySku = new Map(owners.map((o) => [o.sku, o]));
  for (const p of plan) {
    const owner = bySku.get(skuKey(p.sku));
    if (!owner) continue;
    const own =
      owner.product_id === productId && owner.variant_id !== null && (owner.variant_id === (p.current ?? p.revived)?.id || leaving.has(owner.variant_id));
    if (!own) throw badRequest(variantOptionMsg.skuTaken(p.sku), 'variants');
  }
}

/** The variants among `ids` that an order names. */
async function orderedVariants(trx: Db, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  return variantsRepo(trx).orderedAmong(ids);
}

/** Variants no order names are deleted; the others are archived (not sold nor shown, kept for their orders). */
async function removeVariants(trx: Db, productId: string, ids: string[], ordered: ReadonlySet<string>): Promise<string[]> {
  if (!ids.length) return [];
  const toDelete = ids.filter((id) => !ordered.has(id));
  const toArchive = ids.filter((id) => ordered.has(id));
  const variants = variantsRepo(trx);
  const images = toDelete.length ? await variants.imageFiles(toDelete) : [];
  if (toDelete.length) await variants.deleteMany(productId, toDelete);
  if (toArchive.length) {
    await variants.archiveMany(productId, toArchive, clock.iso());
    for (const id of toArchive) await stockUnits.retireVariantUnit(trx, id);
  }
  return keysOf(images);
}
