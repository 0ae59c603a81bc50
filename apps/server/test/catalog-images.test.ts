import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { engine, startServer, type TestServer } from './harness.js';
import { createProduct, createVariant, imageBytes, imageForm, merchant, storeFiles, uploadImages } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const fetchBytes = async (url: string) => Buffer.from(await (await fetch(server.url + url)).arrayBuffer());

describe(`product images (${engine})`, () => {
  it('re-encodes uploads to WebP within 1600 px with a small thumbnail', async () => {
    const m = await merchant(server);
    const big = await imageBytes('jpeg', 2400, 1200, '#10B981');
    const res = await m.client.post(`${m.base}/product-images`, imageForm([{ bytes: big, type: 'image/jpeg', name: 'grande.jpg' }]));
    expect(res.status).toBe(201);
    const [img] = res.body.images;
    const full = await sharp(await fetchBytes(img.url)).metadata();
    expect(full).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    const thumb = await sharp(await fetchBytes(img.thumbUrl)).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width ?? 0, thumb.height ?? 0)).toBeLessThanOrEqual(400);
    // Full image, thumbnail and the copies 320, 640 and 1200 px wide.
    expect(await storeFiles(server, m.store.id)).toHaveLength(5);
  });

  it('refuses wrong types, files over 5 MB and more than 10 files with the spec messages', async () => {
    const m = await merchant(server);
    const url = `${m.base}/product-images`;
    const text = await m.client.post(url, imageForm([{ bytes: Buffer.from('non sono una foto'), type: 'image/png', name: 'finta.png' }]));
    expect(text.status).toBe(400);
    expect(text.body.error.message).toBe('File type must be image/png, image/jpeg, image/webp');
    const gif = await m.client.post(
      url,
      imageForm([
        {
          bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
            .gif()
            .toBuffer(),
          type: 'image/gif',
        },
      ]),
    );
    expect(gif.body.error.message).toBe('File type must be image/png, image/jpeg, image/webp');
    const huge = Buffer.concat([await imageBytes('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await m.client.post(url, imageForm([{ bytes: huge }]));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe('File is larger than 5242880 bytes');
    const one = await imageBytes('png');
    const eleven = await m.client.post(url, imageForm(Array.from({ length: 11 }, () => ({ bytes: one }))));
    expect(eleven.status).toBe(400);
    expect(eleven.body.error.message).toBe('Too many files');
    expect((await m.client.post(url, { images: [] })).status).toBe(415);
    expect(await storeFiles(server, m.store.id)).toEqual([]);
  });

  it('attaches, reorders and removes gallery images; the first is the cover', async () => {
    const m = await merchant(server);
    const [a, b, c] = await uploadImages(m.client, m.base, 3);
    const p = await createProduct(m.client, m.base, { imageIds: [a!.id, b!.id, c!.id] });
    expect(p.images.map((i) => i.id)).toEqual([a!.id, b!.id, c!.id]);
    const list = await m.client.get(`${m.base}/products`);
    expect(list.body.items[0].cover).toEqual(a);

    const reordered = await m.client.put(`${m.base}/products/${p.id}`, { title: p.title, priceCents: p.priceCents, sku: p.sku, imageIds: [c!.id, a!.id] });
    expect(reordered.body.images.map((i: { id: string }) => i.id)).toEqual([c!.id, a!.id]);
    const row = await server.ctx.db.selectFrom('products').select('image_urls').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.image_urls)).toEqual([c!.url, a!.url]);
    // b's files are gone with it.
    expect(await storeFiles(server, m.store.id)).toHaveLength(4);

    expect((await m.client.del(`${m.base}/product-images/${c!.id}`)).status).toBe(204);
    expect((await m.client.get(`${m.base}/products/${p.id}`)).body.images.map((i: { id: string }) => i.id)).toEqual([a!.id]);
    expect(await storeFiles(server, m.store.id)).toHaveLength(2);
  });

  it('gives a variant one optional image and removes files with the variant and the product', async () => {
    const m = await merchant(server);
    const [cover] = await uploadImages(m.client, m.base, 1);
    const p = await createProduct(m.client, m.base, { imageIds: [cover!.id] });
    const [first] = await uploadImages(m.client, m.base, 1, 'variant');
    const v = await createVariant(m.client, m.base, p.id, { imageId: first!.id });
    expect(v.image).toEqual(first);
    expect((await storeFiles(server, m.store.id)).filter((k) => k.includes('/variants/'))).toHaveLength(2);

    const [second] = await uploadImages(m.client, m.base, 1, 'variant');
    const swapped = await m.client.put(`${m.base}/products/${p.id}/variants/${v.id}`, { label: v.label, sku: v.sku, imageId: second!.id });
    expect(swapped.body.image).toEqual(second);
    expect(await storeFiles(server, m.store.id)).toHaveLength(4);

    const v2 = await createVariant(m.client, m.base, p.id, { imageId: (await uploadImages(m.client, m.base, 1, 'variant'))[0]!.id });
    await m.client.del(`${m.base}/products/${p.id}/variants/${v2.id}`);
    expect(await storeFiles(server, m.store.id)).toHaveLength(4);

    await m.client.del(`${m.base}/products/${p.id}`);
    expect(await storeFiles(server, m.store.id)).toEqual([]);
  });

  it('refuses images of another store or already used by another product', async () => {
    const m = await merchant(server);
    const other = await merchant(server);
    const [theirs] = await uploadImages(other.client, other.base, 1);
    const res = await m.client.post(`${m.base}/products`, { title: 'T', priceCents: 1, sku: 'IMG-X', imageIds: [theirs!.id] });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Immagine non trovata');
    expect((await m.client.del(`${m.base}/product-images/${theirs!.id}`)).status).toBe(404);

    const [mine] = await uploadImages(m.client, m.base, 1);
    await createProduct(m.client, m.base, { imageIds: [mine!.id] });
    const steal = await m.client.post(`${m.base}/products`, { title: 'T', priceCents: 1, sku: 'IMG-Y', imageIds: [mine!.id] });
    expect(steal.status).toBe(404);
    expect(await storeFiles(server, other.store.id)).toHaveLength(2);
  });

  it('deletes uploads never saved with a product after a day', async () => {
    const m = await merchant(server);
    await uploadImages(m.client, m.base, 2);
    expect(await storeFiles(server, m.store.id)).toHaveLength(4);
    // Uploaded 25 hours ago (moving the clock instead would expire the session too).
    const dayAgo = new Date(clock.nowMs() - 25 * 60 * 60 * 1000).toISOString();
    await server.ctx.db.updateTable('product_images').set({ created_at: dayAgo }).where('store_id', '=', m.store.id).execute();
    const [fresh] = await uploadImages(m.client, m.base, 1);
    const files = await storeFiles(server, m.store.id);
    expect(files).toHaveLength(2);
    expect(files.some((k) => fresh!.url.endsWith(k))).toBe(true);
  });

  it('leaves no file behind when the store is deleted', async () => {
    const m = await merchant(server);
    const imgs = await uploadImages(m.client, m.base, 2);
    const p = await createProduct(m.client, m.base, { imageIds: imgs.map((i) => i.id) });
    await createVariant(m.client, m.base, p.id, { imageId: (await uploadImages(m.client, m.base, 1, 'variant'))[0]!.id });
    expect(await storeFiles(server, m.store.id)).toHaveLength(6);
    expect((await m.client.del(`/api/stores/${m.store.id}`)).status).toBe(204);
    expect(await storeFiles(server, m.store.id)).toEqual([]);
  });
});
