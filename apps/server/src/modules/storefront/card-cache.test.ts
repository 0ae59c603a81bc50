import { expect, it } from 'vitest';
import { cardCache } from './card-cache.js';

it("keeps a store's cards until that store changes, and only that store's", () => {
  const cards = cardCache({ ttlMs: 60_000, maxEntries: 100 });
  cards.set('alfa', cards.generation('alfa'), 'p1', '{"title":"Scarpe"}');
  cards.set('beta', cards.generation('beta'), 'p1', '{"title":"Borsa"}');
  expect(cards.get('alfa', 'p1')).toBe('{"title":"Scarpe"}');
  expect(cards.get('beta', 'p1')).toBe('{"title":"Borsa"}');
  cards.drop('alfa');
  expect(cards.get('alfa', 'p1')).toBeUndefined();
  expect(cards.get('beta', 'p1')).toBe('{"title":"Borsa"}');
  expect(cards.size).toBe(1);
});

it('never keeps a card read before the store changed', () => {
  const cards = cardCache({ ttlMs: 60_000, maxEntries: 100 });
  const before = cards.generation('alfa');
  // The card is read from the database, then a write lands before it is kept.
  cards.drop('alfa');
  cards.set('alfa', before, 'p1', '{"soldOut":false}');
  expect(cards.get('alfa', 'p1')).toBeUndefined();
  cards.set('alfa', cards.generation('alfa'), 'p1', '{"soldOut":true}');
  expect(cards.get('alfa', 'p1')).toBe('{"soldOut":true}');
});

it('forgets cards after their lifetime, keeps nothing with a lifetime of 0, and stays within its bound', () => {
  let t = 0;
  const cards = cardCache({ ttlMs: 1000, maxEntries: 3, now: () => t });
  cards.set('alfa', 0, 'p1', '1');
  t = 500;
  cards.set('alfa', 0, 'p2', '2');
  t = 999;
  expect(cards.get('alfa', 'p1')).toBe('1');
  // A store's cards live together, counted from its first one.
  t = 1000;
  expect(cards.get('alfa', 'p2')).toBeUndefined();
  expect(cards.get('alfa', 'p1')).toBeUndefined();
  expect(cards.size).toBe(0);

  for (const id of ['p1', 'p2', 'p3', 'p4']) cards.set('alfa', 0, id, id);
  expect(cards.size).toBe(3);
  // A new store makes room by letting the least recently filled store go whole.
  cards.set('beta', 0, 'q1', 'q1');
  expect(cards.size).toBe(1);
  expect(cards.get('beta', 'q1')).toBe('q1');
  expect(cards.get('alfa', 'p1')).toBeUndefined();

  const off = cardCache({ ttlMs: 0, maxEntries: 3 });
  off.set('alfa', 0, 'p1', '1');
  expect(off.get('alfa', 'p1')).toBeUndefined();
});
