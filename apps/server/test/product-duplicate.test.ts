import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail, ProductImage } from '@vetrina/shared';
import type { StockHistory } from '@vetrina/shared/stock-history';
import { engine, startServer, type Client, type TestServer } from './harness.js';
import { createCategory, createProduct, createVariant, imageBytes, imageForm, member, merchant, storeFiles, uploadImages } from './catalog-fixtures.js';

let server: TestServer;
let m: Awaited<ReturnType<typeof merchant>>;
let other: Awaited<ReturnType<typeof merchant>>;

beforeAll(async () => {
  server = await startServer();
  m = await merchant(server, 'Bottega Copie');
  other = await merchant(server, 'Altra Bottega');
});
afterAll(async () => {
  await server.close();
});

const duplicate = (c: Client, base: string, productId: string) => c.post<ProductDetail>(`${base}/products/${productId}/duplicate`);
/** A stored picture as a browser loads it. */
const fetchStatus = async (url: string) => (await fetch(`${server.url}${url}`)).status;

/** A picture wide enough to have smaller copies for srcset (640 and 320 px). */
async function widePicture(target: 'product' | 'variant'): Promise<ProductImage> {
  const res = await m.client.post<{ images: ProductImage[] }>(
    `${m.base}/product-images?target=${target}`,
    imageForm([{ bytes: await imageBytes('png', 700, 500) }]),
  );
  expect(res.status).toBe(201);
  return res.body.images[0]!;
}

