import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from './harness.js';

/** The web build (made by the integration suite's global setup). */
const dist = new URL('../../web/dist/', import.meta.url);
/** A file of the folder with that ending and a compressed copy beside it (small files have none). */
const firstFile = (dir: string, ext: string) => {
  const files = fs.readdirSync(new URL(dir, dist));
  const file = files.find((f) => f.endsWith(ext) && files.includes(`${f}.br`));
  if (!file) throw new Error(`no compressed ${ext} file in ${dir}`);
  return file;
};
const YEAR = 'public, max-age=31536000, immutable';

describe(`the web build's files (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.close();
  });
  const get = (path: string, encoding = 'br, gzip') => fetch(`${server.url}${path}`, { headers: { 'accept-encoding': encoding } });

  it('serves the hashed scripts of both builds compressed and cached for a year', async () => {
    const dashboard = `/assets/${firstFile('app/assets/', '.js')}`;
    const storefront = `/p/${firstFile('public/p/', '.js')}`;
    for (const path of [dashboard, storefront]) {
      const plain = fs.readFileSync(new URL(path.startsWith('/p/') ? `public${path}` : `app${path}`, dist), 'utf8');
      const br = await get(path);
      expect(br.status, path).toBe(200);
      expect(br.headers.get('content-type'), path).toMatch(/^application\/javascript/);
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('cache-control'), path).toBe(YEAR);
      // fetch decodes the body: the shopper's browser gets the script itself.
      expect(await br.text(), path).toBe(plain);
      const identity = await get(path, 'identity');
      expect(identity.headers.get('content-encoding'), path).toBeNull();
      expect(await identity.text(), path).toBe(plain);
    }
  });

  it('serves the other files of the dashboard build for an hour', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    await res.arrayBuffer();
  });

  it('answers 404 for a file that is not in the build, a compressed copy by its own name, or a path out of a folder', async () => {
    const script = firstFile('app/assets/', '.js');
    for (const path of [
      '/assets/non-esiste-1234.js',
      '/p/non-esiste-1234.css',
      `/assets/${script}.br`,
      `/assets/${script}.gz`,
      '/index.html',
      '/assets/../index.html',
      '/assets/%2e%2e/index.html',
      '/p/..%2fpublic.html',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control') ?? '', path).not.toContain('immutable');
      await res.arrayBuffer();
    }
  });

  it('still answers every other address with a page', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/login', 200],
      ['/store/negozio-che-non-esiste', 404],
      ['/assets', 404],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      await res.arrayBuffer();
    }
  });
});
