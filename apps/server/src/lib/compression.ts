import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { TtlCache } from './ttl-cache.js';

/** What the server compresses with: the encodings every browser takes. */
export type ContentEncoding = 'br' | 'gzip';

/** Brotli when the client takes it, else gzip, else nothing (q=0 refusals honoured). */
export function acceptedEncoding(header: string | string[] | undefined): ContentEncoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  if (!value) return null;
  const accepted = new Set<string>();
  for (const part of value.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    if (name) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * The smallest Brotli window that holds the whole text (a window is 2^n − 16 bytes): the same
 * output as the default 4 MB window, without setting up a 4 MB window for a 25 KB page.
 */
function brotliWindow(bytes: number) {
  return Math.min(zlib.BROTLI_MAX_WINDOW_BITS, Math.max(zlib.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 16))));
}

/**
 * The bytes compressed once for every later answer: Brotli at quality 3 (within a few per cent of
 * the best size for pages and JSON, at a fraction of the time of the higher qualities), gzip at 6.
 */
export function compress(bytes: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(bytes, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 3, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length, [zlib.BROTLI_PARAM_LGWIN]: brotliWindow(bytes.length) },
      })
    : gzipSync(bytes, { level: 6 });
}

/** The entry each kept copy was made from: a copy is sent only with the very answer it compresses. */
const sourceOf = new WeakMap<Buffer, string | Buffer>();

/**
 * The compressed copy of an answer kept in the response cache, kept beside it (`{key}|{encoding}`):
 * keys start with the store's slug, so the store's writes drop the copies with the answers
 * (modules/storefront/cache.ts). Made on the first request that wants it. `original` is what
 * the cache held under `key` for this request, `body` the part of it that is sent (all of it
 * unless given). A copy is kept only while its entry is still the one cached, and used only with
 * that entry: an answer computed again after its lifetime never goes out as the copy of the one
 * before it.
 */
export function compressedCopy(
  cache: TtlCache<string | Buffer>,
  key: string,
  encoding: ContentEncoding,
  original: string | Buffer,
  body: string | Buffer = original,
): Buffer {
  const copyKey = `${key}|${encoding}`;
  const kept = cache.get(copyKey);
  if (Buffer.isBuffer(kept) && sourceOf.get(kept) === original) return kept;
  const packed = compress(typeof body === 'string' ? Buffer.from(body) : body, encoding);
  if (cache.get(key) === original) {
    sourceOf.set(packed, original);
    cache.set(copyKey, packed);
  }
  return packed;
}
