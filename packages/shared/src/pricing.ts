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
  /** Taken off the goods by a discount code (0 without one). */
  discountCents: number;
  shippingCents: number;
  surchargeCents: number;
  totalCents: number;
}

/** What decides an order's totals besides its lines. Absent parts cost nothing extra. */
export interface PricingOptions {
  /** The chosen payment method's effect; none chosen yet: no surcharge. */
  charges?: MethodCharges | null;
  /** The destination's rate and free-shipping threshold; absent: the spec's flat rate. */
  shipping?: { rateCents: number; freeAboveCents: number | null } | null;
  /** A discount code the server accepted. */
  discount?: { kind: 'percent' | 'fixed'; value: number } | null;
}

export const lineTotalCents = (line: PricedOrderLine): number => line.unitPriceCents * line.quantity;

/** A percentage off, rounded half up to the cent; a fixed amount never takes off more than the goods cost. */
export function discountCentsFor(subtotalCents: number, discount: PricingOptions['discount']): number {
  if (!discount || subtotalCents <= 0) return 0;
  const off = discount.kind === 'percent' ? Math.floor((subtotalCents * discount.value + 50) / 100) : discount.value;
  return Math.min(subtotalCents, Math.max(0, off));
}

/**
 * Subtotal, discount, shipping, the method's surcharge and the total of an order. The discount
 * comes off the goods only; free shipping is reached by what the goods cost after the discount.
 */
export function orderTotals(lines: readonly PricedOrderLine[], options: PricingOptions = {}): OrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + lineTotalCents(l), 0);
  const empty = lines.length === 0;
  const discountCents = empty ? 0 : discountCentsFor(subtotalCents, options.discount);
  const goodsCents = subtotalCents - discountCents;
  const rate = options.shipping ?? { rateCents: LIMITS.shippingCents, freeAboveCents: null };
  const free = options.charges?.freeShipping || (rate.freeAboveCents !== null && goodsCents >= rate.freeAboveCents);
  const shippingCents = empty || free ? 0 : rate.rateCents;
  const surchargeCents = empty ? 0 : (options.charges?.surchargeCents ?? 0);
  return { subtotalCents, discountCents, shippingCents, surchargeCents, totalCents: goodsCents + shippingCents + surchargeCents };
}

/** '1.234,50 €': how amounts read everywhere (pages, mails, messages). */
export { formatEuro } from './italian-format.js';
