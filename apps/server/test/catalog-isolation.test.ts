import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, engine, startServer, type TestServer } from './harness.js';
import { createCategory, createProduct, createVariant, imageForm, imageBytes, merchant, storeFiles, uploadImages } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** Store B with one of everything, and a member of store A who will try to reach it. */
async function twoStores() {
  const a = await merchant(server, 'Negozio A');
  const b = await merchant(server, 'Negozio B');
  const bCategory = await createCategory(b.client, b.base, 'Di B');
  const bImages = await uploadImages(b.client, b.base, 2);
  const bProduct = await createProduct(b.client, b.base, {
    title: 'Prodotto di B',
    sku: 'B-1',
    stock: 5,
    categoryId: bCategory.id,
    imageIds: [bImages[0]!.id],
  });
  const bVariant = await createVariant(b.client, b.base, bProduct.id, { sku: 'B-1-M', stock: 2 });
  const aProduct = await createProduct(a.client, a.base, { title: 'Prodotto di A', sku: 'A-1' });
  return { a, b, bCategory, bProduct, bVariant, bStaged: bImages[1]!, bCover: bImages[0]!, aProduct };
}

describe(`cross-store ids (${engine})`, () => {
  it("answers 404 to every catalogue call that carries another store's ids", async () => {
    const { a, bCategory, bProduct, bVariant, bStaged, bCover, aProduct } = await twoStores();
    const c = a.client;
    const A = a.base;
    const product = { title: 'X', priceCents: 1, sku: 'X-1' };
    const variant = { label: 'X', sku: 'X-2' };
    const attacks: Array<[string, () => Promise<{ status: number; body: any }>]> = [
      ['get product', () => c.get(`${A}/products/${bProduct.id}`)],
      ['update product', () => c.put(`${A}/products/${bProduct.id}`, product)],
      ['delete product', () => c.del(`${A}/products/${bProduct.id}`)],
      ['list variants', () => c.get(`${A}/products/${bProduct.id}/variants`)],
      ['add variant', () => c.post(`${A}/products/${bProduct.id}/variants`, variant)],
      ['update variant via own product', () => c.put(`${A}/products/${aProduct.id}/variants/${bVariant.id}`, variant)],
      ['update variant via its product', () => c.put(`${A}/products/${bProduct.id}/variants/${bVariant.id}`, variant)],
      ['delete variant', () => c.del(`${A}/products/${aProduct.id}/variants/${bVariant.id}`)],
      ['get category', () => c.get(`${A}/categories/${bCategory.id}`)],
      ['update category', () => c.put(`${A}/categories/${bCategory.id}`, { name: 'Presa' })],
      ['delete category', () => c.del(`${A}/categories/${bCategory.id}`)],
      ['create product in B category', () => c.post(`${A}/products`, { ...product, categoryId: bCategory.id })],
      ['move own product to B category', () => c.put(`${A}/products/${aProduct.id}`, { ...product, sku: aProduct.sku, categoryId: bCategory.id })],
      ['create product with B images', () => c.post(`${A}/products`, { ...product, imageIds: [bStaged.id] })],
      ['take B cover image', () => c.put(`${A}/products/${aProduct.id}`, { ...product, sku: aProduct.sku, imageIds: [bCover.id] })],
      ['variant with B image', () => c.post(`${A}/products/${aProduct.id}/variants`, { ...variant, imageId: bStaged.id })],
      ['edit B stock', () => c.patch(`${A}/inventory/${bVariant.inventoryId}`, { qty: 0 })],
      ['delete B image', () => c.del(`${A}/product-images/${bCover.id}`)],
      ['delete B staged image', () => c.del(`${A}/product-images/${bStaged.id}`)],
    ];
    for (const [name, attack] of attacks) {
      const res = await attack();
      expect(res.status, name).toBe(404);
      expect(res.body.error.message, name).toMatch(/non trovat[oa]$/);
    }
    // B is untouched.
    const bDetail = await server.ctx.db.selectFrom('products').select(['title', 'category_id']).where('id', '=', bProduct.id).executeTakeFirstOrThrow();
    expect(bDetail).toEqual({ title: 'Prodotto di B', category_id: bCategory.id });
    const bStock = await server.ctx.db.selectFrom('inventory').select('qty').where('id', '=', bVariant.inventoryId).executeTakeFirstOrThrow();
    expect(bStock.qty).toBe(2);
    expect(await server.ctx.db.selectFrom('categories').select('name').where('id', '=', bCategory.id).executeTakeFirstOrThrow()).toEqual({ name: 'Di B' });
    expect(await server.ctx.db.selectFrom('product_images').select('id').where('product_id', '=', aProduct.id).execute()).toEqual([]);
  });

  it("answers 'Store non trovato' on every route of a store the caller is not a member of", async () => {
    const { a, b, bCategory, bProduct, bVariant, bCover } = await twoStores();
    const c = a.client;
    const B = b.base;
    const png = await imageBytes('png');
    const calls: Array<() => Promise<{ status: number; body: any }>> = [
      () => c.get(`${B}/products`),
      () => c.post(`${B}/products`, { title: 'X', priceCents: 1, sku: 'Z-1' }),
      () => c.get(`${B}/products/${bProduct.id}`),
      () => c.put(`${B}/products/${bProduct.id}`, { title: 'X', priceCents: 1, sku: 'B-1' }),
      () => c.del(`${B}/products/${bProduct.id}`),
      () => c.get(`${B}/products/${bProduct.id}/variants`),
      () => c.post(`${B}/products/${bProduct.id}/variants`, { label: 'X', sku: 'Z-2' }),
      () => c.put(`${B}/products/${bProduct.id}/variants/${bVariant.id}`, { label: 'X', sku: 'Z-3' }),
      () => c.del(`${B}/products/${bProduct.id}/variants/${bVariant.id}`),
      () => c.get(`${B}/categories`),
      () => c.post(`${B}/categories`, { name: 'X' }),
      () => c.get(`${B}/categories/${bCategory.id}`),
      () => c.put(`${B}/categories/${bCategory.id}`, { name: 'X' }),
      () => c.del(`${B}/categories/${bCategory.id}`),
      () => c.get(`${B}/inventory`),
      () => c.patch(`${B}/inventory/${bVariant.inventoryId}`, { qty: 0 }),
      () => c.get(`${B}/skus/next`),
      () => c.get(`${B}/skus/check?sku=B-1`),
      () => c.post(`${B}/product-images`, imageForm([{ bytes: png }])),
      () => c.del(`${B}/product-images/${bCover.id}`),
      () => c.post(`${B}/sample-data`),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Store non trovato');
    }
    expect(await storeFiles(server, b.store.id)).toHaveLength(4);
    // Without a session every route is 401.
    const anon = client(server.url);
    expect((await anon.get(`${B}/products`)).status).toBe(401);
    expect((await anon.post(`${B}/sample-data`)).status).toBe(401);
  });
});
