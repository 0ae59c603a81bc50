import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from './harness.js';
import { createCategory, createProduct, merchant } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe(`categories (${engine})`, () => {
  it('creates, reads, lists by name, updates and deletes', async () => {
    const m = await merchant(server);
    const sport = await m.client.post(`${m.base}/categories`, { name: 'Sport' });
    expect(sport.status).toBe(201);
    expect(sport.body).toMatchObject({ name: 'Sport', slug: 'sport', productCount: 0 });
    await createCategory(m.client, m.base, 'Abbigliamento');
    const list = await m.client.get(`${m.base}/categories`);
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(['Abbigliamento', 'Sport']);

    const got = await m.client.get(`${m.base}/categories/${sport.body.id}`);
    expect(got.body).toMatchObject({ id: sport.body.id, slug: 'sport' });

    const updated = await m.client.put(`${m.base}/categories/${sport.body.id}`, { name: 'Sport e Tempo Libero', slug: '' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Sport e Tempo Libero', slug: 'sport-e-tempo-libero' });
    const custom = await m.client.put(`${m.base}/categories/${sport.body.id}`, { name: 'Sport', slug: 'Attività All’Aperto' });
    expect(custom.body.slug).toBe('attivita-allaperto');

    expect((await m.client.del(`${m.base}/categories/${sport.body.id}`)).status).toBe(204);
    const gone = await m.client.get(`${m.base}/categories/${sport.body.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Categoria non trovata');
  });

  it.each([
    ['Casa e Cucina', 'casa-e-cucina'],
    ['Caffè & Tè', 'caffe-te'],
    ['Libri, riviste... e fumetti!', 'libri-riviste-e-fumetti'],
    ['  Tanti    spazi  ', 'tanti-spazi'],
    ['Uno -- due --- tre', 'uno-due-tre'],
    ['Élite Été', 'elite-ete'],
  ])('derives the slug of %j as %j', async (name, slug) => {
    const m = await merchant(server);
    const res = await m.client.post(`${m.base}/categories`, { name, slug: '' });
    expect(res.status).toBe(201);
    expect(res.body.slug).toBe(slug);
  });

  it('refuses an empty name, an empty derived slug and a taken slug', async () => {
    const m = await merchant(server);
    const noName = await m.client.post(`${m.base}/categories`, { name: '   ' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.message).toBe('Il nome è obbligatorio');
    const symbols = await m.client.post(`${m.base}/categories`, { name: '!!!', slug: '???' });
    expect(symbols.status).toBe(400);
    expect(symbols.body.error).toMatchObject({ message: 'Lo slug deve contenere almeno una lettera o un numero', field: 'slug' });

    const first = await createCategory(m.client, m.base, 'Libri');
    const dup = await m.client.post(`${m.base}/categories`, { name: 'Altri libri', slug: 'LIBRI' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ message: 'Esiste già una categoria con questo slug in questo store. Scegline uno diverso.', field: 'slug' });
    const second = await createCategory(m.client, m.base, 'Riviste');
    expect((await m.client.put(`${m.base}/categories/${second.id}`, { name: 'Riviste', slug: first.slug })).status).toBe(409);
    // Parallel creates of one slug: one wins, the other is a clear 409.
    const race = await Promise.all([1, 2].map(() => m.client.post(`${m.base}/categories`, { name: 'Gara' })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
    // Slugs are unique per store only.
    const other = await merchant(server);
    expect((await other.client.post(`${other.base}/categories`, { name: 'Libri' })).status).toBe(201);
  });

  it('keeps products, uncategorised, when their category is deleted', async () => {
    const m = await merchant(server);
    const cat = await createCategory(m.client, m.base, 'Da eliminare');
    const p = await createProduct(m.client, m.base, { categoryId: cat.id });
    expect((await m.client.get(`${m.base}/categories/${cat.id}`)).body.productCount).toBe(1);
    expect((await m.client.del(`${m.base}/categories/${cat.id}`)).status).toBe(204);
    const after = await m.client.get(`${m.base}/products/${p.id}`);
    expect(after.status).toBe(200);
    expect(after.body.category).toBeNull();
  });

  it('filters products by category', async () => {
    const m = await merchant(server);
    const a = await createCategory(m.client, m.base, 'A');
    await createProduct(m.client, m.base, { categoryId: a.id, title: 'Con categoria' });
    await createProduct(m.client, m.base, { title: 'Senza' });
    const res = await m.client.get(`${m.base}/products?categoryId=${a.id}`);
    expect(res.body.items.map((p: { title: string }) => p.title)).toEqual(['Con categoria']);
  });
});
