import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '@vetrina/shared';
import { localDiskStorage } from '../src/modules/storage/local-storage.js';
import { s3Storage } from '../src/modules/storage/s3-storage.js';
import { detectImageType, reencodeImage, thumbnail } from '../src/modules/storage/images.js';
import type { FileStorage } from '../src/modules/storage/storage.js';
import { createUser, engine, startServer, type TestServer } from './harness.js';
import { formWith, jpegWithExif, solidPng } from './images.js';

const execFileAsync = promisify(execFile);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-storage-'));
const BUCKET = 'vetrina-test';
let s3rver: S3rver;
let s3Endpoint: string;
const s3Config = () => ({ endpoint: s3Endpoint, bucket: BUCKET, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: path.join(tmp, 's3'), configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3rver.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3rver.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** The same contract for both drivers. */
function driverContract(name: string, make: () => FileStorage, read: (url: string) => Promise<Buffer | null>) {
  describe(`${name} driver`, () => {
    it('puts, lists by prefix, reads back, deletes one and deletes a prefix', async () => {
      const s = make();
      const url = await s.put('stores/a/logo/1.webp', Buffer.from('uno'), 'image/webp');
      expect(url).toBe(s.urlOf('stores/a/logo/1.webp'));
      await s.put('stores/a/products/p1/2.webp', Buffer.from('due'), 'image/webp');
      await s.put('stores/ab/logo/3.webp', Buffer.from('tre'), 'image/webp');
      expect(await s.list('stores/a/')).toEqual(['stores/a/logo/1.webp', 'stores/a/products/p1/2.webp']);
      expect((await read(url))?.toString()).toBe('uno');
      await s.delete('stores/a/logo/1.webp');
      await s.delete('stores/a/logo/missing.webp');
      expect(await s.list('stores/a/')).toEqual(['stores/a/products/p1/2.webp']);
      await s.deletePrefix('stores/a/');
      expect(await s.list('stores/a/')).toEqual([]);
      // A sibling prefix that merely starts with the same letters is untouched.
      expect(await s.list('stores/ab/')).toEqual(['stores/ab/logo/3.webp']);
      expect(await s.list('stores/nessuno/')).toEqual([]);
    });

    it('copies a file to a new key that outlives the original', async () => {
      const s = make();
      await s.put('stores/c/products/uno.webp', Buffer.from('foto'), 'image/webp');
      const url = await s.copy('stores/c/products/uno.webp', 'stores/c/products/due.webp');
      expect(url).toBe(s.urlOf('stores/c/products/due.webp'));
      await s.delete('stores/c/products/uno.webp');
      expect((await read(url))?.toString()).toBe('foto');
      await expect(s.copy('stores/c/products/../x.webp', 'stores/c/y.webp')).rejects.toThrow();
      await s.deletePrefix('stores/c/');
    });

    it('refuses keys that could escape their folder', async () => {
      const s = make();
      for (const key of ['../x.webp', 'a/../../x.webp', '/etc/passwd', 'a//b', 'a/./b', '']) {
        await expect(s.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow();
      }
      await expect(s.deletePrefix('stores')).rejects.toThrow();
      await expect(s.deletePrefix('../')).rejects.toThrow();
    });
  });
}

driverContract(
  'local',
  () => localDiskStorage(path.join(tmp, 'local')),
  async (url) => fs.promises.readFile(path.join(tmp, 'local', 'files', url.replace(/^\/files\//, ''))).catch(() => null),
);
driverContract(
  's3 (s3rver)',
  () => s3Storage(s3Config()),
  async (url) => {
    const res = await fetch(url);
    return res.ok ? Buffer.from(await res.arrayBuffer()) : null;
  },
);

describe('s3 driver details (s3rver)', () => {
  const get = (url: string) => fetch(url).then(async (res) => ({ status: res.status, headers: res.headers, text: await res.text() }));

  it('writes the content type and the one-year cache header, and keys with dots, dashes and underscores round-trip', async () => {
    const s = s3Storage(s3Config());
    const key = 'stores/c.d/products/p_1-a/1712345678901-ab_cd.v2.webp';
    const url = await s.put(key, Buffer.from('quattro'), 'image/webp');
    expect(url).toBe(`${s3Endpoint}/${BUCKET}/${key}`);
    const res = await get(url);
    expect(res).toMatchObject({ status: 200, text: 'quattro' });
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await s.list('stores/c.d/')).toEqual([key]);
    await s.deletePrefix('stores/c.d/');
    expect((await get(url)).status).toBe(404);
  });

  it('builds public URLs from S3_PUBLIC_URL when set', async () => {
    const s = s3Storage({ ...s3Config(), publicUrl: 'https://cdn.example.it/vetrina/' });
    expect(await s.put('stores/e/logo/1.webp', Buffer.from('cinque'), 'image/webp')).toBe('https://cdn.example.it/vetrina/stores/e/logo/1.webp');
    expect(s.urlOf('stores/e/logo/1.webp')).toBe('https://cdn.example.it/vetrina/stores/e/logo/1.webp');
    // The object itself still went to the bucket.
    expect((await get(`${s3Endpoint}/${BUCKET}/stores/e/logo/1.webp`)).text).toBe('cinque');
    await s.deletePrefix('stores/e/');
  });

  it('lists and deletes more than the 1,000 keys S3 returns in one page', async () => {
    // s3rver encrypts its continuation tokens with DES, which Node's OpenSSL only offers through the
    // legacy provider: this test gets its own s3rver in a child process started with it.
    const child = spawn(
      process.execPath,
      [
        '--openssl-legacy-provider',
        '-e',
        `const S3rver = require('s3rver');
new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: ${JSON.stringify(path.join(tmp, 's3-paged'))}, configureBuckets: [{ name: ${JSON.stringify(BUCKET)} }] })
  .run().then(({ port }) => console.log(port));`,
      ],
      { cwd: path.resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(child.stdout, 'data')) as [Buffer];
      const s = s3Storage({ ...s3Config(), endpoint: `http://127.0.0.1:${line.toString().trim()}` });
      const keys = Array.from({ length: 1005 }, (_, i) => `stores/molti/products/p${String(i).padStart(4, '0')}.webp`);
      for (let i = 0; i < keys.length; i += 50) {
        await Promise.all(keys.slice(i, i + 50).map((k) => s.put(k, Buffer.from('x'), 'image/webp')));
      }
      await s.put('stores/moltissimi/logo/1.webp', Buffer.from('x'), 'image/webp');
      expect(await s.list('stores/molti/')).toEqual(keys);
      await s.deletePrefix('stores/molti/');
      expect(await s.list('stores/molti/')).toEqual([]);
      expect(await s.list('stores/moltissimi/')).toEqual(['stores/moltissimi/logo/1.webp']);
    } finally {
      child.kill();
    }
  });

  it('turns refusals of the object store into plain errors naming the operation, without the secret', async () => {
    // s3rver checks the access key id (it does not verify v4 signatures).
    const wrongKey = s3Storage({ ...s3Config(), accessKeyId: 'CHIAVE-SCONOSCIUTA', secretAccessKey: 'segreto-sbagliato' });
    const put = await wrongKey.put('stores/f/logo/1.webp', Buffer.from('x'), 'image/webp').then(
      () => new Error('the upload went through'),
      (e: unknown) => e as Error,
    );
    expect(put.message).toMatch(/^S3 PUT stores\/f\/logo\/1\.webp fallita: 403 InvalidAccessKeyId/);
    expect(put.message).not.toContain('segreto-sbagliato');
    // No HTTP status of S3's own on the error: the error handler must not answer the shopper 403.
    expect(put).not.toHaveProperty('statusCode');
    await expect(wrongKey.list('stores/f/')).rejects.toThrow(/^S3 LIST stores\/f\/ fallita: 403/);
    await expect(wrongKey.delete('stores/f/logo/1.webp')).rejects.toThrow(/^S3 DELETE stores\/f\/logo\/1\.webp fallita: 403/);
    expect(await s3Storage(s3Config()).list('stores/f/')).toEqual([]);

    const noBucket = s3Storage({ ...s3Config(), bucket: 'secchio-inesistente' });
    await expect(noBucket.put('stores/f/logo/1.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/fallita: 404 NoSuchBucket/);
    // A missing bucket is a misconfiguration, not a missing file: delete reports it.
    await expect(noBucket.delete('stores/f/logo/1.webp')).rejects.toThrow(/fallita: 404 NoSuchBucket/);
  });

  it('loads the AWS SDK only once an S3 storage is first used', async () => {
    // A fresh process: the test runner itself has loaded the SDK by now.
    const src = (p: string) => pathToFileURL(path.resolve(import.meta.dirname, '../src', p)).href;
    const script = path.join(tmp, 'lazy-sdk.mjs');
    fs.writeFileSync(
      script,
      `import { createRequire } from 'node:module';
const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('@aws-sdk'));
await import(${JSON.stringify(src('app.ts'))});
const { createStorage } = await import(${JSON.stringify(src('modules/storage/storage.ts'))});
const local = createStorage({ dataDir: ${JSON.stringify(path.join(tmp, 'lazy'))} });
await local.put('stores/l/logo/1.webp', Buffer.from('x'), 'image/webp');
const afterLocal = loaded();
const s3 = createStorage({ dataDir: '', s3: ${JSON.stringify(s3Config())} });
const afterCreate = loaded();
await s3.list('stores/l/');
console.log(JSON.stringify({ afterLocal, afterCreate, afterUse: loaded() }));
`,
    );
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', script], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    expect(JSON.parse(stdout.trim().split('\n').pop() ?? '')).toEqual({ afterLocal: false, afterCreate: false, afterUse: true });
  });
});

describe('image helpers', () => {
  it('detects png, jpeg and webp by their bytes only', async () => {
    const png = await solidPng();
    expect(detectImageType(png)).toBe('image/png');
    expect(detectImageType(await sharp(png).jpeg().toBuffer())).toBe('image/jpeg');
    expect(detectImageType(await sharp(png).webp().toBuffer())).toBe('image/webp');
    expect(detectImageType(Buffer.from('GIF89a...'))).toBeNull();
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });

  it('re-encodes to webp inside the bounding box, upright, without metadata', async () => {
    const out = await reencodeImage(await jpegWithExif(), { maxSide: 30 });
    const meta = await sharp(out).metadata();
    expect(meta.format).toBe('webp');
    // 80×40 with orientation 6 is 40×80 upright, fitted inside 30: 15×30.
    expect([meta.width, meta.height]).toEqual([15, 30]);
    expect(meta.exif).toBeUndefined();
    expect(out.includes(Buffer.from('FotocameraSegreta'))).toBe(false);
    const thumb = await sharp(await thumbnail(await solidPng(200), 50)).metadata();
    expect([thumb.width, thumb.height]).toEqual([50, 50]);
  });

  it('refuses a truncated image', async () => {
    const png = await solidPng(300);
    await expect(reencodeImage(png.subarray(0, Math.floor(png.length / 2)), { maxSide: 100 })).rejects.toMatchObject({ status: 400 });
  });
});

describe(`server with the S3 driver (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ S3_ENDPOINT: s3Endpoint, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  });
  afterAll(() => server.close());

  it('stores a logo in the bucket and removes the store folder when the store is deleted', async () => {
    const { client: c } = await createUser(server);
    const store = (await c.post('/api/stores', { name: 'Negozio Nuvola' })).body;
    const up = await c.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng() }]));
    expect(up.status).toBe(200);
    expect(up.body.logoUrl).toMatch(new RegExp(`^${s3Endpoint}/${BUCKET}/stores/${store.id}/logo/.+\\.webp$`));
    const img = await fetch(up.body.logoUrl);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/webp');
    expect(await server.ctx.storage.list(`stores/${store.id}/`)).toHaveLength(1);
    expect((await c.del(`/api/stores/${store.id}`)).status).toBe(204);
    expect(await server.ctx.storage.list(`stores/${store.id}/`)).toEqual([]);
  });
});

describe(`server with an unreachable bucket (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ S3_ENDPOINT: s3Endpoint, S3_BUCKET: 'secchio-inesistente', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
  });
  afterAll(() => server.close());

  it("answers a failed upload with the generic error, not S3's 404, and changes nothing; deleting the store still works", async () => {
    const { client: c } = await createUser(server);
    const store = (await c.post('/api/stores', { name: 'Negozio Senza Secchio' })).body;
    const up = await c.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng() }]));
    expect(up.status).toBe(500);
    expect(up.body.error).toEqual({ code: 'internal', message: msg.internal });
    expect((await c.get(`/api/stores/${store.id}`)).body.logoUrl).toBeNull();
    // The files cannot be removed either: logged, the store is gone all the same.
    expect((await c.del(`/api/stores/${store.id}`)).status).toBe(204);
    expect((await c.get(`/api/stores/${store.id}`)).status).toBe(404);
  });
});

describe(`local files route (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves stored files with long cache headers and never outside the files folder', async () => {
    fs.writeFileSync(path.join(server.dataDir, 'segreto.txt'), 'non leggibile');
    const url = await server.ctx.storage.put(
      'stores/x/logo/1.webp',
      await sharp(await solidPng())
        .webp()
        .toBuffer(),
      'image/webp',
    );
    const ok = await fetch(server.url + url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(ok.headers.get('content-type')).toBe('image/webp');
    for (const p of [
      '/files/../segreto.txt',
      '/files/..%2fsegreto.txt',
      '/files/%2e%2e/segreto.txt',
      '/files/stores/x/../../../segreto.txt',
      '/files/..%5csegreto.txt',
      '/files/',
      '/files/stores/x/logo/nessuno.webp',
    ]) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('non leggibile');
    }
  });
});
