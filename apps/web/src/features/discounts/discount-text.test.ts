import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { availabilityNote, discountAmountLabel, usesLabel, validityLabel, validityLines } from './discount-text';

const START = '2026-06-01T07:00:00.000Z';
const END = '2026-06-30T21:59:00.000Z';
const code = { active: true, startsAt: null, endsAt: null, uses: 0, maxUses: null };

describe('discount texts of the list', () => {
  it('reads the discount with a minus sign, in Italian money', () => {
    expect(discountAmountLabel({ kind: 'percent', value: 20 })).toBe('\u221220%');
    expect(discountAmountLabel({ kind: 'fixed', value: 500 })).toBe('\u22125,00\u00a0€');
    expect(discountAmountLabel({ kind: 'fixed', value: 123450 })).toBe('\u22121.234,50\u00a0€');
  });

  it('says the validity window in it-IT dates', () => {
    expect(validityLabel({ startsAt: START, endsAt: END })).toBe(`dal ${formatDateTime(START)} al ${formatDateTime(END)}`);
    expect(validityLabel({ startsAt: START, endsAt: null })).toBe(`dal ${formatDateTime(START)}`);
    expect(validityLabel({ startsAt: null, endsAt: END })).toBe(`fino al ${formatDateTime(END)}`);
    expect(validityLabel({ startsAt: null, endsAt: null })).toBe('Sempre valido');
    expect(validityLines({ startsAt: START, endsAt: END })).toEqual([`dal ${formatDateTime(START)}`, `al ${formatDateTime(END)}`]);
    expect(formatDateTime(START)).toMatch(/giu 2026/);
  });

  it('counts uses against the total', () => {
    expect(usesLabel({ uses: 3, maxUses: 100 })).toBe('3 / 100');
    expect(usesLabel({ uses: 0, maxUses: null })).toBe('0 / illimitati');
  });

  it('tells why an active code would be refused now', () => {
    const now = Date.parse('2026-06-15T12:00:00Z');
    expect(availabilityNote(code, now)).toBeNull();
    expect(availabilityNote({ ...code, endsAt: '2026-06-10T00:00:00Z' }, now)).toBe('Scaduto');
    expect(availabilityNote({ ...code, startsAt: '2026-07-01T00:00:00Z' }, now)).toBe('Non ancora valido');
    expect(availabilityNote({ ...code, uses: 5, maxUses: 5 }, now)).toBe('Esaurito');
    expect(availabilityNote({ ...code, active: false, uses: 5, maxUses: 5 }, now)).toBeNull();
  });
});
