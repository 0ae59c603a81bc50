import type { AppContext } from '../../../lib/context.js';
import { newId } from '../../../lib/ids.js';
import { filesOf, folderOf, parseSrcset, removeFiles, type SrcsetEntry, type StoredImage } from './files.js';

/** A picture's stored files, as product_images holds them. */
interface ImageFiles {
  id: string;
  variant_id: string | null;
  storage_key: string;
  thumb_key: string;
  srcset: string;
  width: number | null;
  height: number | null;
}

/** A copy of a picture: its new files, and the row values naming them (the new row's id included). */
export interface ImageCopy {
  stored: StoredImage;
  row: { id: string; url: string; thumb_url: string; storage_key: string; thumb_key: string; width: number | null; height: number | null; srcset: string };
}

/** Pictures copied at once: enough to overlap the storage's latency without flooding it. */
const BATCH = 4;

/** Copies one picture's files (full, thumbnail, smaller copies) under a new random name in the same folder. */
async function copyOne(ctx: AppContext, storeId: string, img: ImageFiles): Promise<ImageCopy> {
  const base = `${folderOf(storeId, img.variant_id ? 'variant' : 'product')}${newId()}`;
  const oldBase = img.storage_key.replace(/\.[^./]+$/, '');
  // Files are named '{base}.webp', '{base}-thumb.webp', '{base}-w640.webp': the same suffix under the new base.
  const targetOf = (key: string, i: number) => (key.startsWith(oldBase) ? base + key.slice(oldBase.length) : `${base}-${i}${key.slice(key.lastIndexOf('.'))}`);
  const copied: string[] = [];
  const copy = async (key: string, i: number) => {
    const to = targetOf(key, i);
    const url = await ctx.storage.copy(key, to);
    copied.push(to);
    return { key: to, url };
  };
  try {
    const srcsetFrom = parseSrcset(img.srcset);
    const [full, thumb, ...smaller] = await Promise.all([copy(img.storage_key, 0), copy(img.thumb_key, 1), ...srcsetFrom.map((d, i) => copy(d.key, i + 2))]);
    const srcset: SrcsetEntry[] = smaller.map((c, i) => ({ key: c.key, url: c.url, width: srcsetFrom[i]?.width ?? 0 }));
    const stored: StoredImage = {
      key: full!.key,
      thumbKey: thumb!.key,
      url: full!.url,
      thumbUrl: thumb!.url,
      width: img.width ?? 0,
      height: img.height ?? 0,
      srcset,
    };
    const row = {
      id: newId(),
      url: stored.url,
      thumb_url: stored.thumbUrl,
      storage_key: stored.key,
      thumb_key: stored.thumbKey,
      width: img.width,
      height: img.height,
      srcset: JSON.stringify(srcset),
    };
    return { stored, row };
  } catch (err) {
    await removeFiles(ctx, copied);
    throw err;
  }
}

/**
 * Copies of pictures through the storage interface, by original image id. Files are never shared
 * between products: deleting a product deletes its files (images/files.ts removeFiles). If any copy
 * fails, every file copied so far is removed and the error is thrown.
 */
export async function copyImageFiles(ctx: AppContext, storeId: string, images: ImageFiles[]): Promise<Map<string, ImageCopy>> {
  const copies = new Map<string, ImageCopy>();
  try {
    for (let i = 0; i < images.length; i += BATCH) {
      const batch = images.slice(i, i + BATCH);
      const results = await Promise.allSettled(batch.map((img) => copyOne(ctx, storeId, img)));
      results.forEach((r, k) => {
        if (r.status === 'fulfilled') copies.set(batch[k]!.id, r.value);
      });
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) throw failed.reason;
    }
  } catch (err) {
    await removeFiles(ctx, filesOf([...copies.values()].map((c) => c.stored)));
    throw err;
  }
  return copies;
}
