import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct, merchant } from './catalog-fixtures.js';
import { client, engine, startServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  // A long cache lifetime: only the team's writes can explain a fresh answer.
  server = await startServer({ PUBLIC_CACHE_MS: '60000' });
});
afterAll(async () => {
  await server.close();
});

type PublicCategory = { slug: string; hasProducts: boolean };
const publicCategories = async (slug: string) => {
  const res = await client(server.url).get<{ store: { categories: PublicCategory[] } }>(`/api/public/stores/${slug}`);
  expect(res.status).toBe(200);
  return res.body.store.categories;
};
const linked = async (slug: string) => (await publicCategories(slug)).filter((c) => c.hasProducts).map((c) => c.slug);
const page = async (path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, html: await res.text() };
};

describe(`storefront categories: only those with an active product are linked (${engine})`, () => {
  it('hides empty, draft-only and archived-only categories from the home and the menu, and shows them once a product is active', async () => {
    const m = await merchant(server, 'Negozio Categorie');
    const full = await createCategory(m.client, m.base, 'Tazze');
    const drafts = await createCategory(m.client, m.base, 'Teiere');
    const archived = await createCategory(m.client, m.base, 'Vassoi');
    const empty = await createCategory(m.client, m.base, 'Zuccheriere');
    await createProduct(m.client, m.base, { title: 'Tazza blu', status: 'active', categoryId: full.id });
    const teapot = await createProduct(m.client, m.base, { title: 'Teiera in ghisa', status: 'draft', categoryId: drafts.id });
    await createProduct(m.client, m.base, { title: 'Vassoio vecchio', status: 'archived', categoryId: archived.id });
    // A product of another store in a same-named category does not count for this one.
    const other = await merchant(server, 'Altro Negozio');
    const otherEmpty = await createCategory(other.client, other.base, 'Zuccheriere');
    await createProduct(other.client, other.base, { title: 'Zuccheriera altrui', status: 'active', categoryId: otherEmpty.id });

    expect(await linked(m.store.slug)).toEqual([full.slug]);
    expect((await publicCategories(m.store.slug)).map((c) => c.slug)).toEqual([full.slug, drafts.slug, archived.slug, empty.slug]);

    const home = await page(`/store/${m.store.slug}`);
    expect(home.status).toBe(200);
    expect(home.html).toContain(`/store/${m.store.slug}/category/${full.slug}"`);
    for (const hidden of [drafts, archived, empty]) expect(home.html).not.toContain(`/category/${hidden.slug}"`);

    // The empty category's page still answers as before, with its (empty) list: it is just not linked.
    const emptyPage = await page(`/store/${m.store.slug}/category/${empty.slug}`);
    expect(emptyPage.status).toBe(200);
    expect(emptyPage.html).toContain('Zuccheriere');

    // Publishing the draft is a team write: the cached store drops and the category appears.
    const withStatus = (status: 'active' | 'archived') => ({
      title: teapot.title,
      priceCents: teapot.priceCents,
      sku: teapot.sku,
      stock: teapot.stock,
      categoryId: drafts.id,
      status,
    });
    const published = await m.client.put(`${m.base}/products/${teapot.id}`, withStatus('active'));
    expect(published.status).toBe(200);
    expect(await linked(m.store.slug)).toEqual([full.slug, drafts.slug]);
    expect((await page(`/store/${m.store.slug}`)).html).toContain(`/category/${drafts.slug}"`);

    // Archiving it again hides the category again.
    const archivedAgain = await m.client.put(`${m.base}/products/${teapot.id}`, withStatus('archived'));
    expect(archivedAgain.status).toBe(200);
    expect(await linked(m.store.slug)).toEqual([full.slug]);
  });

  it('lists a category created or renamed after its address was asked for, and forgets a deleted one', async () => {
    const m = await merchant(server, 'Negozio Categorie Nuove');
    type Page = { items: Array<{ title: string }>; total: number };
    const listed = async (category: string) => {
      const res = await client(server.url).get<Page>(`/api/public/stores/${m.store.slug}/products?category=${category}&pageSize=12`);
      expect(res.status).toBe(200);
      return { titles: res.body.items.map((i) => i.title), total: res.body.total };
    };
    // Asked for before it exists (an old or guessed link): no products, not an error.
    expect(await listed('candele')).toEqual({ titles: [], total: 0 });
    const candles = await createCategory(m.client, m.base, 'Candele');
    expect(candles.slug).toBe('candele');
    await createProduct(m.client, m.base, { title: 'Candela alla lavanda', status: 'active', categoryId: candles.id });
    expect(await listed('candele')).toEqual({ titles: ['Candela alla lavanda'], total: 1 });
    // Deleted: its address lists nothing again (its product stays, without a category).
    expect((await m.client.del(`${m.base}/categories/${candles.id}`)).status).toBe(204);
    expect(await listed('candele')).toEqual({ titles: [], total: 0 });
  });
});
