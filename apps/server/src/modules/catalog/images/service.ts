import type { FastifyRequest } from 'fastify';
import { CATALOG_LIMITS, catalogMsg, LIMITS, type ProductImage } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import type { StoreMembership } from '../../../plugins/guard.js';
import { readImageUploads, uploadMessages } from '../../storage/images.js';
import { filesOf, imageRowFiles, keysOf, removeFiles, storeImage, type ImageTarget, type StoredImage } from './files.js';
import { imagesRepo } from './repo.js';

type Member = Pick<StoreMembership, 'storeId'>;

/** How many uploaded-but-unsaved images a store may hold at once (the form's uploads in flight). */
const STAGED_MAX = 40;

async function sweepStaged(ctx: AppContext, storeId: string): Promise<void> {
  const repo = imagesRepo(ctx.db);
  const cutoff = new Date(clock.nowMs() - CATALOG_LIMITS.stagedImageTtlMs).toISOString();
  const old = await repo.stagedBefore(storeId, cutoff, 100);
  if (!old.length) return;
  await repo.deleteStaged(old.map((r) => r.id));
  await removeFiles(ctx, keysOf(old));
}

/**
 * Gallery and variant-picture steps that run in the caller's transaction (product and variant
 * saves, duplicates, deletes): each returns the file keys to delete after commit.
 */
export const productImages = {
  /**
   * Makes `imageIds` the product's gallery in that order (first is the cover): staged images of the
   * store are attached, the product's other images are detached and their keys returned for deletion
   * after commit. Any id that is neither staged in this store nor already this product's is 404.
   */
  async setGallery(trx: Db, storeId: string, productId: string, imageIds: string[]): Promise<{ removedKeys: string[]; urls: string[] }> {
    const repo = imagesRepo(trx);
    const urls: string[] = [];
    for (const [position, id] of imageIds.entries()) {
      if ((await repo.placeInGallery(storeId, productId, id, position)) !== 1) throw notFound(catalogMsg.imageNotFound);
    }
    if (imageIds.length) {
      const byId = new Map((await repo.urlsOf(imageIds)).map((r) => [r.id, r.url]));
      for (const id of imageIds) urls.push(byId.get(id) ?? '');
    }
    const removed = await repo.galleryExcept(productId, imageIds);
    if (removed.length) await repo.deleteByIds(removed.map((r) => r.id));
    await repo.setProductImageUrls(productId, urls);
    return { removedKeys: keysOf(removed), urls };
  },

  /** Sets a variant's single optional image; the previous one is detached and its keys returned. */
  async setVariantImage(trx: Db, storeId: string, productId: string, variantId: string, imageId: string | null): Promise<{ removedKeys: string[] }> {
    const repo = imagesRepo(trx);
    const current = await repo.variantImages(variantId);
    if (imageId && current.some((c) => c.id === imageId)) return { removedKeys: [] };
    let url: string | null = null;
    if (imageId) {
      if ((await repo.attachToVariant(storeId, productId, variantId, imageId)) !== 1) throw notFound(catalogMsg.imageNotFound);
      url = await repo.urlOf(imageId);
    }
    if (current.length) await repo.deleteByIds(current.map((c) => c.id));
    await repo.setVariantImageUrl(variantId, url);
    return { removedKeys: keysOf(current) };
  },
};

/** Kept for the product and variant saves' imports until they move into their sub-folders. */
export const setProductGallery = productImages.setGallery;
export const setVariantImage = productImages.setVariantImage;

export function imagesService(ctx: AppContext) {
  return {
    /**
     * Uploads land "staged" (attached to nothing) the moment they are dropped, like the spec's
     * upload-then-save flow; saving a product or variant attaches them. Staged images older than a
     * day are deleted with their files on the next upload, so abandoned forms leave nothing behind.
     */
    async upload(member: Member, target: ImageTarget, req: FastifyRequest): Promise<ProductImage[]> {
      const { storeId } = member;
      await sweepStaged(ctx, storeId);
      const repo = imagesRepo(ctx.db);
      const maxFiles = Math.min(LIMITS.productImagesMax, STAGED_MAX - (await repo.stagedCount(storeId)));
      if (maxFiles <= 0) throw badRequest(uploadMessages.tooMany);
      const uploads = await readImageUploads(req, { maxBytes: LIMITS.productImageMaxBytes, maxFiles });
      const stored: Array<StoredImage & { id: string }> = [];
      try {
        // One at a time, each through the store's image queue (storeImage): the files' sizes were all
        // checked from their headers by readImageUploads before the first one is decoded.
        for (const u of uploads) stored.push({ id: newId(), ...(await storeImage(ctx, storeId, target, u.buffer)) });
        const now = clock.iso();
        await repo.insert(
          stored.map((s) => ({ id: s.id, store_id: storeId, product_id: null, variant_id: null, position: 0, ...imageRowFiles(s), created_at: now })),
        );
      } catch (err) {
        await removeFiles(ctx, filesOf(stored));
        throw err;
      }
      return stored.map((s) => ({ id: s.id, url: s.url, thumbUrl: s.thumbUrl }));
    },

    /** Deletes one image of the store (staged, in a gallery or a variant's) and then its files. */
    async remove(member: Member, imageId: string): Promise<void> {
      const { storeId } = member;
      const keys = await ctx.db.transaction().execute(async (trx) => {
        const repo = imagesRepo(trx);
        const img = await repo.byId(storeId, imageId);
        if (!img) throw notFound(catalogMsg.imageNotFound);
        if (img.variant_id) return (await productImages.setVariantImage(trx, storeId, img.product_id ?? '', img.variant_id, null)).removedKeys;
        if (img.product_id) {
          const rest = await repo.galleryIdsWithout(img.product_id, imageId);
          return (await productImages.setGallery(trx, storeId, img.product_id, rest)).removedKeys;
        }
        await repo.deleteById(imageId);
        return keysOf([img]);
      });
      await removeFiles(ctx, keys);
    },
  };
}

export type ImagesService = ReturnType<typeof imagesService>;
