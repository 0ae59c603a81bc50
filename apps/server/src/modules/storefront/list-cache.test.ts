import { expect, it } from 'vitest';
import { listCache } from './list-cache.js';

it("keeps a store's entries until that store changes, and only that store's", () => {
  const cache = listCache({ ttlMs: 60_000, maxEntries: 100 });
  cache.of('alfa').set('card', 'p1', '{"title":"Scarpe"}');
  cache.of('beta').set('card', 'p1', '{"title":"Borsa"}');
  expect(cache.of('alfa').get('card', 'p1')).toBe('{"title":"Scarpe"}');
  expect(cache.of('beta').get('card', 'p1')).toBe('{"title":"Borsa"}');
  cache.drop('alfa');
  expect(cache.of('alfa').get('card', 'p1')).toBeUndefined();
  expect(cache.of('beta').get('card', 'p1')).toBe('{"title":"Borsa"}');
  expect(cache.size).toBe(1);
});

it('never keeps what was read before the store changed', () => {
  const cache = listCache({ ttlMs: 60_000, maxEntries: 100 });
  const request = cache.of('alfa');
  // The card is read from the database, then a write lands before it is kept.
  cache.drop('alfa');
  request.set('card', 'p1', '{"soldOut":false}');
  expect(cache.of('alfa').get('card', 'p1')).toBeUndefined();
  cache.of('alfa').set('card', 'p1', '{"soldOut":true}');
  expect(cache.of('alfa').get('card', 'p1')).toBe('{"soldOut":true}');
});

it('forgets a store’s entries together after their lifetime, keeps nothing with a lifetime of 0, and stays within its bound', () => {
  let t = 0;
  const cache = listCache({ ttlMs: 1000, maxEntries: 3, now: () => t });
  cache.of('alfa').set('card', 'p1', '1');
  t = 500;
  cache.of('alfa').set('card', 'p2', '2');
  t = 999;
  expect(cache.of('alfa').get('card', 'p1')).toBe('1');
  // A store's entries live together, counted from its first one.
  t = 1000;
  expect(cache.of('alfa').get('card', 'p2')).toBeUndefined();
  expect(cache.size).toBe(0);

  for (const id of ['p1', 'p2', 'p3', 'p4']) cache.of('alfa').set('card', id, id);
  expect(cache.size).toBe(3);
  expect(cache.of('alfa').get('card', 'p4')).toBeUndefined();
  // A new store makes room by letting the least recently started store go whole.
  cache.of('beta').set('card', 'q1', 'q1');
  expect(cache.size).toBe(1);
  expect(cache.of('beta').get('card', 'q1')).toBe('q1');
  expect(cache.of('alfa').get('card', 'p1')).toBeUndefined();

  const off = listCache({ ttlMs: 0, maxEntries: 3 });
  off.of('alfa').set('card', 'p1', '1');
  expect(off.of('alfa').get('card', 'p1')).toBeUndefined();
});

it('keeps each kind of entry apart: a card, a total and a checkpoint may share a key', () => {
  const cache = listCache({ ttlMs: 60_000, maxEntries: 100 });
  const alfa = cache.of('alfa');
  alfa.set('card', 'x', '{"title":"Tazza"}');
  alfa.set('total', 'x', { n: 3, capped: false });
  alfa.set('from', 'x', ['2026-01-01', 'p1']);
  expect(cache.of('alfa').get('card', 'x')).toBe('{"title":"Tazza"}');
  expect(cache.of('alfa').get('total', 'x')).toEqual({ n: 3, capped: false });
  expect(cache.of('alfa').get('from', 'x')).toEqual(['2026-01-01', 'p1']);
  expect(cache.size).toBe(3);
  cache.drop('alfa');
  expect(cache.size).toBe(0);
});

it('counts what it holds exactly when a store is started afresh during a request', () => {
  let t = 0;
  const cache = listCache({ ttlMs: 1000, maxEntries: 100, now: () => t });
  const slow = cache.of('alfa');
  cache.of('alfa').set('card', 'p1', '1');
  // The store's entries expire and another request starts them afresh; the slow request then keeps its card.
  t = 1000;
  cache.of('alfa').set('card', 'p2', '2');
  slow.set('card', 'p3', '3');
  expect(cache.of('alfa').get('card', 'p3')).toBe('3');
  expect(cache.of('alfa').get('card', 'p1')).toBeUndefined();
  expect(cache.size).toBe(2);
});

it('bounds what it keeps by weight too: long texts fill it sooner than small numbers, and a replaced entry is weighed again', () => {
  const card = 'x'.repeat(920); // with its place in the maps, 1,000
  const cache = listCache({ ttlMs: 60_000, maxEntries: 100, maxBytes: 3_000 });
  for (const id of ['p1', 'p2', 'p3', 'p4']) cache.of('alfa').set('card', id, card);
  expect(cache.size).toBe(3);
  expect(cache.bytes).toBe(3_000);
  expect(cache.of('alfa').get('card', 'p4')).toBeUndefined();
  // A replaced entry weighs its new value: a shorter card leaves room for a total.
  cache.of('alfa').set('card', 'p3', 'y');
  expect(cache.bytes).toBe(2_081);
  cache.of('alfa').set('total', 'casa', 12);
  expect(cache.of('alfa').get('total', 'casa')).toBe(12);
  expect(cache.bytes).toBe(2_161);
  cache.of('alfa').set('card', 'p5', card);
  expect(cache.bytes).toBe(3_161);
  // A new store makes room by letting whole stores go; their weight goes with them.
  cache.of('beta').set('card', 'q1', card);
  expect(cache.of('alfa').get('card', 'p1')).toBeUndefined();
  expect(cache.of('beta').get('card', 'q1')).toBe(card);
  expect(cache.size).toBe(1);
  expect(cache.bytes).toBe(1_000);
});

it('lets a store’s entries go once their lifetime is over, even if that store is never read again', () => {
  let t = 0;
  const cache = listCache({ ttlMs: 1000, maxEntries: 100, now: () => t });
  cache.of('alfa').set('card', 'p1', 'x'.repeat(100));
  t = 600;
  cache.of('beta').set('card', 'q1', 'y');
  expect(cache.size).toBe(2);
  t = 1000;
  // Only beta is asked for: alfa's entries, started at 0, go; beta's, started at 600, stay.
  expect(cache.of('beta').get('card', 'q1')).toBe('y');
  expect(cache.size).toBe(1);
  expect(cache.bytes).toBe(81);
});
