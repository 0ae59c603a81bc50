import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createUser, engine, startServer, type TestServer } from './harness.js';
import { formWith, jpegWithExif, noisyPng, solidPng } from './images.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const LOGO_MAX = 2_097_152;
const logoUrlOf = async (id: string) => (await server.ctx.db.selectFrom('stores').select('logo_url').where('id', '=', id).executeTakeFirstOrThrow()).logo_url;
const filesOf = (id: string) => server.ctx.storage.list(`stores/${id}/`);

async function newStore() {
  const admin = await createUser(server);
  const store = (await admin.client.post('/api/stores', { name: 'Negozio con logo' })).body;
  return { admin, store };
}

async function fetchBytes(url: string) {
  const res = await fetch(server.url + url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe(`logo upload (${engine})`, () => {
  it('stores a re-encoded, bounded webp and serves it with long cache headers', async () => {
    const { admin, store } = await newStore();
    const res = await admin.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng(1200), filename: 'grande.png' }]));
    expect(res.status).toBe(200);
    expect(res.body.logoUrl).toMatch(new RegExp(`^/files/stores/${store.id}/logo/[\\w-]+\\.webp$`));
    const { res: img, bytes } = await fetchBytes(res.body.logoUrl);
    expect(img.headers.get('cache-control')).toContain('max-age=31536000');
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(Math.max(meta.width!, meta.height!)).toBe(512);
    expect((await admin.client.get('/api/me')).body.activeStore.logoUrl).toBe(res.body.logoUrl);
  });

  it('strips EXIF and GPS from a JPEG', async () => {
    const { admin, store } = await newStore();
    const jpeg = await jpegWithExif();
    expect((await sharp(jpeg).metadata()).exif?.includes(Buffer.from('FotocameraSegreta'))).toBe(true);
    const res = await admin.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: jpeg, type: 'image/jpeg', filename: 'foto.jpg' }]));
    expect(res.status).toBe(200);
    const { bytes } = await fetchBytes(res.body.logoUrl);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('FotocameraSegreta'))).toBe(false);
    expect(bytes.includes(Buffer.from('Mario Rossi'))).toBe(false);
  });

  it('replaces the old file and removes it on logo removal', async () => {
    const { admin, store } = await newStore();
    const first = (await admin.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng(64, '#ff0000') }]))).body.logoUrl;
    const second = (await admin.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng(64, '#00ff00') }]))).body.logoUrl;
    expect(second).not.toBe(first);
    expect(await filesOf(store.id)).toEqual([second.replace('/files/', '')]);
    expect((await fetchBytes(first)).res.status).toBe(404);
    const removed = await admin.client.del(`/api/stores/${store.id}/logo`);
    expect(removed.status).toBe(200);
    expect(removed.body.logoUrl).toBeNull();
    expect(await filesOf(store.id)).toEqual([]);
  });

  it('accepts a webp declared as anything, judged by its bytes', async () => {
    const { admin, store } = await newStore();
    const webp = await sharp(await solidPng())
      .webp()
      .toBuffer();
    const res = await admin.client.put(
      `/api/stores/${store.id}/logo`,
      formWith([{ data: webp, type: 'application/octet-stream', filename: 'senza-estensione' }]),
    );
    expect(res.status).toBe(200);
  });

  describe('refuses and stores nothing', () => {
    const cases: Array<[string, () => Promise<FormData | string>, number, string]> = [
      [
        'a renamed text file',
        async () => formWith([{ data: "ciao, non sono un'immagine", type: 'image/png', filename: 'logo.png' }]),
        400,
        'File type must be image/png, image/jpeg, image/webp',
      ],
      [
        'an SVG',
        async () =>
          formWith([{ data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', type: 'image/svg+xml', filename: 'logo.svg' }]),
        400,
        'File type must be image/png, image/jpeg, image/webp',
      ],
      ['an empty file', async () => formWith([{ data: Buffer.alloc(0) }]), 400, 'File type must be image/png, image/jpeg, image/webp'],
      [
        'a 2 MB + 1 byte image',
        async () => {
          const png = await solidPng();
          return formWith([{ data: Buffer.concat([png, Buffer.alloc(LOGO_MAX + 1 - png.length)]) }]);
        },
        413,
        `File is larger than ${LOGO_MAX} bytes`,
      ],
      [
        'a truncated PNG',
        async () => {
          const png = await noisyPng(200);
          return formWith([{ data: png.subarray(0, Math.floor(png.length * 0.6)) }]);
        },
        400,
        "L'immagine è danneggiata o non leggibile",
      ],
      ['two files at once', async () => formWith([{ data: await solidPng() }, { data: await solidPng(), filename: 'due.png' }]), 400, 'Too many files'],
      [
        'no file',
        async () => {
          const fd = new FormData();
          fd.append('nome', 'solo testo');
          return fd;
        },
        400,
        'Nessun file ricevuto',
      ],
      ['a JSON body', async () => JSON.stringify({ logoUrl: 'https://evil.example/x.png' }), 415, 'Invia il file come multipart/form-data'],
    ];
    it.each(cases)('%s', async (_label, make, status, message) => {
      const { admin, store } = await newStore();
      const body = await make();
      const res =
        typeof body === 'string'
          ? await admin.client.put(`/api/stores/${store.id}/logo`, undefined, { raw: body })
          : await admin.client.put(`/api/stores/${store.id}/logo`, body);
      expect(res.status).toBe(status);
      expect(res.body.error.message).toBe(message);
      expect(await logoUrlOf(store.id)).toBeNull();
      expect(await filesOf(store.id)).toEqual([]);
    });
  });

  it('accepts an image just under the 2 MB limit', async () => {
    const { admin, store } = await newStore();
    const png = await noisyPng(830);
    expect(png.length).toBeLessThanOrEqual(LOGO_MAX);
    const res = await admin.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: png }]));
    expect(res.status).toBe(200);
  });

  it('lets only admins upload; strangers get 404', async () => {
    const { store } = await newStore();
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    const stranger = await createUser(server);
    expect((await staff.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng() }]))).status).toBe(403);
    expect((await stranger.client.put(`/api/stores/${store.id}/logo`, formWith([{ data: await solidPng() }]))).status).toBe(404);
    expect(await filesOf(store.id)).toEqual([]);
  });
});
