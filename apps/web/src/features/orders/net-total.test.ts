import { describe, expect, it } from 'vitest';
import { netTotal } from './net-total';

describe('the total in the orders list', () => {
  it('is the total when nothing was refunded', () => {
    expect(netTotal({ totalCents: 5099, refundedCents: 0 })).toEqual({ net: '50,99\u00a0€', refunded: null, original: null });
  });

  it('is net of refunds, saying what went back and what the order was', () => {
    expect(netTotal({ totalCents: 5099, refundedCents: 2599 })).toEqual({
      net: '25,00\u00a0€',
      refunded: 'rimborsati 25,99\u00a0€',
      original: 'Totale dell’ordine 50,99\u00a0€',
    });
    expect(netTotal({ totalCents: 5099, refundedCents: 5099 }).net).toBe('0,00\u00a0€');
  });
});
