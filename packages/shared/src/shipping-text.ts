import { formatEuro } from './pricing.js';

/**
 * What the storefront shows about shipping, without zod: the footer and the cart are in every
 * page's first load (packages/shared/src/shipping.ts holds the settings' schemas).
 */

/** One destination a shopper can choose, with its rate and optional free-shipping threshold. */
export interface ShippingDestination {
  code: string;
  name: string;
  rateCents: number;
  freeAboveCents: number | null;
}

/** The destination named as the checkout sends it ('Italia', 'Francia'…), or null when the store does not ship there. */
export function destinationNamed(destinations: readonly ShippingDestination[], name: string): ShippingDestination | null {
  return destinations.find((d) => d.name === name) ?? null;
}

/** How far an order is from free shipping ('Ti mancano X € per la spedizione gratuita'), or null. */
export function missingForFreeShipping(destination: ShippingDestination | null | undefined, goodsCents: number): number | null {
  if (!destination || destination.freeAboveCents === null || goodsCents <= 0) return null;
  const missing = destination.freeAboveCents - goodsCents;
  return missing > 0 ? missing : null;
}
export const freeShippingHint = (missingCents: number) => `Ti mancano ${formatEuro(missingCents)} per la spedizione gratuita`;

/** The footer's line: 'Spedizione in tutta Italia a 5,99 €', with the threshold and the other countries when there are. */
export function shippingSummary(destinations: readonly ShippingDestination[]): string {
  const italy = destinations[0];
  if (!italy) return '';
  const rate = italy.rateCents === 0 ? 'Spedizione gratuita in tutta Italia' : `Spedizione in tutta Italia a ${formatEuro(italy.rateCents)}`;
  const free = italy.rateCents > 0 && italy.freeAboveCents !== null ? `, gratuita da ${formatEuro(italy.freeAboveCents)}` : '';
  const others = destinations.length - 1;
  const abroad = others === 0 ? '' : others === 1 ? ` · Spediamo anche in ${destinations[1]!.name}` : ` · Spediamo anche in altri ${others} paesi UE`;
  return `${rate}${free}${abroad}`;
}
