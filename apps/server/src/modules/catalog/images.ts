import type { FastifyRequest } from 'fastify';
import { CATALOG_LIMITS, catalogMsg, LIMITS, type ProductImage } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { readImageUploads, uploadMessages } from '../storage/images.js';
import { filesOf, IMAGE_FILE_COLUMNS, imageRowFiles, keysOf, removeFiles, storeImage, type ImageTarget, type StoredImage } from './image-files.js';

/** How many uploaded-but-unsaved images a store may hold at once (the form's uploads in flight). */
const STAGED_MAX = 40;

/**
 * Uploads land "staged" (attached to nothing) the moment they are dropped, like the spec's
 * upload-then-save flow; saving a product or variant attaches them. Staged images older than a
 * day are deleted with their files on the next upload, so abandoned forms leave nothing behind.
 */
export async function uploadImages(ctx: AppContext, storeId: string, target: ImageTarget, req: FastifyRequest): Promise<ProductImage[]> {
  await sweepStaged(ctx, storeId);
  const staged = await ctx.db
    .selectFrom('product_images')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_id', '=', storeId)
    .where('product_id', 'is', null)
    .where('variant_id', 'is', null)
    .executeTakeFirst();
  const maxFiles = Math.min(LIMITS.productImagesMax, STAGED_MAX - Number(staged?.n ?? 0));
  if (maxFiles <= 0) throw badRequest(uploadMessages.tooMany);
  const uploads = await readImageUploads(req, { maxBytes: LIMITS.productImageMaxBytes, maxFiles });
  const stored: Array<StoredImage & { id: string }> = [];
  try {
    // One at a time, each through the store's image queue (storeImage): the files' sizes were all
    // checked from their headers by readImageUploads before the first one is decoded.
    for (const u of uploads) stored.push({ id: newId(), ...(await storeImage(ctx, storeId, target, u.buffer)) });
    const now = clock.iso();
    await ctx.db
      .insertInto('product_images')
      .values(stored.map((s) => ({ id: s.id, store_id: storeId, product_id: null, variant_id: null, position: 0, ...imageRowFiles(s), created_at: now })))
      .execute();
  } catch (err) {
    await removeFiles(ctx, filesOf(stored));
    throw err;
  }
  return stored.map((s) => ({ id: s.id, url: s.url, thumbUrl: s.thumbUrl }));
}

async function sweepStaged(ctx: AppContext, storeId: string): Promise<void> {
  const cutoff = new Date(clock.nowMs() - CATALOG_LIMITS.stagedImageTtlMs).toISOString();
  const old = await ctx.db
    .selectFrom('product_images')
    .select(['id', ...IMAGE_FILE_COLUMNS])
    .where('store_id', '=', storeId)
    .where('product_id', 'is', null)
    .where('variant_id', 'is', null)
    .where('created_at', '<', cutoff)
    .limit(100)
    .execute();
  if (!old.length) return;
  await ctx.db
    .deleteFrom('product_images')
    .where(
      'id',
      'in',
      old.map((r) => r.id),
    )
    .where('product_id', 'is', null)
    .execute();
  await removeFiles(ctx, keysOf(old));
}

/**
 * Makes `imageIds` the product's gallery in that order (first is the cover): staged images of the
 * store are attached, the product's other images are detached and their keys returned for deletion
 * after commit. Any id that is neither staged in this store nor already this product's is 404.
 */
export async function setProductGallery(trx: Db, storeId: string, productId: string, imageIds: string[]): Promise<{ removedKeys: string[]; urls: string[] }> {
  const urls: string[] = [];
  for (const [position, id] of imageIds.entries()) {
    // Conditional: two saves racing for one staged image cannot both take it.
    const res = await trx
      .updateTable('product_images')
      .set({ product_id: productId, position })
      .where('id', '=', id)
      .where('store_id', '=', storeId)
      .where('variant_id', 'is', null)
      .where((eb) => eb.or([eb('product_id', 'is', null), eb('product_id', '=', productId)]))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw notFound(catalogMsg.imageNotFound);
  }
  if (imageIds.length) {
    const rows = await trx.selectFrom('product_images').select(['id', 'url']).where('id', 'in', imageIds).execute();
    const byId = new Map(rows.map((r) => [r.id, r.url]));
    for (const id of imageIds) urls.push(byId.get(id) ?? '');
  }
  let gone = trx
    .selectFrom('product_images')
    .select(['id', ...IMAGE_FILE_COLUMNS])
    .where('product_id', '=', productId)
    .where('variant_id', 'is', null);
  if (imageIds.length) gone = gone.where('id', 'not in', imageIds);
  const removed = await gone.execute();
  if (removed.length)
    await trx
      .deleteFrom('product_images')
      .where(
        'id',
        'in',
        removed.map((r) => r.id),
      )
      .execute();
  await trx
    .updateTable('products')
    .set({ image_urls: JSON.stringify(urls) })
    .where('id', '=', productId)
    .execute();
  return { removedKeys: keysOf(removed), urls };
}

/** Sets a variant's single optional image; the previous one is detached and its keys returned. */
export async function setVariantImage(
  trx: Db,
  storeId: string,
  productId: string,
  variantId: string,
  imageId: string | null,
): Promise<{ removedKeys: string[] }> {
  const current = await trx
    .selectFrom('product_images')
    .select(['id', ...IMAGE_FILE_COLUMNS])
    .where('variant_id', '=', variantId)
    .execute();
  if (imageId && current.some((c) => c.id === imageId)) return { removedKeys: [] };
  let url: string | null = null;
  if (imageId) {
    const res = await trx
      .updateTable('product_images')
      .set({ product_id: productId, variant_id: variantId, position: 0 })
      .where('id', '=', imageId)
      .where('store_id', '=', storeId)
      .where('product_id', 'is', null)
      .where('variant_id', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) throw notFound(catalogMsg.imageNotFound);
    url = (await trx.selectFrom('product_images').select('url').where('id', '=', imageId).executeTakeFirstOrThrow()).url;
  }
  if (current.length)
    await trx
      .deleteFrom('product_images')
      .where(
        'id',
        'in',
        current.map((c) => c.id),
      )
      .execute();
  await trx.updateTable('product_variants').set({ image_url: url }).where('id', '=', variantId).execute();
  return { removedKeys: keysOf(current) };
}

/** Deletes one image of the store (staged, in a gallery or a variant's) and then its files. */
export async function deleteImage(ctx: AppContext, storeId: string, imageId: string): Promise<void> {
  const keys = await ctx.db.transaction().execute(async (trx) => {
    const img = await trx.selectFrom('product_images').selectAll().where('id', '=', imageId).where('store_id', '=', storeId).executeTakeFirst();
    if (!img) throw notFound(catalogMsg.imageNotFound);
    if (img.variant_id) return (await setVariantImage(trx, storeId, img.product_id ?? '', img.variant_id, null)).removedKeys;
    if (img.product_id) {
      const rest = await trx
        .selectFrom('product_images')
        .select('id')
        .where('product_id', '=', img.product_id)
        .where('variant_id', 'is', null)
        .where('id', '!=', imageId)
        .orderBy('position')
        .execute();
      return (
        await setProductGallery(
          trx,
          storeId,
          img.product_id,
          rest.map((r) => r.id),
        )
      ).removedKeys;
    }
    await trx.deleteFrom('product_images').where('id', '=', imageId).execute();
    return keysOf([img]);
  });
  await removeFiles(ctx, keys);
}
