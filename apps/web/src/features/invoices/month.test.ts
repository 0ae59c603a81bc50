import { describe, expect, it } from 'vitest';
import { currentMonth, formatMonth, isMonth } from './month';

describe('month helpers', () => {
  it('reads the month in Italy: late on 31 March UTC is already April in Rome', () => {
    expect(currentMonth(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04');
    expect(currentMonth(new Date('2026-03-31T21:30:00Z'))).toBe('2026-03');
  });

  it('accepts only YYYY-MM months', () => {
    expect(isMonth('2026-03')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-3')).toBe(false);
    expect(isMonth('')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });

  it('names the month in Italian', () => {
    expect(formatMonth('2026-03')).toBe('marzo 2026');
    expect(formatMonth('2026-12')).toBe('dicembre 2026');
  });
});
