import { createHash } from 'node:crypto';
import { checkoutMsg } from '@vetrina/shared';
import { canonicalEmail } from '@vetrina/shared/email-canonical';
import type { AppContext } from '../../../lib/context.js';
import { rateLimited } from '../../../lib/errors.js';
import { takeSlots } from '../../../lib/rate-limiter.js';

/**
 * Takes one slot of the store's order quotas (per client IP and per customer e-mail) before an
 * order is created, atomically, so concurrent checkouts cannot all slip under the limit. Returns
 * the give-back to call when no order was created: only created orders count, so shoppers on a
 * shared mobile or office IP are not locked out by someone else's failed attempts.
 */
export async function reserveOrderSlot(ctx: AppContext, storeId: string, clientIp: string, email: string): Promise<() => Promise<void>> {
  const { max, maxPerEmail, windowMs } = ctx.config.orderRateLimit;
  // Hashed so the shared limiter (Redis) holds no shopper's address; canonical so '+tags' and Gmail dots are one shopper.
  const emailHash = createHash('sha256').update(canonicalEmail(email)).digest('base64url');
  const slots = [
    { key: `order:${storeId}:ip:${clientIp}`, max, windowMs },
    { key: `order:${storeId}:email:${emailHash}`, max: maxPerEmail, windowMs },
  ].filter((s) => s.max > 0);
  const giveBack = await takeSlots(ctx.limiter, slots, (resetMs) => rateLimited(checkoutMsg.tooMany, resetMs, 'Troppi tentativi'));
  // A limiter hiccup must not hide the reason the order was refused: the slot then expires with its window.
  return () => giveBack().catch((err: unknown) => ctx.log.warn({ err }, 'order quota give-back failed'));
}
