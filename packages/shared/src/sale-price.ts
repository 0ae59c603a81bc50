/**
 * Sale prices (docs/decisions/0020-sale-prices.md): a compare-at price ('Prezzo pieno') shown struck
 * beside the selling price, with its discount. Only what a shopper sees: the charged price is
 * always the selling price (pricing.ts), never this one. Plain functions without dependencies, so
 * the storefront bundle can import this file alone.
 */

/**
 * The discount of a compare-at price, in whole percent rounded down (a badge never promises more
 * than the real discount). Null when there is no sale: no compare-at, or one not above the price.
 * 0 means a real but tiny sale (under 1%): struck price shown, no badge.
 */
export function discountPercent(priceCents: number, compareAtCents: number | null | undefined): number | null {
  if (compareAtCents === null || compareAtCents === undefined || compareAtCents <= priceCents || compareAtCents <= 0) return null;
  // Integer arithmetic: (1 - 4000/5000) * 100 is 19.999… in floating point.
  return Math.floor(((compareAtCents - Math.max(0, priceCents)) * 100) / compareAtCents);
}

/** A compare-at price only when it marks a sale (above the price), else null. */
export const saleCompareAt = (priceCents: number, compareAtCents: number | null | undefined): number | null =>
  discountPercent(priceCents, compareAtCents) === null ? null : (compareAtCents ?? null);

/**
 * A variant's compare-at price: its own when the merchant set one, else the product's shifted by
 * the variant's price difference (the same euros off as the product), else none.
 */
export function variantCompareAtCents(
  productCompareAtCents: number | null,
  variant: { compareAtCents: number | null; priceDeltaCents: number },
): number | null {
  if (variant.compareAtCents !== null) return variant.compareAtCents;
  return productCompareAtCents === null ? null : productCompareAtCents + variant.priceDeltaCents;
}

/**
 * The compare-at price that goes with a "from" price: that of the cheapest units. When several are
 * equally cheap and one of them has none, none (the card must not promise a discount that the
 * cheapest choice lacks); otherwise the smallest. The storefront cards compute the same in SQL.
 */
export function fromCompareAtCents(units: ReadonlyArray<{ priceCents: number; compareAtCents: number | null }>): number | null {
  if (!units.length) return null;
  const lowest = Math.min(...units.map((u) => u.priceCents));
  const cheapest = units.filter((u) => u.priceCents === lowest).map((u) => saleCompareAt(u.priceCents, u.compareAtCents));
  return cheapest.some((c) => c === null) ? null : Math.min(...(cheapest as number[]));
}
