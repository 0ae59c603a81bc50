import { LIMITS } from './constants.js';

/**
 * The one home of the price rules: the cart, the checkout page, the server and the mails all call
 * these functions, so a shopper is charged exactly what every screen showed.
 */

/** A unit's price: the product's price plus its variant's difference, never below zero. */
export function unitPriceCents(productPriceCents: number, variantDeltaCents: number | null | undefined = 0): number {
  return Math.max(0, productPriceCents + (variantDeltaCents ?? 0));
}

/** What the chosen payment method changes in the totals (see `paymentCharges`). */
export interface MethodCharges {
  /** Added as its own line (cash on delivery). */
  surchargeCents: number;
  /** No shipping (pickup in the shop). */
  freeShipping: boolean;
}

export interface PricedOrderLine {
  unitPriceCents: number;
  quantity: number;
}

export interface OrderTotals {
  subtotalCents: number;
  shippingCents: number;
  surchargeCents: number;
  totalCents: number;
}

export const lineTotalCents = (line: PricedOrderLine): number => line.unitPriceCents * line.quantity;

/** Subtotal, shipping, the method's surcharge and the total of an order (no method chosen yet: none). */
export function orderTotals(lines: readonly PricedOrderLine[], charges?: MethodCharges | null): OrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  const shippingCents = lines.length === 0 || charges?.freeShipping ? 0 : LIMITS.shippingCents;
  const surchargeCents = lines.length === 0 ? 0 : (charges?.surchargeCents ?? 0);
  return { subtotalCents, shippingCents, surchargeCents, totalCents: subtotalCents + shippingCents + surchargeCents };
}

// 'always' groups 4-digit amounts too (1.234,50 €), which it-IT leaves ungrouped by default.
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions);
/** '1.234,50 €': how amounts read everywhere (pages, mails, messages). */
export const formatEuro = (cents: number): string => euro.format(cents / 100);
