import { describe, expect, it } from 'vitest';
import { addDays, periodDays, romeDay } from './stats';

describe('Rome calendar days', () => {
  it('puts an instant on the day it is in Rome, across both clock changes', () => {
    expect(romeDay('2026-01-15T22:59:59Z')).toBe('2026-01-15');
    expect(romeDay('2026-01-15T23:00:00Z')).toBe('2026-01-16');
    // Summer time (UTC+2): 22:30 UTC is already tomorrow in Rome.
    expect(romeDay('2026-07-01T22:30:00Z')).toBe('2026-07-02');
    expect(romeDay('2026-03-29T00:30:00Z')).toBe('2026-03-29');
    expect(romeDay('2026-10-24T22:30:00Z')).toBe('2026-10-25');
  });

  it('counts periods back from today, oldest first, over month and year ends', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(periodDays('today', '2026-01-02')).toEqual(['2026-01-02']);
    expect(periodDays('7d', '2026-01-02')).toEqual(['2025-12-27', '2025-12-28', '2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', '2026-01-02']);
    expect(periodDays('30d', '2026-03-29')).toHaveLength(30);
    expect(periodDays('30d', '2026-03-29')[0]).toBe('2026-02-28');
    expect(periodDays('today', '2026-03-29', 7)).toHaveLength(7);
  });
});
