import { newIdempotencyKey } from './checkout-errors';

/**
 * The idempotency key of each checkout attempt. Sending exactly the same request again keeps the
 * key: after a network failure the order may exist, and the server then answers with it. Any
 * change (cart, customer, total) is a different order and gets a new key, which the server would
 * otherwise refuse; so does every attempt after the server has answered.
 */
export function checkoutAttempts() {
  let current: { key: string; request: string } | null = null;
  return {
    keyFor(request: object): string {
      const signature = JSON.stringify(request);
      if (current?.request !== signature) current = { key: newIdempotencyKey(), request: signature };
      return current.key;
    },
    /** The server answered (order created or refused): the next attempt is a new one. */
    settled() {
      current = null;
    },
  };
}
