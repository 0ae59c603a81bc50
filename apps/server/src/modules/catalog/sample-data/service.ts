import { categorySlug, formatSku, numberedSlug, productSlugFromTitle, type SampleDataResult } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { newId } from '../../../lib/ids.js';
import type { StoreMembership } from '../../../plugins/guard.js';
import { filesOf, folderOf, imageRowFiles, keysOf, putImageFiles, removeFiles, type StoredImage } from '../images/files.js';
import { stockUnits } from '../../inventory/service.js';
import { skuRegistry } from '../skus/service.js';
import { SAMPLE_CATEGORIES, SAMPLE_PRODUCTS, type SampleProduct } from './catalog.js';
import { samplePictures } from './pictures.js';
import { refreshStale } from '../../search/service.js';
import { storeSkuCounter } from '../../stores/service.js';
import { categoriesRepo } from '../categories/repo.js';
import { sampleDataRepo } from './repo.js';

type PlacedImage = StoredImage & { id: string };

/**
 * Stores every sample picture (with thumbnail and smaller copies) under the store's folder, before
 * any row points to them. All pictures are written at once, for the same reason they are rendered
 * at once (pictures.ts): file writes go through libuv's pool too, ~600 of them in a row before.
 */
async function placeImages(ctx: AppContext, storeId: string, placed: PlacedImage[]): Promise<PlacedImage[][]> {
  const pictures = await samplePictures();
  const writes = pictures.map((images) =>
    images.map(async (picture) => {
      const id = newId();
      const img = { id, ...(await putImageFiles(ctx, `${folderOf(storeId, 'product')}${id}`, picture)) };
      placed.push(img);
      return img;
    }),
  );
  // Every write settles before a failure is thrown, so `placed` lists every file to remove.
  const failed = (await Promise.allSettled(writes.flat())).find((w) => w.status === 'rejected');
  if (failed) throw failed.reason;
  return Promise.all(writes.map((w) => Promise.all(w)));
}

/** Each title's slug, numbered (-2, -3…) where two titles would give the same one. */
function uniqueSlugs(titles: string[]): string[] {
  const used = new Set<string>();
  return titles.map((t) => {
    const base = productSlugFromTitle(t);
    let n = 1;
    while (used.has(numberedSlug(base, n))) n++;
    used.add(numberedSlug(base, n));
    return numberedSlug(base, n);
  });
}

/** The sample categories, all created at `createdAt`: their ids by name. */
async function insertCategories(trx: Db, storeId: string, createdAt: string): Promise<Map<string, string>> {
  const categories = categoriesRepo(trx);
  const ids = new Map<string, string>();
  for (const name of SAMPLE_CATEGORIES) {
    const id = newId();
    ids.set(name, id);
    await categories.insert({ id, store_id: storeId, name, slug: categorySlug(name), created_at: createdAt });
  }
  return ids;
}

/** One sample product to insert: its SKU, slug, category and pictures are decided by the seed. */
interface SampleInsert {
  product: SampleProduct;
  sku: string;
  slug: string;
  categoryId: string | null;
  images: PlacedImage[];
  createdAt: string;
}

/** Inserts one product with its pictures, variants, SKUs and stock; returns how many variants it has. */
async function insertProduct(trx: Db, storeId: string, { product: p, sku, slug, categoryId, images, createdAt }: SampleInsert): Promise<number> {
  const repo = sampleDataRepo(trx);
  const productId = newId();
  await repo.insertProduct({
    id: productId,
    store_id: storeId,
    title: p.title,
    slug,
    description: p.description,
    price_cents: p.priceCents,
    sku,
    category_id: categoryId,
    status: p.status,
    image_urls: JSON.stringify(images.map((i) => i.url)),
    created_at: createdAt,
    updated_at: createdAt,
  });
  await skuRegistry.add(trx, storeId, sku, { productId, variantId: null });
  if (images.length) {
    await repo.insertImages(
      images.map((img, position) => ({
        id: img.id,
        store_id: storeId,
        product_id: productId,
        variant_id: null,
        position,
        ...imageRowFiles(img),
        created_at: createdAt,
      })),
    );
  }
  if (!p.variants?.length) {
    await stockUnits.create(trx, { storeId, productId, variantId: null, qty: p.stock }, { reason: 'created' });
    return 0;
  }
  for (const [i, v] of p.variants.entries()) {
    const variantId = newId();
    const variantSku = `${sku}-${v.suffix}`;
    // Distinct creation times keep the variants in the order they are listed here.
    const at = new Date(Date.parse(createdAt) + i).toISOString();
    await repo.insertVariant({
      id: variantId,
      store_id: storeId,
      product_id: productId,
      label: v.label,
      sku: variantSku,
      price_delta_cents: v.deltaCents,
      attributes: JSON.stringify(v.attributes),
      image_url: null,
      created_at: at,
    });
    await skuRegistry.add(trx, storeId, variantSku, { productId, variantId });
    await stockUnits.create(trx, { storeId, productId, variantId, qty: v.stock }, { reason: 'created' });
  }
  return p.variants.length;
}

/**
 * Spec §9 "Dati di esempio": deletes ALL the store's products and categories (with their variants,
 * stock, SKUs and images), then creates 5 categories and 12 products, some with variants. One
 * transaction: a failure leaves the old catalogue untouched. Old files go after commit.
 */
async function seedSampleData(ctx: AppContext, storeId: string): Promise<SampleDataResult> {
  const placed: PlacedImage[] = [];
  let oldKeys: string[];
  let variants = 0;
  try {
    const images = await placeImages(ctx, storeId, placed);
    oldKeys = await ctx.db.transaction().execute(async (trx) => {
      // First statement locks the store row: two seeds of one store run one after the other.
      await storeSkuCounter.reset(trx, storeId);
      const repo = sampleDataRepo(trx);
      const old = await repo.attachedImageFiles(storeId);
      await repo.deleteProductsOf(storeId);
      await categoriesRepo(trx).deleteAllOf(storeId);

      const now = clock.nowMs();
      const categoryIds = await insertCategories(trx, storeId, new Date(now).toISOString());
      variants = 0;
      // The catalogue was just emptied: only the sample products themselves can share a slug.
      const slugs = uniqueSlugs(SAMPLE_PRODUCTS.map((p) => p.title));
      for (const [i, p] of SAMPLE_PRODUCTS.entries()) {
        // Listed newest first: the first sample product gets the latest time so it leads the list.
        const createdAt = new Date(now - i * 1000).toISOString();
        variants += await insertProduct(trx, storeId, {
          product: p,
          sku: formatSku(i + 1),
          slug: slugs[i] ?? productSlugFromTitle(p.title),
          categoryId: categoryIds.get(p.category) ?? null,
          images: images[i] ?? [],
          createdAt,
        });
      }
      await refreshStale(trx, storeId);
      return keysOf(old);
    });
  } catch (err) {
    await removeFiles(ctx, filesOf(placed));
    throw err;
  }
  await removeFiles(ctx, oldKeys);
  return { stats: { categories: SAMPLE_CATEGORIES.length, products: SAMPLE_PRODUCTS.length, variants } };
}

export function sampleDataService(ctx: AppContext) {
  return {
    seed: (member: Pick<StoreMembership, 'storeId'>) => seedSampleData(ctx, member.storeId),
  };
}

export type SampleDataService = ReturnType<typeof sampleDataService>;
