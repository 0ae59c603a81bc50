import { describe, expect, it } from 'vitest';
import { checkoutAttempts } from './checkout-attempt';

const request = (quantity: number, city = 'Milano') => ({
  items: [{ productId: 'p1', variantId: null, quantity }],
  customer: { city },
  totalCents: 599 + quantity * 100,
});

describe('checkout attempts and their idempotency keys', () => {
  it('keeps the key for a retry of the very same request', () => {
    const attempts = checkoutAttempts();
    expect(attempts.keyFor(request(1))).toBe(attempts.keyFor(request(1)));
  });

  it('gives a new key when the cart or the customer changed after a failed attempt', () => {
    const attempts = checkoutAttempts();
    const first = attempts.keyFor(request(1));
    const moreItems = attempts.keyFor(request(2));
    expect(moreItems).not.toBe(first);
    expect(attempts.keyFor(request(2, 'Roma'))).not.toBe(moreItems);
  });

  it('gives a new key once the server has answered, even for the same request', () => {
    const attempts = checkoutAttempts();
    const first = attempts.keyFor(request(1));
    attempts.settled();
    expect(attempts.keyFor(request(1))).not.toBe(first);
  });
});
