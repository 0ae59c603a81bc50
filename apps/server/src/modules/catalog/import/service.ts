import { formatSku, skuKey } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import { withLargeWriteCache } from '../../../db/page-cache.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { nextTurn } from '../../../lib/limit.js';
import type { ImportPlan, PlannedProduct } from '../../csv/import-plan.js';
import { stockUnits, type StockSource } from '../../inventory/service.js';
import { refreshStale } from '../../search/service.js';
import { categories } from '../categories/service.js';
import { removeFiles } from '../images/files.js';
import type { CatalogMember } from '../member.js';
import { PriceLog } from '../price-log.js';
import { writeProductUpdate } from '../products/service.js';
import { guardSku, skuRegistry } from '../skus/service.js';
import { guardSlug } from '../products/slugs.js';
import { writeNewVariant, writeVariantUpdate } from '../variants/service.js';
import { catalogImportRepo } from './repo.js';

/** What the catalogue writes of a checked import plan (the CSV module reads and checks the file). */
export type ImportWrite = Pick<ImportPlan, 'products' | 'newCategories' | 'categoryIds'>;

/** A catalogue rule refused one product while writing: reported on that product's row, nothing is kept. */
export class RowFailure extends Error {
  constructor(
    readonly line: number,
    readonly failure: AppError,
  ) {
    super(failure.message);
  }
}

/** Thrown at the end of a dry run's transaction so that nothing it wrote is kept. */
class DryRunDone extends Error {}

/**
 * New products per statement. SQLite runs a statement without a turn for anything else: 500
 * products with 2,000-character descriptions held the event loop for 30–80 ms, 200 for a third on
 * an idle machine; 200 took up to 226 ms (median 43) with the test suite running beside it, so 50.
 */
const CHUNK = 50;

/** SKU-0001… numbers for new products with variants that the file gives no product SKU. */
async function giveSkus(trx: Db, storeId: string, products: PlannedProduct[]): Promise<void> {
  const repo = catalogImportRepo(trx);
  const needing = products.filter((p) => p.needsSku);
  let n = await repo.nextSkuNumber(storeId);
  const used = new Set(products.flatMap((p) => [skuKey(p.data.sku), ...(p.variants ?? []).map((v) => skuKey(v.data.sku))]));
  for (let i = 0; i < needing.length;) {
    const candidates = Array.from({ length: needing.length - i + 50 }, (_, k) => formatSku(n + k));
    const taken = await repo.takenSkus(storeId, candidates);
    for (const c of candidates) {
      n++;
      if (taken.has(skuKey(c)) || used.has(skuKey(c))) continue;
      (needing[i] as PlannedProduct).data.sku = c;
      used.add(skuKey(c));
      if (++i === needing.length) break;
    }
  }
}

