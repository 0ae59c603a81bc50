import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { insertCategory, insertProduct } from './catalog-factory.js';

let server: TestServer;
let store: { id: string; slug: string };
let otherStore: { id: string; slug: string };
const ids: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  const u = await createUser(server);
  store = await createStoreFor(server, u.id, 'Vetrina Pubblica');
  otherStore = await createStoreFor(server, (await createUser(server)).id, 'Altra Vetrina');
  const shoes = await insertCategory(server, store.id, 'Scarpe', 'scarpe');
  await insertCategory(server, store.id, 'Borse', 'borse');
  ids.runner = (
    await insertProduct(server, store.id, {
      title: 'Scarpa da corsa',
      priceCents: 8900,
      categoryId: shoes,
      variants: [
        { label: '41', deltaCents: 0, stock: 2 },
        { label: '45', deltaCents: 1000, stock: 0 },
      ],
    })
  ).id;
  ids.soldOut = (await insertProduct(server, store.id, { title: 'Sandalo 100% cuoio', priceCents: 4000, stock: 0, categoryId: shoes })).id;
  ids.bag = (await insertProduct(server, store.id, { title: 'Borsa tote', priceCents: 3500, stock: 7 })).id;
  ids.draft = (await insertProduct(server, store.id, { title: 'Bozza nascosta', status: 'draft' })).id;
  ids.archived = (await insertProduct(server, store.id, { title: 'Vecchio modello', status: 'archived' })).id;
  ids.foreign = (await insertProduct(server, otherStore.id, { title: 'Prodotto altrui' })).id;
});
afterAll(async () => {
  await server.close();
});

const get = (url: string) => client(server.url).get(url);

describe(`public storefront API (${engine})`, () => {
  it('shows the store with colours, theme and categories; unknown slugs are "Store non trovato"', async () => {
    const res = await get(`/api/public/stores/${store.slug}`);
    expect(res.status).toBe(200);
    expect(res.body.store).toMatchObject({ name: 'Vetrina Pubblica', theme: { key: 'moderno', name: 'Moderno' }, colors: { primary: '#8B5CF6' } });
    expect(res.body.store.categories.map((c: any) => [c.slug, c.hasProducts])).toEqual([
      ['borse', false],
      ['scarpe', true],
    ]);
    const missing = await get('/api/public/stores/non-esiste');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Store non trovato');
  });

  it('lists only active products of that store, newest first, with sold-out flags and price ranges', async () => {
    const res = await get(`/api/public/stores/${store.slug}/products`);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((p: any) => p.title)).toEqual(['Borsa tote', 'Sandalo 100% cuoio', 'Scarpa da corsa']);
    const runner = res.body.items.find((p: any) => p.id === ids.runner);
    expect(runner).toMatchObject({ priceCents: 8900, priceVaries: true, soldOut: false, category: { slug: 'scarpe' } });
    expect(res.body.items.find((p: any) => p.id === ids.soldOut).soldOut).toBe(true);
  });

  it('searches titles (wildcards taken literally), filters by category slug and pages', async () => {
    const search = async (q: string) =>
      (await get(`/api/public/stores/${store.slug}/products?search=${encodeURIComponent(q)}`)).body.items.map((p: any) => p.title);
    // The title match ranks above the product found through its category ('Scarpe').
    expect(await search('SCARPA')).toEqual(['Scarpa da corsa', 'Sandalo 100% cuoio']);
    expect(await search('100%')).toEqual(['Sandalo 100% cuoio']);
    expect(await search('%')).toEqual(['Sandalo 100% cuoio']);
    expect(await search('bozza')).toEqual([]);
    const cat = await get(`/api/public/stores/${store.slug}/products?category=scarpe`);
    expect(cat.body.total).toBe(2);
    expect((await get(`/api/public/stores/${store.slug}/products?category=inesistente`)).body.total).toBe(0);
    const page = await get(`/api/public/stores/${store.slug}/products?pageSize=2&page=2`);
    expect(page.body.items).toHaveLength(1);
    expect((await get(`/api/public/stores/${store.slug}/products?pageSize=1000`)).status).toBe(400);
    expect((await get(`/api/public/stores/${store.slug}/products?admin=1`)).status).toBe(400);
  });

  it('shows an active product with variant prices and availability', async () => {
    const res = await get(`/api/public/stores/${store.slug}/products/${ids.runner}`);
    expect(res.status).toBe(200);
    expect(res.body.product.variants.map((v: any) => [v.label, v.priceCents, v.available])).toEqual([
      ['41', 8900, 2],
      ['45', 9900, 0],
    ]);
    expect(res.body.product.soldOut).toBe(false);
    const bag = await get(`/api/public/stores/${store.slug}/products/${ids.bag}`);
    expect(bag.body.product).toMatchObject({ available: 7, variants: [], soldOut: false });
  });

  it('answers "Prodotto non trovato" for drafts, archived, unknown ids and other stores\' products', async () => {
    for (const id of [ids.draft, ids.archived, ids.foreign, 'non-esiste']) {
      const res = await get(`/api/public/stores/${store.slug}/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Prodotto non trovato');
    }
  });
});
