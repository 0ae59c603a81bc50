import type { CartLine } from '../cart/cart-lines';

/** Spec §9 flat shipping, 5.99 € per order (LIMITS.shippingCents; checked by constants.test.ts). */
export const SHIPPING_CENTS = 599;

export function orderTotals(lines: CartLine[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return { subtotal, shipping: SHIPPING_CENTS, total: subtotal + SHIPPING_CENTS };
}
