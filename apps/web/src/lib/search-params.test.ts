import { describe, expect, it } from 'vitest';
import { pageParam, withParamChanges } from './search-params';

describe('withParamChanges', () => {
  it('sets the filled values, removes the empty ones and keeps the rest', () => {
    const prev = new URLSearchParams('status=pending&search=rossi&page=3');
    const next = withParamChanges(prev, { status: 'shipped', search: '', page: null, sort: 'total' });
    expect(next.toString()).toBe('status=shipped&sort=total');
    expect(prev.toString()).toBe('status=pending&search=rossi&page=3');
  });
});

describe('pageParam', () => {
  it('reads a whole page from 1, and page 1 for anything else', () => {
    expect(pageParam(new URLSearchParams('page=4'))).toBe(4);
    expect(pageParam(new URLSearchParams('page=2.7'))).toBe(2);
    expect(pageParam(new URLSearchParams('page=-3'))).toBe(1);
    expect(pageParam(new URLSearchParams('page=tre'))).toBe(1);
    expect(pageParam(new URLSearchParams(''))).toBe(1);
  });
});
