import type { ProductImage } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { newId } from '../../../lib/ids.js';
import { imageQueue } from '../../storage/image-queue.js';
import { imageSize, reencodeImage, resizeToWidth, thumbnail } from '../../storage/images.js';

/** Product photos are shown at most this large; bigger uploads are scaled down. */
export const IMAGE_MAX_SIDE = 1600;
/** Card and grid thumbnails. */
export const THUMB_SIDE = 400;
/**
 * Smaller copies of each photo for `srcset` (phones, grids, the product page), stored beside it.
 * Only widths below the full image's are made: a copy is never enlarged.
 */
export const DERIVATIVE_WIDTHS = [320, 640, 1200] as const;

export type ImageTarget = 'product' | 'variant';

/** One smaller copy, as listed in product_images.srcset. */
export interface SrcsetEntry {
  key: string;
  url: string;
  width: number;
}

export interface StoredImage {
  key: string;
  thumbKey: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  srcset: SrcsetEntry[];
}

/** The encoded files of one picture, before they are stored. */
export interface RenderedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  derivatives: Array<{ width: number; body: Buffer }>;
}

/** The product_images columns naming files; whoever deletes rows selects these and passes them to keysOf. */
export const IMAGE_FILE_COLUMNS = ['storage_key', 'thumb_key', 'srcset'] as const;

export const toProductImage = (r: { id: string; url: string; thumb_url: string }): ProductImage => ({ id: r.id, url: r.url, thumbUrl: r.thumb_url });

/** Spec §3: product images under the store's folder, variants in a variants subfolder, random names. */
export const folderOf = (storeId: string, target: ImageTarget) => `stores/${storeId}/products/${target === 'variant' ? 'variants/' : ''}`;

/** The srcset column read back; anything unexpected in it counts as no copies. */
export function parseSrcset(raw: string | null | undefined): SrcsetEntry[] {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : [];
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (e): e is SrcsetEntry =>
      typeof e === 'object' && e !== null && typeof e.key === 'string' && typeof e.url === 'string' && Number.isInteger(e.width) && e.width > 0,
  );
}

/**
 * The smaller copies of an already re-encoded full image, one width at a time, each from that
 * (≤ 1600 px) buffer rather than the upload, so each costs a fraction of the first decode.
 */
export async function renderDerivatives(full: Buffer, fullWidth: number): Promise<RenderedImage['derivatives']> {
  const out: RenderedImage['derivatives'] = [];
  for (const width of DERIVATIVE_WIDTHS.filter((w) => w < fullWidth)) out.push({ width, body: await resizeToWidth(full, width) });
  return out;
}

/**
 * Re-encodes an image (≤ 1600 px, metadata stripped), with a WebP thumbnail and the smaller copies
 * for srcset, and stores them. The pixel work is one job in the store's image queue (one image at
 * a time per store); storing happens after the slot is released.
 */
export async function storeImage(ctx: AppContext, storeId: string, target: ImageTarget, source: Buffer): Promise<StoredImage> {
  const rendered = await imageQueue.run(storeId, async (): Promise<RenderedImage> => {
    const full = await reencodeImage(source, { maxSide: IMAGE_MAX_SIDE });
    const { width, height } = await imageSize(full);
    const thumb = await thumbnail(full, THUMB_SIDE);
    return { full, thumb, width, height, derivatives: await renderDerivatives(full, width) };
  });
  return putImageFiles(ctx, `${folderOf(storeId, target)}${newId()}`, rendered);
}

/**
 * Stores a rendered picture under `base`: `{base}.webp`, `{base}-thumb.webp` and `{base}-w{width}.webp`
 * per copy, all at once (each local write is several trips through libuv's pool, which other work
 * shares). If any file fails, the ones stored are removed and the error is thrown.
 */
export async function putImageFiles(ctx: AppContext, base: string, img: RenderedImage): Promise<StoredImage> {
  const key = `${base}.webp`;
  const thumbKey = `${base}-thumb.webp`;
  const copies = [...img.derivatives].sort((a, b) => a.width - b.width).map((d) => ({ key: `${base}-w${d.width}.webp`, body: d.body, width: d.width }));
  const files = [{ key, body: img.full }, { key: thumbKey, body: img.thumb }, ...copies];
  const puts = await Promise.allSettled(files.map((f) => ctx.storage.put(f.key, f.body, 'image/webp')));
  const failed = puts.find((p) => p.status === 'rejected');
  if (failed) {
    await removeFiles(
      ctx,
      files.filter((_, i) => puts[i]!.status === 'fulfilled').map((f) => f.key),
    );
    throw failed.reason;
  }
  const [url, thumbUrl, ...copyUrls] = puts.map((p) => (p as PromiseFulfilledResult<string>).value);
  return {
    key,
    thumbKey,
    url: url!,
    thumbUrl: thumbUrl!,
    width: img.width,
    height: img.height,
    srcset: copies.map((c, i) => ({ key: c.key, url: copyUrls[i]!, width: c.width })),
  };
}

/** Every file of stored images (full, thumbnail, smaller copies), e.g. to undo a failed save. */
export const filesOf = (images: StoredImage[]) => images.flatMap((s) => [s.key, s.thumbKey, ...s.srcset.map((d) => d.key)]);

/** The product_images values of a stored picture (the file columns). */
export const imageRowFiles = (s: StoredImage) => ({
  url: s.url,
  thumb_url: s.thumbUrl,
  storage_key: s.key,
  thumb_key: s.thumbKey,
  width: s.width,
  height: s.height,
  srcset: JSON.stringify(s.srcset),
});

/**
 * Deletes files whose rows are gone (after the transaction committed). A storage failure is
 * logged, not thrown: the catalogue change already happened and the rows no longer point there.
 */
export async function removeFiles(ctx: AppContext, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 8) {
    await Promise.all(
      keys
        .slice(i, i + 8)
        .map((key) => ctx.storage.delete(key).catch((err: unknown) => ctx.log.error({ err, key }, 'product image file could not be removed'))),
    );
  }
}

/** Every file of each image row: the full image, its thumbnail and its smaller copies. */
export const keysOf = (rows: Array<{ storage_key: string; thumb_key: string; srcset: string }>) =>
  rows.flatMap((r) => [r.storage_key, r.thumb_key, ...parseSrcset(r.srcset).map((d) => d.key)]);
