import { describe, expect, it } from 'vitest';
import { EU_COUNTRIES } from './shipping.js';
import { compareItalian, formatEuro, formatNumber, isSingular } from './italian-format.js';

// The hand-written formats must print exactly what Intl printed before (pages, mails, CSV files and
// error messages keep their text); Intl itself is the reference here.
const intlEuro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' } as Intl.NumberFormatOptions);
const intlCount = new Intl.NumberFormat('it-IT', { useGrouping: 'always' } as Intl.NumberFormatOptions);

/** Amounts around every grouping boundary, both signs, and a spread of ordinary prices. */
function amounts(): number[] {
  const out = [0, 1, 9, 10, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 999_999, 1_000_000, 2 ** 40];
  for (let c = 0; c < 200_000; c += 37) out.push(c);
  for (let p = 1; p <= 1e13; p *= 10) out.push(p - 1, p, p + 1);
  return [...out, ...out.map((c) => -c)];
}

describe('formatEuro', () => {
  it('prints what Intl prints for it-IT euros, grouped from 1.000', () => {
    for (const cents of amounts()) expect(formatEuro(cents)).toBe(intlEuro.format(cents / 100));
    expect(formatEuro(123_450)).toBe('1.234,50\u00a0€');
    expect(formatEuro(-5)).toBe('-0,05\u00a0€');
  });
  it('rounds fractions of a cent as Intl does', () => {
    for (const cents of [0.4, 0.5, 1.5, 2.5, 10.49, -0.4, -0.5, -2.5, -0]) expect(formatEuro(cents)).toBe(intlEuro.format(cents / 100));
  });
});

describe('formatNumber', () => {
  it('prints counts as Intl does, grouped from 1.000', () => {
    for (const n of amounts()) expect(formatNumber(n)).toBe(intlCount.format(n));
  });
  it('prints decimals with a comma, rounded half away from zero, within the digits asked', () => {
    const values = [0.5, 1.25, 2.5, 1.005, 12.3456, 1234.5678, 0.0004, 0.0005, -3.14159, 1e-7, 25.05, 99.95];
    for (const v of values) {
      expect(formatNumber(v)).toBe(intlCount.format(v));
      for (const [min, max] of [
        [1, 1],
        [0, 1],
        [2, 2],
        [0, 0],
      ] as const) {
        const intl = new Intl.NumberFormat('it-IT', {
          useGrouping: 'always',
          minimumFractionDigits: min,
          maximumFractionDigits: max,
        } as Intl.NumberFormatOptions);
        expect(formatNumber(v, min, max), `${v} ${min}-${max}`).toBe(intl.format(v));
      }
    }
    expect(formatNumber(25, 1)).toBe('25,0');
    expect(formatNumber(1536 / 1024, 0, 1)).toBe('1,5');
  });
});

describe('isSingular', () => {
  it('agrees with Intl’s Italian plural rules', () => {
    const rules = new Intl.PluralRules('it-IT');
    for (const n of [0, 1, 2, 1.5, 0.5, 11, 21, 101, 1000, -1]) expect(isSingular(n)).toBe(rules.select(n) === 'one');
  });
});

describe('compareItalian', () => {
  it('orders names ignoring case and accents, as an Italian collation does', () => {
    const names = [...EU_COUNTRIES.map((c) => c.name), 'éire', 'Ëstonia', 'ucraina', 'Zanzibar', 'àustria'];
    const collator = new Intl.Collator('it');
    expect([...names].sort(compareItalian)).toEqual([...names].sort(collator.compare));
    expect([...names].reverse().sort(compareItalian)).toEqual([...names].sort(collator.compare));
  });
});
