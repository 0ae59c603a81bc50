import sharp from 'sharp';
import { LIMITS } from '@vetrina/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { imageBytes, imageForm, storeFiles } from './catalog-fixtures.js';
import { formWith } from './images.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof createUser>>;
/** A real 8000×5000 PNG: 40 megapixels that compress to a few hundred KB. */
let fortyMegapixels: Buffer;

beforeAll(async () => {
  server = await startServer();
  owner = await createUser(server);
  fortyMegapixels = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#8B5CF6' } })
    .png()
    .toBuffer();
});
afterAll(() => server.close());

const TOO_BIG = "L'immagine è troppo grande: al massimo 25 megapixel (questa ne ha 40,0)";

/** A fresh store of the same admin for each test, so "nothing stored" is about this test only. */
async function merchantStore() {
  const store = await createStoreFor(server, owner.id, 'Negozio foto');
  return { client: owner.client, store, base: `/api/stores/${store.id}` };
}

const imageRowsOf = async (storeId: string) => server.ctx.db.selectFrom('product_images').select('id').where('store_id', '=', storeId).execute();
const logoUrlOf = async (storeId: string) =>
  (await server.ctx.db.selectFrom('stores').select('logo_url').where('id', '=', storeId).executeTakeFirstOrThrow()).logo_url;

describe(`image size limits (${engine})`, () => {
  it('the 40-megapixel test image is small enough to pass every byte limit', () => {
    expect(fortyMegapixels.length).toBeLessThan(LIMITS.logoMaxBytes);
    expect(fortyMegapixels.length).toBeLessThan(LIMITS.productImageMaxBytes);
  });

  it('refuses a 40-megapixel product image with 400 and stores nothing', async () => {
    const m = await merchantStore();
    const res = await m.client.post(`${m.base}/product-images`, imageForm([{ bytes: fortyMegapixels, name: 'enorme.png' }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TOO_BIG);
    expect(await imageRowsOf(m.store.id)).toEqual([]);
    expect(await storeFiles(server, m.store.id)).toEqual([]);
  });

  it('refuses a 40-megapixel variant image read from a JPEG header too', async () => {
    const m = await merchantStore();
    const jpeg = await sharp(fortyMegapixels).jpeg({ quality: 10 }).toBuffer();
    const res = await m.client.post(`${m.base}/product-images?target=variant`, imageForm([{ bytes: jpeg, type: 'image/jpeg', name: 'enorme.jpg' }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TOO_BIG);
    expect(await storeFiles(server, m.store.id)).toEqual([]);
  });

  it('stores nothing when one file of a request is too big, even after valid ones', async () => {
    const m = await merchantStore();
    const small = await imageBytes('png', 120, 90);
    const res = await m.client.post(
      `${m.base}/product-images`,
      imageForm([
        { bytes: small, name: 'piccola.png' },
        { bytes: fortyMegapixels, name: 'enorme.png' },
        { bytes: small, name: 'altra.png' },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TOO_BIG);
    expect(await imageRowsOf(m.store.id)).toEqual([]);
    expect(await storeFiles(server, m.store.id)).toEqual([]);
  });

  it('refuses a 40-megapixel logo and keeps the current one', async () => {
    const m = await merchantStore();
    const first = await m.client.put(`${m.base}/logo`, formWith([{ data: await imageBytes('png', 64, 64) }]));
    expect(first.status).toBe(200);
    const before = await storeFiles(server, m.store.id);

    const res = await m.client.put(`${m.base}/logo`, formWith([{ data: fortyMegapixels, filename: 'enorme.png' }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TOO_BIG);
    expect(await logoUrlOf(m.store.id)).toBe(first.body.logoUrl);
    expect(await storeFiles(server, m.store.id)).toEqual(before);
  });

  it('accepts a 25-megapixel image (5000×5000), the largest allowed', async () => {
    const m = await merchantStore();
    const limit = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#10B981' } })
      .png()
      .toBuffer();
    const res = await m.client.post(`${m.base}/product-images`, imageForm([{ bytes: limit, name: 'al-limite.png' }]));
    expect(res.status).toBe(201);
    expect(res.body.images).toHaveLength(1);
    expect(await imageRowsOf(m.store.id)).toHaveLength(1);
    const logo = await m.client.put(`${m.base}/logo`, formWith([{ data: limit, filename: 'al-limite.png' }]));
    expect(logo.status).toBe(200);
    expect(await logoUrlOf(m.store.id)).toBe(logo.body.logoUrl);
  });

  it('refuses one pixel row more than 25 megapixels (5000×5001)', async () => {
    const m = await merchantStore();
    const over = await sharp({ create: { width: 5000, height: 5001, channels: 3, background: '#10B981' } })
      .png()
      .toBuffer();
    const res = await m.client.post(`${m.base}/product-images`, imageForm([{ bytes: over, name: 'oltre.png' }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe("L'immagine è troppo grande: al massimo 25 megapixel (questa ne ha 25,1)");
    expect(await imageRowsOf(m.store.id)).toEqual([]);
  });
});
