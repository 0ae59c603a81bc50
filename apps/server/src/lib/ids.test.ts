import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId, newToken } from './ids.js';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

describe('row ids', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are UUIDs of version 7 whose first 48 bits are the time they were made', () => {
    const before = Date.now();
    const id = newId();
    const after = Date.now();
    expect(id).toMatch(V7);
    expect(msOf(id)).toBeGreaterThanOrEqual(before);
    expect(msOf(id)).toBeLessThanOrEqual(after);
  });

  it('made later sort after those made earlier, so new rows land together at the end of an index', () => {
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(Date.UTC(2026, 10, 28, 9, 0, 0, 1));
    const first = newId();
    now.mockReturnValue(Date.UTC(2026, 10, 28, 9, 0, 0, 2));
    const second = newId();
    now.mockReturnValue(Date.UTC(2040, 0, 1));
    const later = newId();
    expect([later, second, first].sort()).toEqual([first, second, later]);
    expect(msOf(later)).toBe(Date.UTC(2040, 0, 1));
  });

  it('stay unique and unguessable within one millisecond: 74 random bits each', () => {
    vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 28));
    const ids = Array.from({ length: 20_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(V7);
    // The random part changes in every position: no byte is stuck (a pool reused or unfilled).
    const tails = new Set(ids.map((id) => id.slice(-12)));
    expect(tails.size).toBe(ids.length);
  });

  it('tokens are 256 random bits, URL-safe, never repeated across many pool refills', () => {
    const tokens = Array.from({ length: 1_000 }, () => newToken());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Every byte position varies: a pool slice reused or left unfilled would repeat.
    for (let k = 0; k <= 35; k += 7) expect(new Set(tokens.map((t) => t.slice(k, k + 4))).size).toBeGreaterThan(900);
    expect(Buffer.from(tokens[0]!, 'base64url')).toHaveLength(32);
  });
});
