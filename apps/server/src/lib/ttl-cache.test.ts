import { expect, it } from 'vitest';
import { ttlCache } from './ttl-cache.js';

it('expires entries, evicts the oldest past the bound and invalidates by prefix', () => {
  let t = 0;
  const c = ttlCache<string>({ ttlMs: 100, maxEntries: 2, now: () => t });
  c.set('a:1', 'x');
  c.set('a:2', 'y');
  c.set('b:1', 'z');
  expect(c.get('a:1')).toBeUndefined();
  expect(c.get('a:2')).toBe('y');
  c.invalidate('a:');
  expect(c.get('a:2')).toBeUndefined();
  expect(c.get('b:1')).toBe('z');
  t = 100;
  expect(c.get('b:1')).toBeUndefined();
});
