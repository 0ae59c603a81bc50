import { describe, expect, it } from 'vitest';
import { CHECKOUT_MAX_QTY, LIMITS } from '@vetrina/shared';
import { FEATURED_PRODUCTS, HOME_CATEGORIES } from './api';
import { MAX_QUANTITY } from './cart/cart-lines';

// The storefront reads these from @vetrina/shared/constants (no zod in its first load); the
// re-exports it uses must keep matching the spec limits.
describe('storefront constants follow @vetrina/shared', () => {
  it('matches the spec limits', () => {
    expect(FEATURED_PRODUCTS).toBe(LIMITS.featuredProducts);
    expect(HOME_CATEGORIES).toBe(LIMITS.homeCategories);
    expect(MAX_QUANTITY).toBe(CHECKOUT_MAX_QTY);
  });
});
