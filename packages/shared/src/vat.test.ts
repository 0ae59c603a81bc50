import { describe, expect, it } from 'vitest';
import { orderVat, splitVat, type VatCode } from './vat.js';

const only = (items: Array<[number, VatCode]>, extra: Partial<Parameters<typeof orderVat>[0]> = {}) =>
  orderVat({
    items: items.map(([grossCents, vatCode]) => ({ grossCents, vatCode })),
    discountCents: 0,
    shippingCents: 0,
    surchargeCents: 0,
    defaultCode: '22',
    ...extra,
  });

describe('splitVat: a VAT-inclusive amount into taxable and VAT, half up', () => {
  it.each([
    [1, '22', 1, 0], // 0,01 €: 0,0082 of taxable rounds to the cent, no VAT
    [999, '22', 819, 180], // 9,99 / 1,22 = 8,1885 → 8,19
    [122, '22', 100, 22],
    [61, '22', 50, 11], // 0,61 / 1,22 = 0,50 exactly
    [1100, '10', 1000, 100],
    [105, '5', 100, 5],
    [1100, '4', 1058, 42], // 10,5769 → 10,58
    [2500, 'N2.2', 2500, 0],
    [0, '22', 0, 0],
  ] as const)('%i cents at %s → %i + %i', (gross, code, taxable, vat) => {
    expect(splitVat(gross, code)).toEqual({ taxableCents: taxable, vatCents: vat });
  });

  it('an exact half cent rounds up, and away from zero for a negative line', () => {
    // 0,13 € at 4%: 13 × 100 / 104 = 12,5 cents exactly (4% is the only rate with exact halves).
    expect(splitVat(13, '4')).toEqual({ taxableCents: 13, vatCents: 0 });
    expect(splitVat(-13, '4')).toEqual({ taxableCents: -13, vatCents: 0 });
    expect(splitVat(-999, '22')).toEqual({ taxableCents: -819, vatCents: -180 });
  });

  it('taxable + VAT is always the gross, for every amount from 0 to 100 € at every rate', () => {
    for (const code of ['22', '10', '5', '4'] as const) {
      for (let gross = 0; gross <= 10_000; gross += 7) {
        const s = splitVat(gross, code);
        expect(s.taxableCents + s.vatCents).toBe(gross);
        // Never more than half a cent away from the exact split.
        expect(Math.abs(s.taxableCents - (gross * 100) / (100 + Number(code)))).toBeLessThanOrEqual(0.5);
      }
    }
  });
});

describe('orderVat: per line, then summed', () => {
  it('3 × 3,33 € is one line of 9,99 €: split once, not three times', () => {
    const v = only([[999, '22']]);
    expect(v.items[0]).toMatchObject({ taxableCents: 819, vatCents: 180 });
    expect(v.summary).toEqual([{ vatCode: '22', taxableCents: 819, vatCents: 180 }]);
  });

  it('mixed rates keep one summary row per code, rates first, then natures', () => {
    const v = only([
      [1100, '4'],
      [2440, '22'],
      [500, 'N4'],
      [1100, '10'],
    ]);
    expect(v.summary.map((r) => r.vatCode)).toEqual(['22', '10', '4', 'N4']);
    expect(v.taxableCents + v.vatCents).toBe(1100 + 2440 + 500 + 1100);
  });

  it('shipping and the surcharge are charged at the store default rate', () => {
    const v = only([[1000, '10']], { shippingCents: 599, surchargeCents: 300, defaultCode: '22' });
    expect(v.shipping).toMatchObject({ vatCode: '22', grossCents: 599, taxableCents: 491, vatCents: 108 });
    expect(v.surcharge).toMatchObject({ vatCode: '22', taxableCents: 246, vatCents: 54 });
    expect(v.summary).toEqual([
      { vatCode: '22', taxableCents: 491 + 246, vatCents: 108 + 54 },
      { vatCode: '10', taxableCents: 909, vatCents: 91 },
    ]);
  });

  it('a discount is split across codes in proportion to their goods, to the cent, as negative lines', () => {
    // 10 € at 22% and 5 € at 10%; 1 € off: 0,67 and 0,33 (largest remainder).
    const v = only(
      [
        [1000, '22'],
        [500, '10'],
      ],
      { discountCents: 100 },
    );
    expect(v.discounts.map((d) => [d.vatCode, d.grossCents])).toEqual([
      ['22', -67],
      ['10', -33],
    ]);
    expect(v.discounts[0]).toMatchObject({ taxableCents: -55, vatCents: -12 });
    expect(v.taxableCents + v.vatCents).toBe(1500 - 100);
  });

  it('a discount equal to the goods leaves only shipping taxed', () => {
    const v = only([[1000, '22']], { discountCents: 1000, shippingCents: 500 });
    expect(v.summary).toEqual([{ vatCode: '22', taxableCents: 410, vatCents: 90 }]);
  });

  it('an empty order has no VAT', () => {
    expect(only([])).toMatchObject({ summary: [], taxableCents: 0, vatCents: 0, shipping: null, surcharge: null });
  });
});
