import { describe, expect, it } from 'vitest';
import type { StorefrontProductDetail } from '@vetrina/shared';
import type { CartLine } from '../cart/cart-lines';
import { unavailableLines, unavailableMessage } from './unavailable-lines';

const line = (productId: string, title: string, variantId: string | null = null, variantLabel: string | null = null): CartLine => ({
  productId,
  variantId,
  title,
  variantLabel,
  price: 1000,
  image: null,
  quantity: 1,
});
const product = (id: string, variantIds: string[] = []) =>
  ({ id, variants: variantIds.map((v) => ({ id: v, label: v })) }) as unknown as StorefrontProductDetail;

describe('cart lines the store no longer sells', () => {
  const cart = [line('p1', 'Tazza'), line('p2', 'Maglia', 'v-m', 'M'), line('p3', 'Zaino'), line('p4', 'Borraccia')];

  it('names the products the store no longer shows and the variants that are gone', () => {
    const products = new Map([
      ['p1', null],
      ['p2', product('p2', ['v-l'])],
      ['p3', product('p3')],
    ]);
    const gone = unavailableLines(cart, products);
    expect(gone.map((l) => l.title)).toEqual(['Tazza', 'Maglia']);
    expect(unavailableMessage(gone)).toBe('Non sono più disponibili: "Tazza", "Maglia (M)". Toglili dal carrello e riprova.');
    expect(unavailableMessage(gone.slice(0, 1))).toBe('"Tazza" non è più disponibile: toglilo dal carrello e riprova.');
  });

  it('does not blame a line it could not check', () => {
    expect(unavailableLines(cart, new Map())).toEqual([]);
  });
});
