import { describe, expect, it } from 'vitest';
import { singleFlight, ttlCache } from './ttl-cache.js';

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

describe('ttlCache weight bound', () => {
  it('drops the oldest entries when the total weight would pass the bound, and refuses an entry heavier than it', () => {
    const cache = ttlCache<string>({ ttlMs: 60_000, maxEntries: 100, weigh: (s) => s.length, maxWeight: 10 });
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.set('c', 'xxxx');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('xxxx');
    expect(cache.get('c')).toBe('xxxx');
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
    // Replacing and invalidating give their weight back.
    cache.set('b', 'xx');
    cache.invalidate('c');
    cache.set('d', 'xxxxxxxx');
    expect(cache.get('b')).toBe('xx');
    expect(cache.get('d')).toBe('xxxxxxxx');
  });
});

describe('singleFlight', () => {
  it('runs one load for concurrent misses of a key, and a new one after it settles (failures included)', async () => {
    const once = singleFlight<number>();
    let loads = 0;
    let release!: (n: number) => void;
    const slow = () => {
      loads++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const waiting = [once('a', slow), once('a', slow), once('a', slow)];
    expect(loads).toBe(1);
    release(7);
    expect(await Promise.all(waiting)).toEqual([7, 7, 7]);
    await expect(once('a', () => Promise.reject(new Error('giù')))).rejects.toThrow('giù');
    expect(await once('a', async () => 8)).toBe(8);
    expect(await once('b', async () => 9)).toBe(9);
  });
});

describe('ttlCache memory', () => {
  it('lets expired entries go when new ones arrive, so it holds only what is alive', () => {
    let t = 0;
    const c = ttlCache<string>({ ttlMs: 100, maxEntries: 1000, now: () => t, weigh: (s) => s.length, maxWeight: 1_000_000 });
    for (let i = 0; i < 50; i++) c.set(`s|${i}`, 'x'.repeat(10));
    expect(c.size).toBe(50);
    t = 150;
    c.set('s|new', 'y');
    expect(c.size).toBe(1);
    expect(c.weight).toBe(1);
  });

  it('keeps nothing when its lifetime is 0 (cache off)', () => {
    const c = ttlCache<string>({ ttlMs: 0, maxEntries: 10 });
    c.set('a|1', 'x');
    expect(c.size).toBe(0);
    expect(c.get('a|1')).toBeUndefined();
  });

  it("drops one store's group by its 'slug|' prefix and leaves stores whose slug merely starts the same", () => {
    const c = ttlCache<string>({ ttlMs: 60_000, maxEntries: 100 });
    c.set('negozio|list', '1');
    c.set('negozio|html|/store/negozio', '2');
    c.set('negozio-due|list', '3');
    c.invalidate('negozio|');
    expect(c.get('negozio|list')).toBeUndefined();
    expect(c.get('negozio|html|/store/negozio')).toBeUndefined();
    expect(c.get('negozio-due|list')).toBe('3');
    // A plain prefix still drops every key that starts with it.
    c.set('negozio|list', '1');
    c.invalidate('negozio');
    expect(c.size).toBe(0);
  });
});