/** New products with their variants, SKUs and stock records, `CHUNK` rows per statement. */
async function insertNewProducts(
  trx: Db,
  storeId: string,
  products: PlannedProduct[],
  categoryOf: (p: PlannedProduct) => string | null,
  source: StockSource,
): Promise<void> {
  const repo = catalogImportRepo(trx);
  const start = clock.nowMs();
  const rows = products.map((p, i) => ({ p, id: newId(), at: new Date(start + i).toISOString() }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await repo.insertProducts(
      rows.slice(i, i + CHUNK).map(({ p, id, at }) => ({
        id,
        store_id: storeId,
        title: p.data.title,
        slug: p.data.slug ?? '',
        description: p.data.description,
        price_cents: p.data.priceCents,
        compare_at_cents: p.data.compareAtCents,
        sku: p.data.sku,
        category_id: categoryOf(p),
        status: p.data.status,
        image_urls: '[]',
        created_at: at,
        updated_at: at,
      })),
    );
    await nextTurn(); // a 10,000-row import must not hold the event loop
  }
  const variants = rows.flatMap(({ p, id, at }) =>
    (p.variants ?? []).map((v, k) => ({ productId: id, variantId: newId(), data: v.data, at: new Date(Date.parse(at) + k).toISOString() })),
  );
  for (let i = 0; i < variants.length; i += CHUNK) {
    await repo.insertVariants(
      variants.slice(i, i + CHUNK).map((v) => ({
        id: v.variantId,
        store_id: storeId,
        product_id: v.productId,
        label: v.data.label,
        sku: v.data.sku,
        price_delta_cents: v.data.priceDeltaCents,
        compare_at_cents: v.data.compareAtCents,
        attributes: JSON.stringify(v.data.attributes),
        image_url: null,
        created_at: v.at,
      })),
    );
    await nextTurn();
  }
  await skuRegistry.addMany(trx, storeId, [
    ...rows.map(({ p, id }) => ({ sku: p.data.sku, productId: id, variantId: null })),
    ...variants.map((v) => ({ sku: v.data.sku, productId: v.productId, variantId: v.variantId })),
  ]);
  await stockUnits.createMany(
    trx,
    [
      ...rows.flatMap(({ p, id }) => (p.variants ? [] : [{ storeId, productId: id, variantId: null, qty: p.data.stock }])),
      ...variants.map((v) => ({ storeId, productId: v.productId, variantId: v.variantId, qty: v.data.stock })),
    ],
    source,
  );
}

/** Existing products through the catalogue's own update functions (the same rules as the product form). */
async function updateProducts(
  trx: Db,
  storeId: string,
  products: PlannedProduct[],
  categoryOf: (p: PlannedProduct) => string | null,
  source: StockSource,
  prices: PriceLog,
): Promise<string[]> {
  const removed: string[] = [];
  const at = clock.nowMs();
  for (const [i, p] of products.entries()) {
    const existing = p.existing;
    if (!existing) continue;
    let line = p.line;
    try {
      removed.push(
        ...(await writeProductUpdate(trx, storeId, existing.id, { ...p.data, categoryId: categoryOf(p), imageIds: existing.galleryIds }, source, prices)),
      );
      for (const [k, v] of (p.variants ?? []).entries()) {
        line = v.line;
        const current = existing.variants.find((e) => e.id === v.existingId);
        if (current)
          removed.push(...(await writeVariantUpdate(trx, storeId, existing.id, current.id, { ...v.data, imageId: current.imageId }, source, prices)));
        else await writeNewVariant(trx, storeId, existing.id, newId(), v.data, source, new Date(at + k).toISOString());
      }
    } catch (err) {
      if (err instanceof AppError) throw new RowFailure(line, err);
      throw err;
    }
    if (i % 50 === 49) await nextTurn();
  }
  return removed;
}

/**
 * Writes a checked plan in the caller's transaction: new categories (through the categories
 * steps, with their limit), new products in batches, then the updates one product at a time.
 * Returns the image keys to delete after commit (none in practice: galleries are kept). `source`
 * is the import's entry in the stock history; `prices` collects the changed prices of existing products.
 */
async function writePlan(trx: Db, storeId: string, plan: ImportWrite, source: StockSource, prices: PriceLog): Promise<string[]> {
  const categoryIds = new Map(plan.categoryIds);
  for (const [key, name] of plan.newCategories) {
    const line = plan.products.find((p) => p.category === key)?.line ?? 2;
    try {
      categoryIds.set(key, (await categories.create(trx, storeId, { name, slug: key })).id);
    } catch (err) {
      if (err instanceof AppError) throw new RowFailure(line, err);
      throw err;
    }
  }
  const categoryOf = (p: PlannedProduct) =>
    p.category === undefined ? (p.existing?.categoryId ?? null) : p.category === null ? null : (categoryIds.get(p.category) ?? null);
  await giveSkus(trx, storeId, plan.products);
  await insertNewProducts(
    trx,
    storeId,
    plan.products.filter((p) => !p.existing),
    categoryOf,
    source,
  );
  return updateProducts(
    trx,
    storeId,
    plan.products.filter((p) => p.existing),
    categoryOf,
    source,
    prices,
  );
}

export function catalogImportService(ctx: AppContext) {
  return {
    /**
     * Writes the whole plan in one transaction. A dry run (the preview) rolls it back after every
     * write, so it meets every rule the real import will, including those only the database can
     * check. A product refused by a catalogue rule throws `RowFailure` (nothing is kept).
     * The member importing is named in the stock history, and in 'Registro attività' by one entry
     * for the whole file that counts the prices it changed.
     */
    async write(member: CatalogMember, plan: ImportWrite, opts: { dryRun: boolean }): Promise<void> {
      const { storeId } = member;
      let removedKeys: string[];
      try {
        removedKeys = await guardSku(() =>
          guardSlug(
            () =>
              ctx.db.transaction().execute((trx) =>
                // Thousands of rows in one transaction: with room in SQLite's page cache (db/page-cache.ts).
                withLargeWriteCache(trx, async () => {
                  const prices = new PriceLog();
                  const keys = await writePlan(trx, storeId, plan, { reason: 'import', actorId: member.user?.id ?? null }, prices);
                  if (opts.dryRun) throw new DryRunDone();
                  await prices.recordImport(trx, member);
                  // In the transaction, as the catalogue does: one commit instead of one per product on PostgreSQL.
                  await refreshStale(trx, storeId);
                  return keys;
                }),
              ),
            { derived: false },
          ),
        );
      } catch (err) {
        if (err instanceof DryRunDone) return;
        throw err;
      }
      await removeFiles(ctx, removedKeys);
    },
  };
}

export type CatalogImportService = ReturnType<typeof catalogImportService>;
