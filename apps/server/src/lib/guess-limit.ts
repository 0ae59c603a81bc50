import type { AppContext } from './context.js';
import { AppError, rateLimited } from './errors.js';
import { takeSlots, type Slot } from './rate-limiter.js';

/**
 * The endpoints that tell a valid secret from an invalid one (docs/decisions/0035-guess-limits.md), each
 * with its own counters: mailed account links (sign-up confirmation, e-mail verification and
 * change, password reset, team invitations), the shopper's order link (order page and invoice
 * copies) and Stripe's webhook signature.
 */
export type GuessScope = 'account-link' | 'order-link' | 'stripe-signature';

/**
 * Failed attempts per 15 minutes. A person mistypes or reopens a dead link a few times, never 20;
 * one address trying many stores stops at 60 whatever the store.
 */
export const GUESS_LIMITS = { perStoreAndIp: 20, perIp: 20, perIpAcrossStores: 60, windowMs: 15 * 60_000 } as const;

export const guessMsg = {
  tooMany: 'Troppi tentativi con un link o un codice non valido. Riprova tra qualche minuto.',
} as const;

function slotsFor(scope: GuessScope, ip: string, storeId: string | undefined): Slot[] {
  const windowMs = GUESS_LIMITS.windowMs;
  if (!storeId) return [{ key: `guess:${scope}:${ip}`, max: GUESS_LIMITS.perIp, windowMs }];
  return [
    { key: `guess:${scope}:${storeId}:${ip}`, max: GUESS_LIMITS.perStoreAndIp, windowMs },
    { key: `guess:${scope}:${ip}`, max: GUESS_LIMITS.perIpAcrossStores, windowMs },
  ];
}

/**
 * Runs a lookup by secret counting it as a failure unless it succeeds. Each counter is taken before
 * the secret is looked at (so a burst cannot get more tries than the budget, and over budget the
 * secret is not checked at all: 429); a lookup that succeeds gives its attempt back, and so does
 * one that fails for reasons of its own (429, 5xx). Every other refusal (wrong, used or expired
 * secret: any 4xx) keeps counting until the window ends.
 */
export async function guardGuess<T>(ctx: AppContext, at: { scope: GuessScope; ip: string; storeId?: string }, lookup: () => Promise<T>): Promise<T> {
  const giveBack = await takeSlots(ctx.limiter, slotsFor(at.scope, at.ip, at.storeId), (resetMs) => rateLimited(guessMsg.tooMany, resetMs, 'Troppi tentativi'));
  let result: T;
  try {
    result = await lookup();
  } catch (err) {
    const guessed = err instanceof AppError && err.status >= 400 && err.status < 500 && err.status !== 429;
    if (!guessed) await giveBack();
    throw err;
  }
  await giveBack();
  return result;
}
