import { catalogMsg, productTitleField, skuKey, type ProductDetail } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { stockUnits } from '../../inventory/service.js';
import { refreshStale } from '../../search/service.js';
import { copyImageFiles, type ImageCopy } from '../images/copies.js';
import { filesOf, removeFiles } from '../images/files.js';
import { setProductGallery, setVariantImage } from '../images/service.js';
import type { CatalogMember } from '../member.js';
import { guardSku, skuRegistry } from '../skus/service.js';
import { variantsRepo } from '../variants/repo.js';
import { productsRepo } from './repo.js';
import { getProduct } from './service.js';
import { freeSlugFor, guardSlug } from './slugs.js';

const TITLE_MAX = productTitleField.maxLength ?? 200;
const SKU_MAX = 64;
const COPY_SUFFIX = ' (copia)';

/** '<title> (copia)', the title shortened when needed so the whole stays within the title's limit. */
export function copyTitle(title: string): string {
  return `${title.slice(0, TITLE_MAX - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

/** 'MAGLIA-M' → 'MAGLIA-M-COPIA', then '-COPIA-2', … (within 64 characters). */
const skuCandidate = (sku: string, n: number) => {
  const suffix = n === 1 ? '-COPIA' : `-COPIA-${n}`;
  return `${sku.slice(0, SKU_MAX - suffix.length)}${suffix}`;
};

/** A free SKU of the store for each original (SKUs are unique per store, case-insensitively), checked in batches. */
async function freeSkus(trx: Db, storeId: string, originals: string[]): Promise<string[]> {
  const used = new Set<string>();
  const out: string[] = [];
  for (const sku of originals) {
    for (let start = 1; ; start += 20) {
      const candidates = Array.from({ length: 20 }, (_, i) => skuCandidate(sku, start + i));
      const taken = await skuRegistry.takenKeys(trx, storeId, candidates);
      const free = candidates.find((c) => !taken.has(skuKey(c)) && !used.has(skuKey(c)));
      if (!free) continue;
      used.add(skuKey(free));
      out.push(free);
      break;
    }
  }
  return out;
}

/** The product as it is now: its row, variants and pictures (gallery and variants'). */
async function readOriginal(db: Db, storeId: string, productId: string) {
  const product = await productsRepo(db).row(storeId, productId);
  if (!product) throw notFound(catalogMsg.productNotFound);
  const [variants, images] = await Promise.all([variantsRepo(db).liveRows(productId), productsRepo(db).images(productId)]);
  return { product, variants, images };
}
type Original = Awaited<ReturnType<typeof readOriginal>>;

/** The copy's rows, in the caller's transaction; its pictures are already stored (staged rows attached here). */
async function writeCopy(trx: Db, storeId: string, o: Original, copies: Map<string, ImageCopy>, actorId: string | null): Promise<string> {
  // Still there (a product deleted meanwhile is not copied).
  const products = productsRepo(trx);
  if (!(await products.exists(storeId, o.product.id))) throw notFound(catalogMsg.productNotFound);
  const id = newId();
  const nowMs = clock.nowMs();
  const now = new Date(nowMs).toISOString();
  const title = copyTitle(o.product.title);
  const [sku = '', ...variantSkus] = await freeSkus(trx, storeId, [o.product.sku, ...o.variants.map((v) => v.sku)]);
  await products.insert({
    id,
    store_id: storeId,
    title,
    slug: await freeSlugFor(trx, storeId, title),
    description: o.product.description,
    price_cents: o.product.price_cents,
    compare_at_cents: o.product.compare_at_cents,
    vat_code: o.product.vat_code,
    withdrawal_exclusion: o.product.withdrawal_exclusion,
    sku,
    category_id: o.product.category_id,
    status: 'draft',
    image_urls: '[]',
    variant_options: o.product.variant_options,
    created_at: now,
    updated_at: now,
  });
  await skuRegistry.add(trx, storeId, sku, { productId: id, variantId: null });
  // A copy starts with nothing on hand: its stock is counted, not copied.
  const created = { reason: 'created' as const, actorId };
  if (!o.variants.length) await stockUnits.create(trx, { storeId, productId: id, variantId: null, qty: 0 }, created);
  await products.insertImages(
    [...copies.values()].map((c) => ({ ...c.row, store_id: storeId, product_id: null, variant_id: null, position: 0, created_at: now })),
  );
  const gallery = o.images.filter((i) => !i.variant_id).flatMap((i) => copies.get(i.id)?.row.id ?? []);
  await setProductGallery(trx, storeId, id, gallery);
  for (const [k, v] of o.variants.entries()) {
    const variantId = newId();
    const variantSku = variantSkus[k] ?? '';
    await variantsRepo(trx).insert({
      id: variantId,
      store_id: storeId,
      product_id: id,
      label: v.label,
      sku: variantSku,
      price_delta_cents: v.price_delta_cents,
      compare_at_cents: v.compare_at_cents,
      attributes: v.attributes,
      image_url: null,
      // Distinct times keep the variants in the original's order.
      created_at: new Date(nowMs + k).toISOString(),
    });
    await skuRegistry.add(trx, storeId, variantSku, { productId: id, variantId });
    await stockUnits.create(trx, { storeId, productId: id, variantId, qty: 0 }, created);
    const picture = o.images.find((i) => i.variant_id === v.id);
    const copy = picture && copies.get(picture.id);
    if (copy) await setVariantImage(trx, storeId, id, variantId, copy.row.id);
  }
  await refreshStale(trx, storeId);
  return id;
}

/**
 * 'Duplica' (docs/decisions/0029-stock-history.md): a draft copy titled '<title> (copia)' with a new slug,
 * the same description, prices, category and variants (labels, attributes, prices), SKUs made
 * unique with '-COPIA', no stock, and copies of the pictures. Deleting a product deletes its
 * picture files, so the copy gets files of its own, copied through the storage before the
 * transaction and removed again if it fails.
 */
export async function duplicateProduct(ctx: AppContext, member: CatalogMember, productId: string): Promise<ProductDetail> {
  const { storeId } = member;
  const actorId = member.user?.id ?? null;
  const original = await readOriginal(ctx.db, storeId, productId);
  const copies = await copyImageFiles(ctx, storeId, original.images);
  let id: string;
  try {
    // A slug taken by a concurrent save is chosen again; a SKU lost that way is 'SKU duplicato' (409).
    id = await guardSku(() => guardSlug(() => ctx.db.transaction().execute((trx) => writeCopy(trx, storeId, original, copies, actorId)), { derived: true }));
  } catch (err) {
    await removeFiles(ctx, filesOf([...copies.values()].map((c) => c.stored)));
    throw err;
  }
  return getProduct(ctx.db, storeId, id);
}
