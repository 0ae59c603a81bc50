/** Confirmation after Stripe's return: asked every 3 s, for up to a minute. */
export const CONFIRM_EVERY_MS = 3_000;
export const CONFIRM_FOR_MS = 60_000;

/**
 * Calls `tick` every `everyMs` until `forMs` have passed, then `onTimeout` once. Returns the stop
 * function (the order got paid, or the page went away).
 */
export function pollFor({ everyMs, forMs, tick, onTimeout }: { everyMs: number; forMs: number; tick: () => void; onTimeout: () => void }): () => void {
  let elapsed = 0;
  const timer = setInterval(() => {
    elapsed += everyMs;
    tick();
    if (elapsed >= forMs) {
      clearInterval(timer);
      onTimeout();
    }
  }, everyMs);
  return () => clearInterval(timer);
}
