import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressedCopy } from './compression.js';
import { ttlCache } from './ttl-cache.js';

const answer = (title: string) => JSON.stringify({ items: Array.from({ length: 20 }, (_, i) => ({ title: `${title} ${i}`, priceCents: 1990 + i })) });

describe('acceptedEncoding', () => {
  it('prefers Brotli, falls back to gzip, honours refusals and sends nothing to a client that takes neither', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip;q=1, br;q=0')).toBe('gzip');
    expect(acceptedEncoding(['deflate', 'GZIP'])).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});

describe('compressedCopy', () => {
  it('compresses an answer once and sends the same copy to later requests', () => {
    const cache = ttlCache<string | Buffer>({ ttlMs: 60_000, maxEntries: 100 });
    const text = answer('Borsa');
    cache.set('negozio|list', text);
    const br = compressedCopy(cache, 'negozio|list', 'br', text);
    expect(brotliDecompressSync(br).toString()).toBe(text);
    expect(br.length).toBeLessThan(text.length / 3);
    expect(compressedCopy(cache, 'negozio|list', 'br', text)).toBe(br);
    expect(gunzipSync(compressedCopy(cache, 'negozio|list', 'gzip', text)).toString()).toBe(text);
  });

  it('never sends the copy of an earlier answer with a newer one kept under the same key', () => {
    const cache = ttlCache<string | Buffer>({ ttlMs: 60_000, maxEntries: 100 });
    const before = answer('Disponibile');
    cache.set('negozio|list', before);
    compressedCopy(cache, 'negozio|list', 'br', before);
    // The answer was computed again (its lifetime ended, or the store changed): its copy is made again.
    const after = answer('Esaurito');
    cache.set('negozio|list', after);
    expect(brotliDecompressSync(compressedCopy(cache, 'negozio|list', 'br', after)).toString()).toBe(after);
  });

  it('does not keep a copy of an answer the cache no longer holds', () => {
    const cache = ttlCache<string | Buffer>({ ttlMs: 60_000, maxEntries: 100 });
    const dropped = answer('Vecchio');
    // A request read the answer, then the store's write dropped it before the copy was made.
    const copy = compressedCopy(cache, 'negozio|list', 'br', dropped);
    expect(brotliDecompressSync(copy).toString()).toBe(dropped);
    expect(cache.get('negozio|list|br')).toBeUndefined();
  });

  it('compresses only the part of the entry that is sent', () => {
    const cache = ttlCache<string | Buffer>({ ttlMs: 60_000, maxEntries: 100 });
    const page = Buffer.from(`200\n\n<html>${'<p>Vetrina</p>'.repeat(50)}</html>`);
    cache.set('negozio|html|/', page);
    const body = page.subarray(page.indexOf(10, page.indexOf(10) + 1) + 1);
    expect(gunzipSync(compressedCopy(cache, 'negozio|html|/', 'gzip', page, body)).equals(body)).toBe(true);
  });
});