describe(`duplicating a product (${engine})`, () => {
  it('copies the product as a draft with its variants and pictures, new SKUs and slug, and no stock', async () => {
    const category = await createCategory(m.client, m.base, 'Maglieria');
    const gallery = [await widePicture('product'), ...(await uploadImages(m.client, m.base, 1))];
    const p = await createProduct(m.client, m.base, {
      title: 'Maglione di lana',
      description: 'Lana merino, fatto a mano.',
      priceCents: 5900,
      compareAtCents: 7900,
      sku: 'MAGL-01',
      stock: 0,
      categoryId: category.id,
      status: 'active',
      imageIds: gallery.map((i) => i.id),
    });
    const [variantPicture] = await uploadImages(m.client, m.base, 1, 'variant');
    await createVariant(m.client, m.base, p.id, { label: 'Taglia S', sku: 'MAGL-01-S', stock: 4, attributes: [{ key: 'Taglia', value: 'S' }] });
    await createVariant(m.client, m.base, p.id, {
      label: 'Taglia L',
      sku: 'magl-01-l',
      stock: 7,
      priceDeltaCents: 500,
      compareAtCents: 9900,
      attributes: [{ key: 'Taglia', value: 'L' }],
      imageId: variantPicture!.id,
    });
    const original = (await m.client.get<ProductDetail>(`${m.base}/products/${p.id}`)).body;

    const res = await duplicate(m.client, m.base, p.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const copy = res.body;
    expect(copy).toMatchObject({
      title: 'Maglione di lana (copia)',
      status: 'draft',
      description: 'Lana merino, fatto a mano.',
      priceCents: 5900,
      compareAtCents: 7900,
      sku: 'MAGL-01-COPIA',
      category: { id: category.id },
      stock: 0,
      inventory: null,
    });
    expect(copy.id).not.toBe(p.id);
    expect(copy.slug).toBe('maglione-di-lana-copia');
    expect(
      copy.variants.map((v) => ({
        label: v.label,
        sku: v.sku,
        delta: v.priceDeltaCents,
        compareAt: v.compareAtCents,
        attributes: v.attributes,
        stock: v.stock,
      })),
    ).toEqual([
      { label: 'Taglia S', sku: 'MAGL-01-S-COPIA', delta: 0, compareAt: null, attributes: { Taglia: 'S' }, stock: 0 },
      { label: 'Taglia L', sku: 'magl-01-l-COPIA', delta: 500, compareAt: 9900, attributes: { Taglia: 'L' }, stock: 0 },
    ]);
    // The copy's pictures are files of its own, in the same order.
    expect(copy.images).toHaveLength(2);
    expect(copy.images.map((i) => i.url)).not.toEqual(original.images.map((i) => i.url));
    expect(copy.variants[0]?.image).toBeNull();
    expect(copy.variants[1]?.image?.url).not.toBe(variantPicture!.url);
    const srcset = await server.ctx.db.selectFrom('product_images').select('srcset').where('id', '=', copy.images[0]!.id).executeTakeFirstOrThrow();
    expect(JSON.parse(srcset.srcset).map((d: { width: number }) => d.width)).toEqual([320, 640]);
    // Its stock history starts at 0, created by the member.
    const h = await m.client.get<StockHistory>(`${m.base}/inventory/${copy.variants[1]!.inventoryId}/history`);
    expect(h.body.items.map((i) => [i.reason, i.qtyAfter, i.actor?.email])).toEqual([['created', 0, m.email]]);
    // The original is untouched.
    expect((await m.client.get<ProductDetail>(`${m.base}/products/${p.id}`)).body).toEqual(original);

    // Again: the next free SKUs and slug.
    const again = await duplicate(m.client, m.base, p.id);
    expect(again.status).toBe(201);
    expect(again.body.sku).toBe('MAGL-01-COPIA-2');
    expect(again.body.variants.map((v) => v.sku)).toEqual(['MAGL-01-S-COPIA-2', 'magl-01-l-COPIA-2']);
    expect(again.body.slug).toBe('maglione-di-lana-copia-2');

    // Deleting the original leaves the copy's pictures working.
    const filesBefore = (await storeFiles(server, m.store.id)).length;
    expect((await m.client.del(`${m.base}/products/${p.id}`)).status).toBe(204);
    // 2 gallery pictures (one with two smaller copies) and one variant picture: 2 + 4 + 2 files.
    expect(await storeFiles(server, m.store.id)).toHaveLength(filesBefore - 8);
    for (const img of [...copy.images, copy.variants[1]!.image!]) {
      expect(await fetchStatus(img.url)).toBe(200);
      expect(await fetchStatus(img.thumbUrl)).toBe(200);
    }
    expect(await fetchStatus(original.images[0]!.url)).toBe(404);
    expect((await m.client.get<ProductDetail>(`${m.base}/products/${copy.id}`)).body.images).toEqual(copy.images);
  });

  it('a product without variants gets its own unit at 0; a long title keeps within 200 characters', async () => {
    const title = `${'Tazza in ceramica smaltata '.repeat(8)}`.slice(0, 200);
    const p = await createProduct(m.client, m.base, { title, stock: 12, sku: `LUNGO-${'X'.repeat(58)}` });
    const res = await duplicate(m.client, m.base, p.id);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.title).toHaveLength(200);
    expect(res.body.title.endsWith(' (copia)')).toBe(true);
    expect(res.body.sku).toHaveLength(64);
    expect(res.body.sku.endsWith('-COPIA')).toBe(true);
    expect(res.body.inventory).toMatchObject({ stock: 0, reserved: 0 });
    expect(res.body.images).toEqual([]);
  });

  it('staff may duplicate; another store’s product is 404 and nothing is written', async () => {
    const staff = await member(server, m.store.id, 'staff');
    const p = await createProduct(m.client, m.base, { title: 'Candela', stock: 3 });
    expect((await duplicate(staff.client, m.base, p.id)).status).toBe(201);

    const theirs = await createProduct(other.client, other.base, {
      title: 'Segreto',
      imageIds: (await uploadImages(other.client, other.base, 1)).map((i) => i.id),
    });
    const count = async () => (await server.ctx.db.selectFrom('products').select('id').execute()).length;
    const before = { products: await count(), mine: await storeFiles(server, m.store.id), theirs: await storeFiles(server, other.store.id) };
    const foreign = await duplicate(m.client, m.base, theirs.id);
    expect(foreign.status).toBe(404);
    expect((foreign.body as unknown as { error: { message: string } }).error.message).toBe('Prodotto non trovato');
    expect((await duplicate(m.client, other.base, theirs.id)).status).toBe(404);
    expect((await duplicate(m.client, m.base, 'non-esiste')).status).toBe(404);
    expect({ products: await count(), mine: await storeFiles(server, m.store.id), theirs: await storeFiles(server, other.store.id) }).toEqual(before);
  });
});
