import { describe, expect, it } from 'vitest';
import { countOf, formatDay, formatLongDay, formatMoneyOrDash, formatRate } from './stats-format';

describe('home number formats (it-IT)', () => {
  it('writes rates as Italian percentages and a dash without visits', () => {
    expect(formatRate(0.0345).replace(/\s/g, ' ')).toBe('3,5%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
  });

  it('writes money in euros and a dash without orders', () => {
    expect(formatMoneyOrDash(123450).replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatMoneyOrDash(null)).toBe('—');
  });

  it('shows a stats day as that calendar date whatever the browser’s time zone', () => {
    expect(formatDay('2026-03-29')).toBe('29 mar');
    expect(formatLongDay('2026-01-01')).toBe('giovedì 1 gennaio');
  });

  it('agrees words with numbers', () => {
    expect(countOf(1, 'ordine', 'ordini')).toBe('1 ordine');
    expect(countOf(12000, 'ordine', 'ordini')).toBe('12.000 ordini');
  });
});
