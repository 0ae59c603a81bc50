import type { Config } from '../../config.js';
import { rfc3986, signS3Request } from './s3-signer.js';
import { assertKey, assertPrefix, type FileStorage } from './storage.js';

type S3Config = NonNullable<Config['s3']>;

const decodeXml = (s: string) =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-f]+));/gi, (m, name: string, dec?: string, hex?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[name.toLowerCase()] ?? m;
  });

/** Object storage over the S3 API with path-style addressing (works with AWS, MinIO, R2, s3rver). */
export function s3Storage(cfg: S3Config): FileStorage {
  const endpoint = cfg.endpoint.replace(/\/$/, '');
  const publicBase = (cfg.publicUrl ?? `${endpoint}/${cfg.bucket}`).replace(/\/$/, '');
  const creds = { region: cfg.region, accessKeyId: cfg.accessKeyId, secretAccessKey: cfg.secretAccessKey };
  const objectUrl = (key: string) => new URL(`${endpoint}/${rfc3986(cfg.bucket)}/${key.split('/').map(rfc3986).join('/')}`);

  async function send(method: string, url: URL, body?: Buffer, headers: Record<string, string> = {}) {
    const signed = signS3Request(creds, { method, url, headers, body });
    const res = await fetch(url, { method, headers: signed, body: body ? new Uint8Array(body) : undefined });
    if (!res.ok && !(method === 'DELETE' && res.status === 404)) {
      const text = await res.text().catch(() => '');
      throw new Error(`S3 ${method} ${url.pathname} fallita: ${res.status} ${text.slice(0, 300)}`);
    }
    return res;
  }

  const urlOf = (key: string) => `${publicBase}/${key}`;

  async function list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const url = new URL(`${endpoint}/${rfc3986(cfg.bucket)}`);
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', prefix);
      if (token) url.searchParams.set('continuation-token', token);
      const xml = await (await send('GET', url)).text();
      for (const m of xml.matchAll(/<Key>([\s\S]*?)<\/Key>/g)) keys.push(decodeXml(m[1] ?? ''));
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      const next = /<NextContinuationToken>([\s\S]*?)<\/NextContinuationToken>/.exec(xml)?.[1];
      token = truncated && next ? decodeXml(next) : undefined;
    } while (token);
    return keys.sort();
  }

  return {
    driver: 's3',
    urlOf,
    list: async (prefix) => {
      assertPrefix(prefix);
      return list(prefix);
    },
    async put(key, body, contentType) {
      assertKey(key);
      // Keys are never reused (they carry a timestamp or random id), so browsers may cache forever.
      await send('PUT', objectUrl(key), body, { 'content-type': contentType, 'cache-control': 'public, max-age=31536000, immutable' });
      return urlOf(key);
    },
    async delete(key) {
      assertKey(key);
      await send('DELETE', objectUrl(key));
    },
    async deletePrefix(prefix) {
      assertPrefix(prefix);
      const keys = await list(prefix);
      // A handful of parallel deletes: fast enough for a store's files without flooding the server.
      for (let i = 0; i < keys.length; i += 8) {
        await Promise.all(keys.slice(i, i + 8).map((k) => send('DELETE', objectUrl(k))));
      }
    },
  };
}
