import { describe, expect, it } from 'vitest';
import { euroBoundCents, listParams } from './list-params';

describe('price bounds of the products page', () => {
  it('reads bounds the way Italians type them', () => {
    expect(euroBoundCents('12,90')).toBe(1290);
    expect(euroBoundCents('12.90')).toBe(1290);
    expect(euroBoundCents('1.234,50')).toBe(123450);
    expect(euroBoundCents('abc')).toBeNull();
    expect(euroBoundCents('-3')).toBeNull();
  });
  it('keeps valid bounds from the link, swaps them when reversed and drops the rest', () => {
    const p = listParams(new URLSearchParams('minPrice=1.234,50&maxPrice=99,90'));
    expect([p.minPrice, p.maxPrice]).toEqual(['99,90', '1.234,50']);
    expect(listParams(new URLSearchParams('minPrice=dieci')).minPrice).toBeUndefined();
  });
});
