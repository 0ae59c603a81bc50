import { describe, expect, it, vi } from 'vitest';
import { invalidate, load, snapshotOf, subscribe } from './cache';

describe('storefront fetch cache', () => {
  it('dedupes requests in flight and serves fresh data without asking again', async () => {
    const fetcher = vi.fn(async () => 'dati');
    const [a, b] = await Promise.all([load('s|a', fetcher, 1000), load('s|a', fetcher, 1000)]);
    expect([a, b]).toEqual(['dati', 'dati']);
    await load('s|a', fetcher, 1000);
    expect(fetcher).toHaveBeenCalledOnce();
    await load('s|a', fetcher, 0, true);
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher).toHaveBeenLastCalledWith({ fresh: true });
  });

  it('keeps an error until a retry, and keeps old data when a refresh fails', async () => {
    const failing = vi.fn(async () => Promise.reject(new Error('rete')));
    await expect(load('s|b', failing, 1000)).rejects.toThrow('rete');
    await expect(load('s|b', failing, 1000)).rejects.toThrow('rete');
    expect(failing).toHaveBeenCalledOnce();

    await load('s|c', async () => 1);
    await expect(load('s|c', failing)).rejects.toThrow();
    expect(snapshotOf('s|c')).toMatchObject({ data: 1, error: null });
  });

  it('refreshes what is on screen after invalidate, without dropping its data', async () => {
    let n = 0;
    const fetcher = vi.fn(async () => ++n);
    await load('negozio|x', fetcher, 60_000);
    const seen: unknown[] = [];
    const off = subscribe('negozio|x', () => seen.push(snapshotOf('negozio|x').data));
    invalidate('negozio|');
    expect(snapshotOf('negozio|x').data).toBe(1);
    await vi.waitFor(() => expect(snapshotOf('negozio|x').data).toBe(2));
    expect(seen).toEqual([1, 2]);
    off();
  });
});
