import { describe, expect, it } from 'vitest';
import { LANDING_STATS } from './stats';

describe('landing page figures', () => {
  it('read exactly as Intl prints them in Italian, without building an Intl formatter in the page', () => {
    const values = LANDING_STATS.map((s) => s.value);
    expect(values).toEqual([
      `${new Intl.NumberFormat('it-IT').format(10_000)}+`,
      new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', notation: 'compact' }).format(45_000_000),
      new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 1 }).format(0.987),
      new Intl.NumberFormat('it-IT', { style: 'unit', unit: 'second' }).format(0.8),
      new Intl.NumberFormat('it-IT', { style: 'percent', minimumFractionDigits: 1 }).format(0.999),
    ]);
    expect(values).toEqual(['10.000+', '45\u00a0Mln\u00a0€', '98,7%', '0,8 s', '99,9%']);
  });
});
