import { describe, expect, it } from 'vitest';
import { LIMITS } from '@vetrina/shared/constants';
import { formatCents } from '@/lib/format';
import type { CartLine } from '../cart/cart-lines';
import { cartOrderTotals, shippingText, surchargeLabel } from './checkout-totals';

const line = (price: number, quantity: number): CartLine => ({
  productId: `p${price}`,
  variantId: null,
  title: 'Tazza',
  variantLabel: null,
  price,
  image: null,
  quantity,
});

describe('cart totals by the shared price rules', () => {
  it('without a method: subtotal plus flat shipping (the cart drawer)', () => {
    expect(cartOrderTotals([line(1290, 2), line(500, 1)])).toEqual({
      subtotalCents: 3080,
      discountCents: 0,
      shippingCents: LIMITS.shippingCents,
      surchargeCents: 0,
      totalCents: 3080 + LIMITS.shippingCents,
    });
  });

  it('an empty cart costs nothing, whatever the method', () => {
    expect(cartOrderTotals([], { charges: { surchargeCents: 300, freeShipping: false } }).totalCents).toBe(0);
  });

  it('takes the destination and the discount into account, as the server does', () => {
    const t = cartOrderTotals([line(2000, 2)], { shipping: { rateCents: 1290, freeAboveCents: 5000 }, discount: { kind: 'percent', value: 10 } });
    expect(t).toEqual({ subtotalCents: 4000, discountCents: 400, shippingCents: 1290, surchargeCents: 0, totalCents: 3600 + 1290 });
  });

  it('names the shipping and surcharge lines', () => {
    expect(shippingText(599, 'cod', formatCents)).toBe(formatCents(599));
    expect(shippingText(0, 'pickup', formatCents)).toBe('Ritiro in negozio');
    expect(shippingText(0, 'bank_transfer', formatCents)).toBe('Gratuita');
    expect(surchargeLabel('cod')).toBe('Supplemento contrassegno');
    expect(surchargeLabel(null)).toBe('Supplemento');
  });
});
