import { orderTotals, type OrderTotals, type PricingOptions } from '@vetrina/shared/pricing';
import type { PaymentMethod } from '@vetrina/shared/payments';
import { pricedLines, type CartLine } from '../cart/cart-lines';

/**
 * The cart's totals by the shared price rules (packages/shared/src/pricing.ts), the ones the server
 * charges: the destination's rate and free-shipping threshold, the discount code, and the payment
 * method's charges once one is chosen (the cart drawer has none: no surcharge).
 */
export const cartOrderTotals = (lines: readonly CartLine[], options: PricingOptions = {}): OrderTotals => orderTotals(pricedLines(lines), options);

/** How the shipping line reads: the amount, 'Gratuita' when free, 'Ritiro in negozio' when nothing ships. */
export function shippingText(shippingCents: number, method: PaymentMethod | null | undefined, format: (cents: number) => string): string {
  if (method === 'pickup') return 'Ritiro in negozio';
  return shippingCents === 0 ? 'Gratuita' : format(shippingCents);
}

/** The surcharge line's name: cash on delivery is the method that has one. */
export const surchargeLabel = (method: PaymentMethod | null | undefined) => (method === 'cod' ? 'Supplemento contrassegno' : 'Supplemento');
