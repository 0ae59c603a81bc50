import { describe, expect, it } from 'vitest';
import { withdrawalWindow } from './withdrawal-window';

const at = (iso: string) => Date.parse(iso);

describe('the withdrawal period', () => {
  it('is open before delivery, with no last day', () => {
    expect(withdrawalWindow(null, at('2030-01-01T00:00:00Z'))).toEqual({ open: true, lastDay: null });
  });

  it('ends at Rome’s midnight after the 14th day from the delivery day', () => {
    // Delivered 1 December at 23:30 in Rome (22:30 UTC): the 14th day after is 15 December.
    const delivered = '2026-12-01T22:30:00Z';
    expect(withdrawalWindow(delivered, at('2026-12-15T22:59:00Z'))).toEqual({ open: true, lastDay: '15 dicembre 2026' });
    expect(withdrawalWindow(delivered, at('2026-12-15T23:00:00Z'))).toEqual({ open: false, lastDay: '15 dicembre 2026' });
  });

  it('counts Rome’s day across the clock change (summer time ends on 25 October 2026)', () => {
    // Delivered 20 October at 00:30 in Rome (22:30 UTC on the 19th): the last day is 3 November, in winter time.
    const delivered = '2026-10-19T22:30:00Z';
    expect(withdrawalWindow(delivered, at('2026-11-03T22:59:59Z'))).toEqual({ open: true, lastDay: '3 novembre 2026' });
    expect(withdrawalWindow(delivered, at('2026-11-03T23:00:00Z')).open).toBe(false);
  });
});
