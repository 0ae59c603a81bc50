import type { StorefrontProductDetail } from '@vetrina/shared';
import type { CartLine } from '../cart/cart-lines';

/**
 * The cart lines the store no longer sells. The server does not name them (the product may now be
 * a draft); the shopper's own cart still knows the titles they saw. `null` is a product the store
 * answered 'not found' for; a missing entry is one we could not check, so it is not blamed.
 */
export function unavailableLines(lines: CartLine[], products: Map<string, StorefrontProductDetail | null>): CartLine[] {
  return lines.filter((line) => {
    const product = products.get(line.productId);
    if (product === undefined) return false;
    return product === null || (line.variantId !== null && !product.variants.some((v) => v.id === line.variantId));
  });
}

export function unavailableMessage(lines: CartLine[]): string {
  const names = lines.map((l) => `"${l.variantLabel ? `${l.title} (${l.variantLabel})` : l.title}"`).join(', ');
  return lines.length === 1
    ? `${names} non è più disponibile: toglilo dal carrello e riprova.`
    : `Non sono più disponibili: ${names}. Toglili dal carrello e riprova.`;
}
