import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, engine, startServer, type TestServer } from './harness.js';
import { createProduct, createVariant, merchant } from './catalog-fixtures.js';

let server: TestServer;
let m: Awaited<ReturnType<typeof merchant>>;
const AT = '2026-03-01T10:00:00.000Z';

interface Row {
  id: string;
  title: string;
  price: number;
  stock: number;
  at: string;
}
const rows: Row[] = [];

/** Products written straight into the tables, many sharing a price and a creation time (ties). */
async function seed(storeId: string, list: Array<{ title: string; price: number; stock?: number; at?: string; status?: 'active' | 'draft' }>) {
  const out: Row[] = [];
  await server.ctx.db.transaction().execute(async (trx) => {
    for (const p of list) {
      const id = randomUUID();
      const at = p.at ?? AT;
      await trx
        .insertInto('products')
        .values({
          id,
          store_id: storeId,
          title: p.title,
          slug: `p-${id}`,
          description: '',
          price_cents: p.price,
          sku: `L-${id}`,
          category_id: null,
          status: p.status ?? 'active',
          image_urls: '[]',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await trx
        .insertInto('inventory')
        .values({ id: randomUUID(), store_id: storeId, product_id: id, variant_id: null, qty: p.stock ?? 3, reserved: 0 })
        .execute();
      out.push({ id, title: p.title, price: p.price, stock: p.stock ?? 3, at });
    }
  });
  return out;
}

const byteOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const fold = (t: string) =>
  t
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

beforeAll(async () => {
  // Products are written straight into the tables here, behind every cache: both caches off.
  server = await startServer({ PUBLIC_CACHE_MS: '0', PUBLIC_LIST_CACHE_MS: '0' });
  m = await merchant(server, 'Bottega Elenchi');
  const titles = ['Zaino', 'abete', 'Ábaco', 'Éclair', 'eclair', 'Borsa', 'borsa', 'Cappello', 'Àncora', 'Dado'];
  const list = Array.from({ length: 30 }, (_, i) => ({ title: `${titles[i % titles.length]!}`, price: [500, 1000, 1500][i % 3]!, stock: i % 4 === 0 ? 0 : 3 }));
  rows.push(...(await seed(m.store.id, list)));
  await seed(m.store.id, [{ title: 'Bozza nascosta', price: 700, status: 'draft' }]);
});
afterAll(async () => {
  await server.close();
});

const api = (qs: string) => client(server.url).get(`/api/public/stores/${m.store.slug}/products?${qs}`);

/** Every page of a list, walked by page number and by cursor: both must give the same sequence. */
async function walk(qs: string, pageSize: number) {
  const byPage: string[] = [];
  for (let page = 1; ; page++) {
    const res = await api(`${qs}&pageSize=${pageSize}&page=${page}`);
    expect(res.status).toBe(200);
    byPage.push(...res.body.items.map((p: { id: string }) => p.id));
    if (!res.body.hasMore) break;
  }
  const byCursor: string[] = [];
  let cursor: string | null = null;
  for (let page = 1; ; page++) {
    const res = await api(`${qs}&pageSize=${pageSize}&page=${page}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    byCursor.push(...res.body.items.map((p: { id: string }) => p.id));
    cursor = res.body.nextCursor;
    if (!cursor) break;
  }
  expect(byCursor).toEqual(byPage);
  return byPage;
}

describe(`storefront list order, filters and totals (${engine})`, () => {
  it('sorts by price both ways with ties broken by id, across page boundaries', async () => {
    const asc = [...rows].sort((a, b) => a.price - b.price || byteOrder(a.id, b.id)).map((r) => r.id);
    expect(await walk('sort=price-asc', 7)).toEqual(asc);
    const desc = [...rows].sort((a, b) => b.price - a.price || byteOrder(b.id, a.id)).map((r) => r.id);
    expect(await walk('sort=price-desc', 7)).toEqual(desc);
  });

  it('sorts newest first (same time: by id) and by name, accents and case folded', async () => {
    const newest = [...rows].sort((a, b) => byteOrder(b.at, a.at) || byteOrder(b.id, a.id)).map((r) => r.id);
    expect(await walk('sort=newest', 4)).toEqual(newest);
    expect(await walk('', 4)).toEqual(newest);
    const byName = [...rows].sort((a, b) => byteOrder(fold(a.title), fold(b.title)) || byteOrder(a.id, b.id));
    const names = await walk('sort=name', 8);
    expect(names).toEqual(byName.map((r) => r.id));
    const firstPage = (await api('sort=name&pageSize=6')).body.items.map((p: { title: string }) => p.title);
    expect(firstPage.slice(0, 6).map(fold)).toEqual(['abaco', 'abaco', 'abaco', 'abete', 'abete', 'abete']);
  });

  it('filters by price range in euros and by availability, with exact totals', async () => {
    const res = await api('minPrice=6&maxPrice=12,50&sort=price-asc&pageSize=48');
    expect(res.body.items.every((p: { priceCents: number }) => p.priceCents === 1000)).toBe(true);
    expect(res.body).toMatchObject({ total: 10, totalCapped: false, hasMore: false });
    const available = await api('available=1&pageSize=48');
    expect(available.body.total).toBe(rows.filter((r) => r.stock > 0).length);
    expect(available.body.items.some((p: { soldOut: boolean }) => p.soldOut)).toBe(false);
    const both = await api('available=true&maxPrice=5&pageSize=48');
    expect(both.body.total).toBe(rows.filter((r) => r.stock > 0 && r.price <= 500).length);
    const all = await api('pageSize=48');
    expect(all.body).toMatchObject({ total: 30, totalCapped: false });
    expect((await api('minPrice=100000')).body).toMatchObject({ items: [], total: 0, hasMore: false, nextCursor: null });
  });

  it("keeps 'Solo disponibili' in step with stock written anywhere: sales, reservations, restocks, removed units", async () => {
    const own = await merchant(server, 'Bottega Scorte');
    const [a, b] = await seed(own.store.id, [
      { title: 'Lanterna', price: 800, stock: 2 },
      { title: 'Lampione', price: 900, stock: 0 },
    ]);
    const shown = async () => {
      const res = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?available=1&sort=name`);
      expect(res.status).toBe(200);
      return { titles: res.body.items.map((p: { title: string }) => p.title), total: res.body.total };
    };
    const unit = (id: string) => server.ctx.db.updateTable('inventory').where('product_id', '=', id);
    expect(await shown()).toEqual({ titles: ['Lanterna'], total: 1 });
    await unit(a!.id).set({ reserved: 2 }).execute();
    expect(await shown()).toEqual({ titles: [], total: 0 });
    await unit(b!.id).set({ qty: 5 }).execute();
    await unit(a!.id).set({ reserved: 1 }).execute();
    expect(await shown()).toEqual({ titles: ['Lampione', 'Lanterna'], total: 2 });
    await server.ctx.db.deleteFrom('inventory').where('product_id', '=', b!.id).execute();
    expect(await shown()).toEqual({ titles: ['Lanterna'], total: 1 });
    // Searching with the filter reads the same flag.
    const searched = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?available=1&search=lanterna`);
    expect(searched.body).toMatchObject({ total: 1, items: [{ title: 'Lanterna' }] });
  });

  it('gives a search its total on every page, also past the last one and in every order', async () => {
    const borse = rows.filter((r) => fold(r.title) === 'borsa');
    for (const qs of ['search=borsa', 'search=borsa&sort=price-desc', 'search=borsa&sort=name']) {
      const first = await api(`${qs}&pageSize=4`);
      expect(first.body, qs).toMatchObject({ total: borse.length, totalCapped: false, hasMore: true, nextCursor: null });
      const past = await api(`${qs}&pageSize=4&page=3`);
      expect(past.body, qs).toMatchObject({ items: [], total: borse.length, totalCapped: false, hasMore: false });
    }
    const byPrice = await api('search=borsa&sort=price-desc&pageSize=48');
    const expected = [...borse].sort((x, y) => y.price - x.price || byteOrder(y.id, x.id)).map((r) => r.id);
    expect(byPrice.body.items.map((p: { id: string }) => p.id)).toEqual(expected);
  });

  it('sorts and filters on the lowest price a shopper pays (variants included)', async () => {
    const own = await merchant(server, 'Bottega Varianti');
    const shirt = await createProduct(own.client, own.base, { title: 'Camicia', priceCents: 3000, status: 'active' });
    await createVariant(own.client, own.base, shirt.id, { label: 'Outlet', priceDeltaCents: -2500 });
    await createProduct(own.client, own.base, { title: 'Cravatta', priceCents: 1000, status: 'active' });
    const list = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?sort=price-asc`);
    expect(list.body.items.map((p: { title: string; priceCents: number }) => [p.title, p.priceCents])).toEqual([
      ['Camicia', 500],
      ['Cravatta', 1000],
    ]);
    expect((await client(server.url).get(`/api/public/stores/${own.store.slug}/products?maxPrice=6`)).body.total).toBe(1);
  });

  it('keeps the unfiltered total in step with creations, status changes and deletions', async () => {
    const own = await merchant(server, 'Bottega Conti');
    const count = async () => (await client(server.url).get(`/api/public/stores/${own.store.slug}/products`)).body.total;
    const dashCount = async () => (await own.client.get(`${own.base}/products`)).body.total;
    const a = await createProduct(own.client, own.base, { title: 'Uno', status: 'active' });
    await createProduct(own.client, own.base, { title: 'Due', status: 'draft' });
    expect([await count(), await dashCount()]).toEqual([1, 2]);
    await own.client.put(`${own.base}/products/${a.id}`, { title: 'Uno', sku: a.sku, priceCents: 100, status: 'archived' });
    expect([await count(), await dashCount()]).toEqual([0, 2]);
    await own.client.del(`${own.base}/products/${a.id}`);
    expect([await count(), await dashCount()]).toEqual([0, 1]);
  });

  it('counts filtered lists up to 1000 and says there are more', async () => {
    const own = await merchant(server, 'Bottega Grande');
    await seed(
      own.store.id,
      Array.from({ length: 1003 }, (_, i) => ({ title: `Articolo ${i}`, price: 100 + (i % 5) })),
    );
    const all = await client(server.url).get(`/api/public/stores/${own.store.slug}/products`);
    expect(all.body).toMatchObject({ total: 1003, totalCapped: false, hasMore: true });
    const filtered = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?minPrice=1`);
    expect(filtered.body).toMatchObject({ total: 1000, totalCapped: true, hasMore: true });
    const searched = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?search=articolo`);
    expect(searched.body).toMatchObject({ total: 1000, totalCapped: true });
    const searchedPast = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?search=articolo&sort=price-asc&page=50`);
    expect(searchedPast.body).toMatchObject({ items: [], total: 1000, totalCapped: true, hasMore: false });
    const last = await client(server.url).get(`/api/public/stores/${own.store.slug}/products?page=42`);
    expect(last.body.items).toHaveLength(1003 - 41 * 24);
    expect(last.body.hasMore).toBe(false);
  });

  it('renders the products page on the server from its URL: order, filters and the chosen options', async () => {
    const own = await merchant(server, 'Bottega Pagine');
    await createProduct(own.client, own.base, { title: 'Vaso economico', priceCents: 900, status: 'active' });
    await createProduct(own.client, own.base, { title: 'Vaso di lusso', priceCents: 9900, status: 'active' });
    await createProduct(own.client, own.base, { title: 'Vaso medio', priceCents: 2900, status: 'active' });
    const res = await fetch(`${server.url}/store/${own.store.slug}/products?sort=price-desc&maxPrice=30`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const at = (t: string) => html.indexOf(`>${t}<`);
    expect(at('Vaso medio')).toBeGreaterThan(0);
    expect(at('Vaso medio')).toBeLessThan(at('Vaso economico'));
    expect(at('Vaso di lusso')).toBe(-1);
    expect(html).toMatch(/<option selected value="price-desc">Prezzo decrescente<\/option>/);
    expect(html).toContain('value="30"');
    expect(html).toContain('2 prodotti trovati');
    // A link with a value the API refuses still shows the list (the page drops it).
    expect((await fetch(`${server.url}/store/${own.store.slug}/products?sort=chissà&minPrice=abc`)).status).toBe(200);
  });

  it('refuses bad list parameters with 400 and an Italian message', async () => {
    const cases: Array<[string, string]> = [
      ['sort=prezzo', 'Ordinamento non valido'],
      ['minPrice=abc', 'Prezzo minimo non valido: scrivi ad esempio 12,50 o 1.250,00'],
      ['maxPrice=-5', 'Prezzo massimo non valido: scrivi ad esempio 12,50 o 1.250,00'],
      ['minPrice=20&maxPrice=10', 'Il prezzo minimo non può superare il prezzo massimo'],
      ['available=forse', 'Valore non valido per "Solo disponibili"'],
      ['page=0', 'Pagina non valida'],
      ['cursor=%24%24%24', 'Pagina non valida'],
      ['cursor=bm9uLXVuLWN1cnNvcmU', 'Pagina non valida'],
      [`sort=name&cursor=${Buffer.from(JSON.stringify(['newest', AT, 'x'])).toString('base64url')}`, 'Pagina non valida'],
    ];
    for (const [qs, message] of cases) {
      const res = await api(qs);
      expect(res.status, qs).toBe(400);
      expect(res.body.error.message, qs).toBe(message);
    }
  });
});

describe(`deep pages of a kept list: the same products as counted from the start, also after a change (${engine})`, () => {
  let kept: TestServer;
  beforeAll(async () => {
    // The response cache off, the list cache on (as deployed): checkpoints and totals are kept.
    kept = await startServer({ PUBLIC_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await kept.close();
  });

  it('walks 1,100 products page by page in every order and filter, twice, and again after a new product shifts them', async () => {
    const own = await merchant(kept, 'Bottega Profonda');
    const saved = server;
    server = kept;
    let list: Row[];
    try {
      list = await seed(
        own.store.id,
        Array.from({ length: 1100 }, (_, i) => ({
          title: `Articolo ${String(i).padStart(4, '0')}`,
          price: [500, 700, 900][i % 3]!,
          stock: i % 5 === 0 ? 0 : 2,
        })),
      );
    } finally {
      server = saved;
    }
    const get = async (qs: string) => {
      const res = await client(kept.url).get<{ items: Array<{ id: string }>; total: number; hasMore: boolean }>(
        `/api/public/stores/${own.store.slug}/products?${qs}`,
      );
      expect(res.status).toBe(200);
      return res.body;
    };
    const orders: Record<string, (a: Row, b: Row) => number> = {
      'price-asc': (a, b) => a.price - b.price || byteOrder(a.id, b.id),
      'price-desc': (a, b) => b.price - a.price || byteOrder(b.id, a.id),
      newest: (a, b) => byteOrder(b.at, a.at) || byteOrder(b.id, a.id),
      name: (a, b) => byteOrder(a.title.toLowerCase(), b.title.toLowerCase()) || byteOrder(a.id, b.id),
    };
    const filters: Record<string, (r: Row) => boolean> = { '': () => true, available: (r) => r.stock > 0, minPrice: (r) => r.price >= 700 };
    const query = { '': '', available: '&available=1', minPrice: '&minPrice=7' } as Record<string, string>;
    const check = async (rows: Row[]) => {
      for (const [sort, order] of Object.entries(orders))
        for (const [name, keep] of Object.entries(filters)) {
          const expected = rows
            .filter(keep)
            .sort(order)
            .map((r) => r.id);
          // Twice: the first walk keeps the checkpoints, the second starts deep pages from them.
          for (let pass = 0; pass < 2; pass++) {
            const seen: string[] = [];
            for (let page = 1; ; page++) {
              const body = await get(`sort=${sort}${query[name]}&pageSize=37&page=${page}`);
              expect(body.total).toBe(expected.length);
              seen.push(...body.items.map((p) => p.id));
              if (!body.hasMore) break;
            }
            expect(seen, `${sort} ${name} pass ${pass}`).toEqual(expected);
          }
          // A page size that crosses the checkpoints differently, read after them.
          const deep = await get(`sort=${sort}${query[name]}&pageSize=48&page=8`);
          expect(deep.items.map((p) => p.id)).toEqual(expected.slice(7 * 48, 8 * 48));
        }
    };
    await check(list);
    // A new product first in every order but name: each kept checkpoint would now be one row off.
    const first = await createProduct(own.client, own.base, { title: 'Articolo 0000 nuovo', priceCents: 100, status: 'active', stock: 1 });
    const row = await kept.ctx.db.selectFrom('products').select(['created_at', 'price_from_cents']).where('id', '=', first.id).executeTakeFirstOrThrow();
    await check([...list, { id: first.id, title: 'Articolo 0000 nuovo', price: row.price_from_cents, stock: 1, at: row.created_at }]);
  });
});
