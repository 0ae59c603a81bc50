/**
 * How a discount reads to a shopper, without zod: the cart drawer shows it and is fetched on every
 * storefront page once the browser is idle (packages/shared/src/discounts.ts holds the schemas).
 */

export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** How a discount reads on a line of the cart, the order page and the mails. */
export const discountLabel = (d: { code: string; kind: DiscountKind; value: number }): string =>
  d.kind === 'percent' ? `Sconto ${d.code} (-${d.value}%)` : `Sconto ${d.code}`;
