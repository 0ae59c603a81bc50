import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from '../src/modules/storage/local-storage.js';
import { s3Storage } from '../src/modules/storage/s3-storage.js';
import { detectImageType, reencodeImage, thumbnail } from '../src/modules/storage/images.js';
import type { FileStorage } from '../src/modules/storage/storage.js';
import { createUser, engine, startServer, type TestServer } from './harness.js';
import { formWith, jpegWithExif, solidPng } from './images.js';

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

describe(`local files route (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it('serves stored files with long cache headers and never outside the files folder', async () => {
    fs.writeFileSync(path.join(server.dataDir, 'segreto.txt'), 'non leggibile');
    const url = await server.ctx.storage.put('stores/x/logo/1.webp', await sharp(await solidPng()).webp().toBuffer(), 'image/webp');
    const ok = await fetch(server.url + url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(ok.headers.get('content-type')).toBe('image/webp');
    for (const p of ['/files/../segreto.txt', '/files/..%2fsegreto.txt', '/files/%2e%2e/segreto.txt', '/files/stores/x/../../../segreto.txt', '/files/..%5csegreto.txt', '/files/', '/files/stores/x/logo/nessuno.webp']) {
      const res = await fetch(server.url + p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('non leggibile');
    }
  });
});
