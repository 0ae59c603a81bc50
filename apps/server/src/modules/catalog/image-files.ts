import type { ProductImage } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { newId } from '../../lib/ids.js';
import { imageQueue } from '../storage/image-queue.js';
import { reencodeImage, thumbnail } from '../storage/images.js';

/** Product photos are shown at most this large; bigger uploads are scaled down. */
export const IMAGE_MAX_SIDE = 1600;
/** Card and grid thumbnails. */
export const THUMB_SIDE = 400;

export type ImageTarget = 'product' | 'variant';

export interface StoredImage {
  key: string;
  thumbKey: string;
  url: string;
  thumbUrl: string;
}

export const toProductImage = (r: { id: string; url: string; thumb_url: string }): ProductImage => ({ id: r.id, url: r.url, thumbUrl: r.thumb_url });

/** Spec §3: product images under the store's folder, variants in a variants subfolder, random names. */
const folderOf = (storeId: string, target: ImageTarget) => `stores/${storeId}/products/${target === 'variant' ? 'variants/' : ''}`;

/**
 * Re-encodes an image (≤ 1600 px, metadata stripped) plus a WebP thumbnail and stores both. The
 * pixel work is one job in the store's image queue; storing happens after the slot is released.
 */
export async function storeImage(ctx: AppContext, storeId: string, target: ImageTarget, source: Buffer): Promise<StoredImage> {
  const { full, thumb } = await imageQueue.run(storeId, async () => {
    const full = await reencodeImage(source, { maxSide: IMAGE_MAX_SIDE });
    return { full, thumb: await thumbnail(full, THUMB_SIDE) };
  });
  const base = `${folderOf(storeId, target)}${newId()}`;
  const key = `${base}.webp`;
  const thumbKey = `${base}-thumb.webp`;
  const url = await ctx.storage.put(key, full, 'image/webp');
  try {
    const thumbUrl = await ctx.storage.put(thumbKey, thumb, 'image/webp');
    return { key, thumbKey, url, thumbUrl };
  } catch (err) {
    await removeFiles(ctx, [key]);
    throw err;
  }
}

/**
 * Deletes files whose rows are gone (after the transaction committed). A storage failure is
 * logged, not thrown: the catalogue change already happened and the rows no longer point there.
 */
export async function removeFiles(ctx: AppContext, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(
      keys.slice(i, i + 8).map((key) =>
        ctx.storage.delete(key).catch((err: unknown) => ctx.log.error({ err, key }, 'product image file could not be removed')),
      ),
    );
  }
}

/** Both files of each image row. */
export const keysOf = (rows: Array<{ storage_key: string; thumb_key: string }>) => rows.flatMap((r) => [r.storage_key, r.thumb_key]);
