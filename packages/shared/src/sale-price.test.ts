import { describe, expect, it } from 'vitest';
import { productFormSchema, productInputSchema } from './catalog.js';
import { discountPercent, fromCompareAtCents, saleCompareAt, variantCompareAtCents } from './sale-price.js';

describe('discountPercent', () => {
  it('is the whole percent off, rounded down so a badge never promises more', () => {
    expect(discountPercent(4000, 5000)).toBe(20);
    expect(discountPercent(3990, 4990)).toBe(20); // 20.04%
    expect(discountPercent(6667, 10000)).toBe(33); // 33.33%
    expect(discountPercent(1, 100)).toBe(99);
    expect(discountPercent(0, 1000)).toBe(100);
  });

  it('is 0 for a sale under 1% (struck price, no badge) and null without a sale', () => {
    expect(discountPercent(4990, 5000)).toBe(0);
    expect(discountPercent(5000, 5000)).toBeNull();
    expect(discountPercent(5000, 4000)).toBeNull();
    expect(discountPercent(5000, null)).toBeNull();
    expect(discountPercent(5000, undefined)).toBeNull();
  });
});

describe('compare-at of variants and cards', () => {
  it('a variant has its own, or the product’s plus its difference', () => {
    expect(variantCompareAtCents(5000, { compareAtCents: null, priceDeltaCents: 500 })).toBe(5500);
    expect(variantCompareAtCents(5000, { compareAtCents: 7000, priceDeltaCents: 500 })).toBe(7000);
    expect(variantCompareAtCents(null, { compareAtCents: null, priceDeltaCents: 500 })).toBeNull();
    expect(saleCompareAt(4500, 4500)).toBeNull();
    expect(saleCompareAt(4500, 5500)).toBe(5500);
  });

  it('the "from" price carries the cheapest units’ compare-at, none if one of them has none', () => {
    expect(fromCompareAtCents([])).toBeNull();
    expect(
      fromCompareAtCents([
        { priceCents: 4000, compareAtCents: 5000 },
        { priceCents: 4500, compareAtCents: null },
      ]),
    ).toBe(5000);
    expect(
      fromCompareAtCents([
        { priceCents: 4000, compareAtCents: null },
        { priceCents: 4500, compareAtCents: 9000 },
      ]),
    ).toBeNull();
    expect(
      fromCompareAtCents([
        { priceCents: 4000, compareAtCents: 6000 },
        { priceCents: 4000, compareAtCents: 5000 },
      ]),
    ).toBe(5000);
    expect(
      fromCompareAtCents([
        { priceCents: 4000, compareAtCents: 6000 },
        { priceCents: 4000, compareAtCents: null },
      ]),
    ).toBeNull();
  });
});

describe('compare-at validation', () => {
  const product = { title: 'Borsa', priceCents: 4000, sku: 'B-1' };
  it('accepts a compare-at above the price, or none', () => {
    expect(productInputSchema.parse({ ...product, compareAtCents: 5000 }).compareAtCents).toBe(5000);
    expect(productInputSchema.parse(product).compareAtCents).toBeNull();
    expect(productInputSchema.parse({ ...product, compareAtCents: null }).compareAtCents).toBeNull();
  });

  it('refuses one not above the price, with the Italian message on the field', () => {
    for (const compareAtCents of [4000, 3999]) {
      const issue = productInputSchema.safeParse({ ...product, compareAtCents }).error?.issues[0];
      expect(issue?.message).toBe('Il prezzo pieno deve essere maggiore del prezzo di vendita');
      expect(issue?.path).toEqual(['compareAtCents']);
    }
    expect(productInputSchema.safeParse({ ...product, compareAtCents: 12.5 }).error?.issues[0]?.message).toBe(
      'Inserisci un prezzo pieno valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali)',
    );
  });

  it('the form takes euros as typed', () => {
    const form = { title: 'Borsa', slug: '', description: '', price: '40', sku: 'B-1', stock: 0, categoryId: '', status: 'draft' as const };
    expect(productFormSchema.safeParse({ ...form, compareAt: '50,00' }).success).toBe(true);
    expect(productFormSchema.safeParse({ ...form, compareAt: '' }).success).toBe(true);
    expect(productFormSchema.safeParse({ ...form, compareAt: '40,00' }).error?.issues[0]?.message).toBe(
      'Il prezzo pieno deve essere maggiore del prezzo di vendita',
    );
    expect(productFormSchema.safeParse({ ...form, compareAt: 'dieci' }).error?.issues[0]?.message).toBe(
      'Inserisci un prezzo pieno valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali)',
    );
  });
});
