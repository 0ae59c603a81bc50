import type { CartLine } from '../cart/cart-lines';
import { LIMITS } from '@vetrina/shared/constants';

/** Spec §9 flat shipping, 5.99 € per order (LIMITS.shippingCents; checked by constants.test.ts). */
export const SHIPPING_CENTS = LIMITS.shippingCents;

export function orderTotals(lines: CartLine[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  return { subtotal, shipping: SHIPPING_CENTS, total: subtotal + SHIPPING_CENTS };
}
