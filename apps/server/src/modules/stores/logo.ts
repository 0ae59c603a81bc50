import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { LIMITS, storeMsg, type StoreSummary } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { imageQueue } from '../storage/image-queue.js';
import { readImageUploads, reencodeImage } from '../storage/images.js';
import { storesRepo } from './repo.js';
import { changeStoreRow, getStore, type TenantContext } from './service.js';

/** Logos are shown small (avatar, header): 512 px a side is plenty and bounds the stored size. */
export const LOGO_MAX_SIDE = 512;
const logoPrefix = (storeId: string) => `stores/${storeId}/logo/`;

/** Removes every stored logo of the store except the one the store row points to now. */
async function removeStaleLogos(ctx: AppContext, storeId: string) {
  try {
    const current = await storesRepo(ctx.db).logoUrlOf(storeId);
    const keys = await ctx.storage.list(logoPrefix(storeId));
    await Promise.all(keys.filter((k) => ctx.storage.urlOf(k) !== current).map((k) => ctx.storage.delete(k)));
  } catch (err) {
    ctx.log.error({ err, storeId }, 'old logo files could not be removed');
  }
}

/** Replaces the logo: one png/jpeg/webp ≤ 2 MB and ≤ 25 megapixels, re-encoded (metadata stripped) before storing. */
export async function replaceLogo(ctx: AppContext, t: TenantContext, req: FastifyRequest): Promise<StoreSummary> {
  const [upload] = await readImageUploads(req, { maxBytes: LIMITS.logoMaxBytes, maxFiles: 1 });
  const webp = await imageQueue.run(t.storeId, () => reencodeImage(upload!.buffer, { maxSide: LOGO_MAX_SIDE }));
  // A new name per upload: URLs never change content, so they can be cached for a year.
  const key = `${logoPrefix(t.storeId)}${clock.nowMs()}-${randomBytes(4).toString('hex')}.webp`;
  const url = await ctx.storage.put(key, webp, 'image/webp');
  const updated = await ctx.db
    .transaction()
    .execute((trx) => changeStoreRow(trx, t, { logoUrl: url }, { action: 'store.logo_replaced', summary: 'Logo caricato' }))
    .catch(async (err: unknown) => {
      await ctx.storage.delete(key).catch(() => undefined);
      throw err;
    });
  if (!updated) {
    // The store was deleted while the file was uploading.
    await ctx.storage.delete(key).catch(() => undefined);
    throw notFound(storeMsg.notFound);
  }
  await removeStaleLogos(ctx, t.storeId);
  return getStore(ctx, t);
}

export async function removeLogo(ctx: AppContext, t: TenantContext): Promise<StoreSummary> {
  const removed = await ctx.db
    .transaction()
    .execute((trx) => changeStoreRow(trx, t, { logoUrl: null }, { action: 'store.logo_removed', summary: 'Logo rimosso' }));
  if (!removed) throw notFound(storeMsg.notFound);
  await removeStaleLogos(ctx, t.storeId);
  return getStore(ctx, t);
}
