import type { StorefrontProductDetail, StorefrontVariant } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';

/** Units the shopper can still add: the variant's (or product's) stock minus what is already in the cart. */
export function unitsFor(product: StorefrontProductDetail, variant: StorefrontVariant | null) {
  return Math.max(0, variant ? variant.available : product.variants.length ? 0 : product.available);
}

export function availabilityText(product: StorefrontProductDetail, variant: StorefrontVariant | null): string {
  if (product.soldOut) return 'Esaurito';
  if (product.variants.length && !variant) return 'Seleziona una variante per vedere la disponibilità';
  const n = unitsFor(product, variant);
  if (n <= 0) return 'Esaurito';
  if (n === 1) return 'Ultimo pezzo disponibile';
  if (n <= 5) return `Ultimi ${plural(n, 'pezzo', 'pezzi')} disponibili`;
  return `Disponibile (${plural(n, 'pezzo', 'pezzi')})`;
}
