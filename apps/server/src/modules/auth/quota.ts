import type { AppContext } from '../../lib/context.js';
import { rateLimited } from '../../lib/errors.js';
import { takeSlots } from '../../lib/rate-limiter.js';
import { msg } from '@vetrina/shared';

export const HOUR_MS = 3600 * 1000;

/**
 * Mails that someone other than the recipient can make us send (sign-up confirmation, password
 * reset, e-mail change, verification, invitations) are limited per recipient address and per
 * client address, so Vetrina cannot be used to flood a mailbox. Limits per hour (sign-ups per
 * address: SIGNUP_RATE_LIMIT in the configuration).
 */
export const MAIL_LIMITS = {
  resetPerIp: 20,
  resetPerAddress: 5,
  emailChangePerAccount: 5,
  emailChangePerAddress: 3,
  emailChangePerIp: 20,
  verifyPerAccount: 5,
  verifyPerIp: 20,
} as const;

/** Counts one use; true while the count stays within `max` for the hour. */
export async function withinHourly(ctx: AppContext, key: string, max: number): Promise<boolean> {
  return (await ctx.limiter.incr(key, HOUR_MS)).count <= max;
}

/** Counts one use of every key; 429 with the Italian text when any is over its limit (a refused use does not count). */
export async function requireHourly(ctx: AppContext, limits: Array<[key: string, max: number]>, message: string = msg.tooManyRequests): Promise<void> {
  await takeSlots(
    ctx.limiter,
    limits.map(([key, max]) => ({ key, max, windowMs: HOUR_MS })),
    (resetMs) => rateLimited(message, resetMs),
  );
}
