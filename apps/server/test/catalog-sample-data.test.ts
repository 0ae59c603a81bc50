import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from './harness.js';
import { catalogRows, createCategory, createProduct, createVariant, member, merchant, storeFiles, uploadImages } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const count = (table: Parameters<typeof catalogRows>[1], storeId: string) => catalogRows(server, table, storeId);

describe(`sample data (${engine})`, () => {
  it('replaces all products and categories with 5 categories and 12 products', async () => {
    const m = await merchant(server);
    const old = await createCategory(m.client, m.base, 'Vecchia');
    const imgs = await uploadImages(m.client, m.base, 2);
    const p = await createProduct(m.client, m.base, { title: 'Vecchio', categoryId: old.id, imageIds: imgs.map((i) => i.id) });
    await createVariant(m.client, m.base, p.id);
    const oldFiles = await storeFiles(server, m.store.id);
    expect(oldFiles).toHaveLength(4);

    const res = await m.client.post(`${m.base}/sample-data`);
    expect(res.status).toBe(200);
    expect(res.body.stats).toEqual({ categories: 5, products: 12, variants: 23 });

    const cats = await m.client.get(`${m.base}/categories`);
    expect(cats.body.map((c: { name: string }) => c.name).sort()).toEqual(['Abbigliamento', 'Casa e Cucina', 'Elettronica', 'Libri', 'Sport']);
    expect(cats.body.find((c: { name: string }) => c.name === 'Casa e Cucina').slug).toBe('casa-e-cucina');
    const list = await m.client.get(`${m.base}/products`);
    expect(list.body.total).toBe(12);
    expect(list.body.items.map((i: { title: string }) => i.title)).not.toContain('Vecchio');
    expect(list.body.items.every((i: { cover: unknown; category: unknown }) => i.cover && i.category)).toBe(true);
    expect(await count('product_variants', m.store.id)).toBe(23);
    // One stock record per sellable unit: 23 variants plus 5 products without variants.
    expect(await count('inventory', m.store.id)).toBe(28);
    expect(await count('store_skus', m.store.id)).toBe(35);

    // Old files are gone, the new ones are real WebP pictures.
    const files = await storeFiles(server, m.store.id);
    expect(files.some((f) => oldFiles.includes(f))).toBe(false);
    // Each 1000 px picture: the full image, its thumbnail and copies 320 and 640 px wide.
    expect(files.length).toBe(4 * (await count('product_images', m.store.id)));
    const cover = list.body.items[0].cover;
    const meta = await sharp(Buffer.from(await (await fetch(server.url + cover.url)).arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');

    // Variants with sizes, colours and storage.
    const phone = list.body.items.find((i: { title: string }) => i.title === 'Smartphone Nova X');
    const detail = await m.client.get(`${m.base}/products/${phone.id}`);
    expect(detail.body.variants.map((v: { label: string }) => v.label)).toEqual(['128 GB', '256 GB', '512 GB']);
    expect(detail.body.variants[1]).toMatchObject({ priceDeltaCents: 10000, attributes: { Memoria: '256 GB' } });
    expect((await m.client.get(`${m.base}/skus/next`)).body.sku).toBe('SKU-0013');
  });

  it('can run again: the previous sample catalogue is wiped, files too', async () => {
    const m = await merchant(server);
    await m.client.post(`${m.base}/sample-data`);
    const first = await storeFiles(server, m.store.id);
    const again = await Promise.all([m.client.post(`${m.base}/sample-data`), m.client.post(`${m.base}/sample-data`)]);
    expect(again.map((r) => r.status)).toEqual([200, 200]);
    expect(await count('products', m.store.id)).toBe(12);
    expect(await count('categories', m.store.id)).toBe(5);
    const files = await storeFiles(server, m.store.id);
    expect(files).toHaveLength(first.length);
    expect(files.some((f) => first.includes(f))).toBe(false);
  });

  it('is for admins only and touches only the store in the URL', async () => {
    const m = await merchant(server);
    const bystander = await merchant(server);
    await createProduct(bystander.client, bystander.base);
    const staff = await member(server, m.store.id, 'staff');
    const denied = await staff.client.post(`${m.base}/sample-data`);
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe('Non hai i permessi per questa operazione');
    const admin = await member(server, m.store.id, 'admin');
    expect((await admin.client.post(`${m.base}/sample-data`)).status).toBe(200);
    expect((await m.client.post(`${bystander.base}/sample-data`)).status).toBe(404);
    expect(await count('products', bystander.store.id)).toBe(1);
  });
});
