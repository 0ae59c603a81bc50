import type { AppContext } from '../../lib/context.js';
import { rateLimited } from '../../lib/errors.js';
import { takeSlots } from '../../lib/rate-limiter.js';

// Enough for a shopper retyping a code; too few to guess a store's codes by trying them.
export const DISCOUNT_ATTEMPTS = { max: 30, windowMs: 15 * 60_000 } as const;

/** The limiter's counter of a client's tries at one store's codes. */
export const discountAttemptKey = (storeId: string, clientIp: string) => `discount-check:${storeId}:${clientIp}`;

/**
 * Counts one try of a discount code, per store and client IP, wherever a code can be told valid
 * from invalid ('Codice sconto' check, and the checkout itself). A refused code still counts and
 * nothing is given back: the budget is for guesses, not for orders.
 */
export async function countDiscountAttempt(ctx: AppContext, storeId: string, clientIp: string): Promise<void> {
  await takeSlots(ctx.limiter, [{ key: discountAttemptKey(storeId, clientIp), ...DISCOUNT_ATTEMPTS }], (resetMs) =>
    rateLimited('Troppi tentativi con i codici sconto. Riprova più tardi.', resetMs, 'Troppi tentativi'),
  );
}
