import { describe, expect, it } from 'vitest';
import { discountCentsFor, formatEuro, orderTotals } from './pricing.js';
import {
  DEFAULT_SHIPPING,
  destinationNamed,
  shippingSummary,
  freeShippingHint,
  missingForFreeShipping,
  shippingDestinations,
  shippingSettingsSchema,
} from './shipping.js';

const lines = (...cents: number[]) => cents.map((c) => ({ unitPriceCents: c, quantity: 1 }));
const italy = { rateCents: 599, freeAboveCents: 5000 };

describe('order totals', () => {
  it('charges the spec flat rate when the store set nothing', () => {
    expect(orderTotals(lines(1000))).toEqual({ subtotalCents: 1000, discountCents: 0, shippingCents: 599, surchargeCents: 0, totalCents: 1599 });
  });

  it('ships free from the threshold exactly, not one cent below', () => {
    expect(orderTotals(lines(5000), { shipping: italy }).shippingCents).toBe(0);
    expect(orderTotals(lines(4999), { shipping: italy }).shippingCents).toBe(599);
  });

  it('reaches the threshold by what the goods cost after the discount', () => {
    const t = orderTotals(lines(5200), { shipping: italy, discount: { kind: 'fixed', value: 500 } });
    expect(t).toMatchObject({ discountCents: 500, shippingCents: 599, totalCents: 4700 + 599 });
  });

  it('pickup ships nothing; cash on delivery adds its surcharge', () => {
    expect(orderTotals(lines(1000), { shipping: italy, charges: { surchargeCents: 0, freeShipping: true } }).totalCents).toBe(1000);
    expect(orderTotals(lines(1000), { shipping: italy, charges: { surchargeCents: 300, freeShipping: false } }).totalCents).toBe(1899);
  });

  it('an empty cart costs nothing', () => {
    expect(
      orderTotals([], { shipping: italy, discount: { kind: 'fixed', value: 500 }, charges: { surchargeCents: 300, freeShipping: false } }).totalCents,
    ).toBe(0);
  });
});

describe('discounts', () => {
  it('rounds a percentage half up to the cent', () => {
    expect(discountCentsFor(999, { kind: 'percent', value: 15 })).toBe(150); // 149.85
    expect(discountCentsFor(1010, { kind: 'percent', value: 5 })).toBe(51); // 50.5
    expect(discountCentsFor(1009, { kind: 'percent', value: 5 })).toBe(50); // 50.45
  });

  it('never takes off more than the goods cost', () => {
    expect(discountCentsFor(300, { kind: 'fixed', value: 1000 })).toBe(300);
    expect(discountCentsFor(300, { kind: 'percent', value: 100 })).toBe(300);
    expect(orderTotals(lines(300), { discount: { kind: 'fixed', value: 1000 } }).totalCents).toBe(599);
  });
});

describe('shipping settings', () => {
  it('lists Italy first, then the other countries by name', () => {
    const d = shippingDestinations({
      domestic: italy,
      countries: [
        { code: 'FR', rateCents: 1500, freeAboveCents: null },
        { code: 'AT', rateCents: 1400, freeAboveCents: 9000 },
      ],
    });
    expect(d.map((x) => x.name)).toEqual(['Italia', 'Austria', 'Francia']);
    expect(destinationNamed(d, 'Francia')?.rateCents).toBe(1500);
    expect(destinationNamed(d, 'Germania')).toBeNull();
    expect(shippingDestinations(DEFAULT_SHIPPING)).toEqual([{ code: 'IT', name: 'Italia', rateCents: 599, freeAboveCents: null }]);
  });

  it('sums the rates up for the footer', () => {
    const it1 = { code: 'IT', name: 'Italia', rateCents: 599, freeAboveCents: null };
    expect(shippingSummary([it1])).toBe(`Spedizione in tutta Italia a ${formatEuro(599)}`);
    expect(shippingSummary([{ ...it1, freeAboveCents: 5000 }])).toBe(`Spedizione in tutta Italia a ${formatEuro(599)}, gratuita da ${formatEuro(5000)}`);
    expect(
      shippingSummary([
        { ...it1, rateCents: 0 },
        { code: 'FR', name: 'Francia', rateCents: 1500, freeAboveCents: null },
      ]),
    ).toBe('Spedizione gratuita in tutta Italia · Spediamo anche in Francia');
  });

  it('tells how much is missing for free shipping', () => {
    expect(missingForFreeShipping({ code: 'IT', name: 'Italia', ...italy }, 3790)).toBe(1210);
    expect(missingForFreeShipping({ code: 'IT', name: 'Italia', ...italy }, 5000)).toBeNull();
    expect(freeShippingHint(1210)).toBe(`Ti mancano ${formatEuro(1210)} per la spedizione gratuita`);
    expect(formatEuro(1210)).toMatch(/^12,10\s€$/);
  });

  it('refuses negative rates, unknown or repeated countries and Italy among the others', () => {
    const ok = { domestic: italy, countries: [] };
    expect(shippingSettingsSchema.safeParse(ok).success).toBe(true);
    expect(shippingSettingsSchema.safeParse({ ...ok, domestic: { rateCents: -1, freeAboveCents: null } }).success).toBe(false);
    expect(shippingSettingsSchema.safeParse({ ...ok, countries: [{ code: 'US', rateCents: 100, freeAboveCents: null }] }).success).toBe(false);
    expect(shippingSettingsSchema.safeParse({ ...ok, countries: [{ code: 'IT', rateCents: 100, freeAboveCents: null }] }).success).toBe(false);
    const twice = { code: 'FR', rateCents: 100, freeAboveCents: null };
    expect(shippingSettingsSchema.safeParse({ ...ok, countries: [twice, twice] }).success).toBe(false);
  });
});
