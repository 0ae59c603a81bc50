import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { engine, startServer, type TestServer } from './harness.js';
import { createCategory, createProduct, member, merchant, uniqueSku } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const SKU_TAKEN = 'Questo SKU è già utilizzato da un altro prodotto. Scegli uno SKU diverso.';

describe(`products (${engine})`, () => {
  it('creates, reads, lists, updates and deletes a product', async () => {
    const m = await merchant(server);
    const cat = await createCategory(m.client, m.base, 'Elettronica');
    const created = await m.client.post(`${m.base}/products`, {
      title: '  Cuffie  ',
      description: 'Belle',
      priceCents: 12990,
      sku: 'CUF-1',
      stock: 7,
      categoryId: cat.id,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      title: 'Cuffie',
      priceCents: 12990,
      sku: 'CUF-1',
      status: 'draft',
      stock: 7,
      category: { id: cat.id, name: 'Elettronica', slug: 'elettronica' },
      variants: [],
      images: [],
    });
    expect(created.body.inventory).toMatchObject({ stock: 7, reserved: 0 });
    const id = created.body.id;

    const list = await m.client.get(`${m.base}/products`);
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 24 });
    expect(list.body.items[0]).toMatchObject({ id, title: 'Cuffie', sku: 'CUF-1', stock: 7, variantCount: 0, cover: null, category: { name: 'Elettronica' } });

    const updated = await m.client.put(`${m.base}/products/${id}`, {
      title: 'Cuffie Pro',
      priceCents: 14990,
      sku: 'CUF-2',
      stock: 3,
      categoryId: null,
      status: 'active',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: 'Cuffie Pro', priceCents: 14990, sku: 'CUF-2', stock: 3, category: null, status: 'active' });
    // The old SKU is free again, the new one is taken.
    expect((await m.client.get(`${m.base}/skus/check?sku=CUF-1`)).body.available).toBe(true);
    expect((await m.client.get(`${m.base}/skus/check?sku=cuf-2`)).body.available).toBe(false);
    expect((await m.client.get(`${m.base}/skus/check?sku=CUF-2&productId=${id}`)).body.available).toBe(true);

    expect((await m.client.del(`${m.base}/products/${id}`)).status).toBe(204);
    const gone = await m.client.get(`${m.base}/products/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Prodotto non trovato');
    expect(await server.ctx.db.selectFrom('inventory').select('id').where('product_id', '=', id).execute()).toEqual([]);
    expect((await m.client.get(`${m.base}/skus/check?sku=CUF-2`)).body.available).toBe(true);
  });

  it('validates the fields with Italian messages and never answers 500', async () => {
    const m = await merchant(server);
    const post = (body: unknown) => m.client.post(`${m.base}/products`, body);
    expect((await post({ title: ' ', priceCents: 100, sku: 'A' })).body.error.message).toBe('Il titolo è obbligatorio');
    expect((await post({ title: 'T', sku: 'A' })).body.error.message).toBe('Il prezzo è obbligatorio');
    expect((await post({ title: 'T', priceCents: -1, sku: 'A' })).body.error.message).toBe('Il prezzo non può essere negativo');
    expect((await post({ title: 'T', priceCents: 10.5, sku: 'A' })).body.error.message).toBe(
      'Inserisci un prezzo valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali)',
    );
    expect((await post({ title: 'T', priceCents: 100, sku: '' })).body.error.message).toBe('Lo SKU è obbligatorio');
    expect((await post({ title: 'T', priceCents: 100, sku: 'A', stock: -1 })).body.error.message).toBe(
      'La giacenza deve essere un numero intero maggiore o uguale a 0',
    );
    expect((await post({ title: 'T', priceCents: 100, sku: 'A', status: 'venduto' })).body.error.message).toBe('Stato non valido');
    expect((await post({ title: 'T', priceCents: 100, sku: 'A', extra: 1 })).body.error.message).toBe('Campo non previsto: extra');
    expect((await post({ title: 'T', priceCents: 100, sku: 'A', imageIds: Array.from({ length: 11 }, (_, i) => `x${i}`) })).body.error.message).toBe(
      'Puoi caricare al massimo 10 immagini per prodotto',
    );
    const raw = await m.client.post(`${m.base}/products`, undefined, { raw: '{"title":' });
    expect(raw.status).toBe(400);
    expect((await m.client.get(`${m.base}/products?page=0`)).status).toBe(400);
    expect((await m.client.get(`${m.base}/products/${'x'.repeat(100)}`)).status).toBe(400);
  });

  it('suggests SKU-0001, SKU-0002, … and skips SKUs typed in that format', async () => {
    const m = await merchant(server);
    const next = async () => (await m.client.get(`${m.base}/skus/next`)).body.sku;
    expect(await next()).toBe('SKU-0001');
    expect(await next()).toBe('SKU-0001'); // suggesting does not consume a number
    await createProduct(m.client, m.base, { sku: 'SKU-0001' });
    expect(await next()).toBe('SKU-0002');
    await createProduct(m.client, m.base, { sku: 'SKU-0002' });
    await createProduct(m.client, m.base, { sku: 'sku-0005' });
    expect(await next()).toBe('SKU-0006');
    await createProduct(m.client, m.base, { sku: 'ALTRO-9' });
    expect(await next()).toBe('SKU-0006');
    // Another store has its own sequence.
    const other = await merchant(server);
    expect((await other.client.get(`${other.base}/skus/next`)).body.sku).toBe('SKU-0001');
  });

  it('refuses a duplicate SKU (any case) with 409 "SKU duplicato"', async () => {
    const m = await merchant(server);
    const a = await createProduct(m.client, m.base, { sku: 'MAGLIA-1' });
    const dup = await m.client.post(`${m.base}/products`, { title: 'Altro', priceCents: 100, sku: 'maglia-1' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ message: SKU_TAKEN, title: 'SKU duplicato', field: 'sku' });
    const b = await createProduct(m.client, m.base, { sku: 'MAGLIA-2' });
    const rename = await m.client.put(`${m.base}/products/${b.id}`, { title: 'B', priceCents: 100, sku: 'MAGLIA-1' });
    expect(rename.status).toBe(409);
    expect(rename.body.error.message).toBe(SKU_TAKEN);
    // A variant's SKU blocks products too.
    await m.client.post(`${m.base}/products/${a.id}/variants`, { label: 'M', sku: 'VAR-1' });
    expect((await m.client.post(`${m.base}/products`, { title: 'C', priceCents: 1, sku: 'VAR-1' })).status).toBe(409);
    // The same SKU in another store is fine.
    const other = await merchant(server);
    expect((await other.client.post(`${other.base}/products`, { title: 'Altro', priceCents: 100, sku: 'MAGLIA-1' })).status).toBe(201);
  });

  it('lets exactly one of two parallel creates with the same SKU win', async () => {
    const m = await merchant(server);
    for (let round = 0; round < 3; round++) {
      const sku = uniqueSku('RACE');
      const results = await Promise.all([0, 1, 2].map((i) => m.client.post(`${m.base}/products`, { title: `Gara ${i}`, priceCents: 100, sku })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409]);
      for (const r of results.filter((x) => x.status === 409)) expect(r.body.error).toMatchObject({ title: 'SKU duplicato', message: SKU_TAKEN });
    }
    const rows = await server.ctx.db.selectFrom('products').select('id').where('store_id', '=', m.store.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('paginates newest first and searches title and SKU', async () => {
    const m = await merchant(server);
    for (let i = 1; i <= 26; i++) {
      clock.advance(1000); // distinct creation times, whatever the machine's speed
      await createProduct(m.client, m.base, { title: `Articolo ${i}`, sku: `ART-${i}` });
    }
    const first = await m.client.get(`${m.base}/products`);
    expect(first.body.total).toBe(26);
    expect(first.body.items).toHaveLength(24);
    expect(first.body.items[0].title).toBe('Articolo 26');
    const second = await m.client.get(`${m.base}/products?page=2`);
    expect(second.body.items.map((p: { title: string }) => p.title)).toEqual(['Articolo 2', 'Articolo 1']);
    const search = await m.client.get(`${m.base}/products?q=${encodeURIComponent('articolo 2')}`);
    expect(search.body.total).toBe(8); // 2, 20-26
    expect((await m.client.get(`${m.base}/products?q=art-13`)).body.items.map((p: { sku: string }) => p.sku)).toEqual(['ART-13']);
    expect((await m.client.get(`${m.base}/products?q=${encodeURIComponent('%')}`)).body.total).toBe(0);
  });

  it('lets staff write the catalogue and refuses non-members with 404', async () => {
    const m = await merchant(server);
    const staff = await member(server, m.store.id, 'staff');
    const p = await createProduct(staff.client, m.base);
    expect((await staff.client.put(`${m.base}/products/${p.id}`, { title: 'Da staff', priceCents: 5, sku: p.sku })).status).toBe(200);
    const outsider = await merchant(server);
    const res = await outsider.client.get(`${m.base}/products`);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Store non trovato');
  });

  it('keeps the category of this store only', async () => {
    const m = await merchant(server);
    const other = await merchant(server);
    const foreign = await createCategory(other.client, other.base, 'Altrui');
    const res = await m.client.post(`${m.base}/products`, { title: 'T', priceCents: 1, sku: uniqueSku(), categoryId: foreign.id });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Categoria non trovata');
  });
});
