import { createHash } from 'node:crypto';
import { checkoutMsg } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { rateLimited } from '../../lib/errors.js';

/**
 * Takes one slot of the store's order quotas (per client IP and per customer e-mail) before an
 * order is created, atomically, so concurrent checkouts cannot all slip under the limit. Returns
 * the give-back to call when no order was created: only created orders count, so shoppers on a
 * shared mobile or office IP are not locked out by someone else's failed attempts.
 */
export async function reserveOrderSlot(ctx: AppContext, storeId: string, clientIp: string, email: string): Promise<() => Promise<void>> {
  const { max, maxPerEmail, windowMs } = ctx.config.orderRateLimit;
  // The e-mail is hashed so the shared limiter (Redis) holds no shopper's address.
  const emailHash = createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  const quotas = [
    { key: `order:${storeId}:ip:${clientIp}`, limit: max },
    { key: `order:${storeId}:email:${emailHash}`, limit: maxPerEmail },
  ].filter((q) => q.limit > 0);

  const taken: string[] = [];
  const giveBack = async () => {
    const keys = taken.splice(0);
    // A limiter hiccup must not hide the reason the order was refused: the slot then expires with its window.
    await Promise.all(keys.map((k) => ctx.limiter.decr(k).catch((err: unknown) => ctx.log.warn({ err }, 'order quota give-back failed'))));
  };
  try {
    for (const q of quotas) {
      const hit = await ctx.limiter.incr(q.key, windowMs);
      taken.push(q.key);
      if (hit.count > q.limit) throw rateLimited(checkoutMsg.tooMany, hit.resetMs, 'Troppi tentativi');
    }
  } catch (err) {
    await giveBack();
    throw err;
  }
  return giveBack;
}
