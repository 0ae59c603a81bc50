import { describe, expect, it, vi } from 'vitest';
import { DataCache } from './cache';

const cache = new DataCache();
const load = cache.load.bind(cache);
const snapshotOf = cache.snapshotOf.bind(cache);
const subscribe = cache.subscribe.bind(cache);
const invalidate = cache.invalidate.bind(cache);

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

  it('round-trips through the seed the server embeds: data and failures, nothing fetched again', async () => {
    const server = new DataCache();
    await server.load('s|ok', async () => ({ title: 'Tazza' }));
    await server.load('s|missing', async () => Promise.reject(Object.assign(new Error('Prodotto non trovato'), { status: 404 }))).catch(() => undefined);
    await server.settled();
    const seed = server.toSeed((e) => ({ status: (e as { status: number }).status, message: (e as Error).message }));
    expect(seed).toEqual({ 's|ok': { data: { title: 'Tazza' } }, 's|missing': { status: 404, message: 'Prodotto non trovato' } });

    const browser = new DataCache();
    browser.seed(JSON.parse(JSON.stringify(seed)), (f) => Object.assign(new Error(f.message), { status: f.status }));
    const fetcher = vi.fn(async () => ({ title: 'altro' }));
    expect(await browser.load('s|ok', fetcher, 15_000)).toEqual({ title: 'Tazza' });
    await expect(browser.load('s|missing', fetcher, 15_000)).rejects.toMatchObject({ status: 404 });
    expect(fetcher).not.toHaveBeenCalled();
  });
});
