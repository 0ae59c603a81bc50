import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutBody } from './catalog-factory.js';
import { createProduct, merchant } from './catalog-fixtures.js';
import { client, engine, rawGet, startPeer, startServer, type TestServer } from './harness.js';

const REDIS = process.env.REDIS_TEST_URL;
// Long enough that only an invalidation, never the lifetime, can explain a fresh answer.
const LONG_CACHE = { PUBLIC_CACHE_MS: '60000' };

const titles = async (url: string, slug: string) => {
  const res = await client(url).get<{ items: Array<{ title: string }>; total: number }>(`/api/public/stores/${slug}/products`);
  expect(res.status).toBe(200);
  return res.body.items.map((p) => p.title).sort();
};
const page = async (url: string, slug: string) => (await fetch(`${url}/store/${slug}`)).text();

describe(`storefront cache: one store's write drops only that store's entries (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(LONG_CACHE);
  });
  afterAll(async () => {
    await server.close();
  });

  it("keeps another store's cached answers and pages when a store's team writes, and drops the writer's own", async () => {
    const a = await merchant(server, 'Negozio Alfa');
    const b = await merchant(server, 'Negozio Beta');
    await createProduct(a.client, a.base, { title: 'Alfa uno', status: 'active' });
    const beta = await createProduct(b.client, b.base, { title: 'Beta uno', status: 'active' });
    // Both stores' list and home page are now cached.
    expect(await titles(server.url, a.store.slug)).toEqual(['Alfa uno']);
    expect(await titles(server.url, b.store.slug)).toEqual(['Beta uno']);
    expect(await page(server.url, b.store.slug)).toContain('Beta uno');

    // Behind the cache's back, store B's product changes in the database.
    await server.ctx.db.updateTable('products').set({ title: 'Beta cambiato' }).where('id', '=', beta.id).execute();
    // Store A's team writes: A's answers are fresh at once, B's stay as cached.
    await createProduct(a.client, a.base, { title: 'Alfa due', status: 'active' });
    expect(await titles(server.url, a.store.slug)).toEqual(['Alfa due', 'Alfa uno']);
    expect(await titles(server.url, b.store.slug)).toEqual(['Beta uno']);
    expect(await page(server.url, b.store.slug)).toContain('Beta uno');

    // Store B's own write drops B's entries: the change made behind the cache shows too.
    await createProduct(b.client, b.base, { title: 'Beta due', status: 'active' });
    expect(await titles(server.url, b.store.slug)).toEqual(['Beta cambiato', 'Beta due']);
    const html = await page(server.url, b.store.slug);
    expect(html).toContain('Beta cambiato');
    expect(html).not.toContain('Beta uno');
  });

  it('a refused write (bad input) drops nothing', async () => {
    const a = await merchant(server, 'Negozio Gamma');
    const p = await createProduct(a.client, a.base, { title: 'Gamma uno', status: 'active' });
    expect(await titles(server.url, a.store.slug)).toEqual(['Gamma uno']);
    await server.ctx.db.updateTable('products').set({ title: 'Gamma cambiato' }).where('id', '=', p.id).execute();
    const refused = await a.client.post(`${a.base}/products`, { title: '', priceCents: -1 });
    expect(refused.status).toBe(400);
    expect(await titles(server.url, a.store.slug)).toEqual(['Gamma uno']);
  });
});

describe.runIf(REDIS)(`storefront cache across instances with Redis (${engine})`, () => {
  let server: TestServer;
  let peer: Awaited<ReturnType<typeof startPeer>>;
  beforeAll(async () => {
    server = await startServer({ ...LONG_CACHE, REDIS_URL: REDIS! });
    peer = await startPeer(server, { ...LONG_CACHE, REDIS_URL: REDIS! });
  });
  afterAll(async () => {
    await peer.close();
    await server.close();
  });

  it("a write on one instance drops that store's entries on the other, and no other store's", async () => {
    const a = await merchant(server, 'Negozio Delta');
    const b = await merchant(server, 'Negozio Epsilon');
    await createProduct(a.client, a.base, { title: 'Delta uno', status: 'active' });
    const eps = await createProduct(b.client, b.base, { title: 'Epsilon uno', status: 'active' });
    expect(await titles(peer.url, a.store.slug)).toEqual(['Delta uno']);
    expect(await titles(peer.url, b.store.slug)).toEqual(['Epsilon uno']);
    expect(await page(peer.url, a.store.slug)).toContain('Delta uno');
    await server.ctx.db.updateTable('products').set({ title: 'Epsilon cambiato' }).where('id', '=', eps.id).execute();

    // The write goes to the first instance; the peer hears of it through Redis.
    await createProduct(a.client, a.base, { title: 'Delta due', status: 'active' });
    let seen: string[] = [];
    for (let i = 0; i < 50; i++) {
      seen = await titles(peer.url, a.store.slug);
      if (seen.length === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toEqual(['Delta due', 'Delta uno']);
    expect(await page(peer.url, a.store.slug)).toContain('Delta due');
    expect(await titles(peer.url, b.store.slug)).toEqual(['Epsilon uno']);
  });
});

describe(`storefront answers asked for again travel compressed (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(LONG_CACHE);
  });
  afterAll(async () => {
    await server.close();
  });
  const browser = { 'accept-encoding': 'gzip, deflate, br, zstd' };

  it('sends a repeated list compressed as the browser asks, the same JSON once decompressed, and the new list after a write', async () => {
    const a = await merchant(server, 'Negozio Zeta');
    for (let i = 0; i < 12; i++) await createProduct(a.client, a.base, { title: `Zeta lampada ${i}`, status: 'active' });
    const url = `${server.url}/api/public/stores/${a.store.slug}/products`;
    // Computed for this request: sent as it is.
    const first = await rawGet(url, browser);
    expect(first.status).toBe(200);
    expect(first.encoding).toBeUndefined();
    expect(first.vary).toContain('accept-encoding');
    const plain = await rawGet(url);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.equals(first.body)).toBe(true);
    // Asked for again: compressed, Brotli first, else gzip.
    const br = await rawGet(url, browser);
    expect(br.encoding).toBe('br');
    expect(br.vary).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await rawGet(url, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    // The team's write drops the compressed copies with the answer.
    await createProduct(a.client, a.base, { title: 'Zeta novità', status: 'active' });
    await rawGet(url, browser);
    const after = await rawGet(url, browser);
    expect(after.encoding).toBe('br');
    expect(brotliDecompressSync(after.body).toString()).toContain('Zeta novit');
    // fetch, as the storefront's pages use it, reads the compressed answer as JSON.
    expect(await titles(server.url, a.store.slug)).toContain('Zeta novità');
  });

  it('sends small answers and refusals as they are', async () => {
    const a = await merchant(server, 'Negozio Eta');
    await createProduct(a.client, a.base, { title: 'Eta sola', status: 'active' });
    const small = `${server.url}/api/public/stores/${a.store.slug}/suggestions?q=sola`;
    await rawGet(small, browser);
    const again = await rawGet(small, browser);
    expect(again.status).toBe(200);
    expect(again.encoding).toBeUndefined();
    expect(JSON.parse(again.body.toString()).items).toHaveLength(1);
    const missing = `${server.url}/api/public/stores/negozio-che-non-esiste/products`;
    await rawGet(missing, browser);
    const refused = await rawGet(missing, browser);
    expect(refused.status).toBe(404);
    expect(refused.encoding).toBeUndefined();
    expect(JSON.parse(refused.body.toString()).error.message).toBe('Store non trovato');
  });
});

describe(`product cards of storefront lists: kept across lists, never shown after a change (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // The response cache off: every list is computed, and its cards come from the card cache.
    server = await startServer({ PUBLIC_CACHE_MS: '0', ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  });
  afterAll(async () => {
    await server.close();
  });
  const cards = async (slug: string, query = '') => {
    const res = await client(server.url).get<{ items: Array<{ id: string; title: string; priceCents: number; soldOut: boolean }> }>(
      `/api/public/stores/${slug}/products${query}`,
    );
    expect(res.status).toBe(200);
    return res.body.items;
  };

  it("shows the store's new name and colours on the next page once the team saves them, and keeps another store's", async () => {
    const a = await merchant(server, 'Negozio Insegna');
    const b = await merchant(server, 'Negozio Vicino');
    await createProduct(a.client, a.base, { title: 'Lampada', status: 'active' });
    const product = await createProduct(b.client, b.base, { title: 'Vaso', status: 'active' });
    const storeOf = async (slug: string) =>
      (await client(server.url).get<{ store: { name: string; colors: { primary: string } } }>(`/api/public/stores/${slug}`)).body.store;
    // Read twice: the second answer comes from what the first one kept.
    for (let pass = 0; pass < 2; pass++) {
      expect((await storeOf(a.store.slug)).name).toBe('Negozio Insegna');
      expect(await page(server.url, b.store.slug)).toContain('Negozio Vicino');
    }

    const saved = await a.client.patch(a.base, { name: 'Bottega Nuova', colors: { primary: '#0F766E', secondary: '#F97316', accent: '#10B981' } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await storeOf(a.store.slug)).toMatchObject({ name: 'Bottega Nuova', colors: { primary: '#0F766E' } });
    const html = await page(server.url, a.store.slug);
    expect(html).toContain('Bottega Nuova');
    expect(html).not.toContain('Negozio Insegna');

    // Store B's kept answer stays (no change of B was announced), and its product pages render with it.
    await server.ctx.db.updateTable('stores').set({ name: 'Vicino cambiato' }).where('id', '=', b.store.id).execute();
    expect((await storeOf(b.store.slug)).name).toBe('Negozio Vicino');
    const productPage = await fetch(`${server.url}/store/${b.store.slug}/products/${product.slug}`);
    expect(productPage.status).toBe(200);
    const productHtml = await productPage.text();
    expect(productHtml).toContain('Vaso');
    expect(productHtml).toContain('Negozio Vicino');
  });

  it("shows 'Esaurito' on every list once an order takes the last unit, and the new price once the team changes it", async () => {
    const a = await merchant(server, 'Negozio Carte');
    const b = await merchant(server, 'Negozio Altro');
    const tazza = await createProduct(a.client, a.base, { title: 'Tazza blu', status: 'active', priceCents: 1200, stock: 1 });
    await createProduct(a.client, a.base, { title: 'Tazza rossa', status: 'active', priceCents: 900, stock: 5 });
    const other = await createProduct(b.client, b.base, { title: 'Borsa', status: 'active', priceCents: 3000, stock: 5 });
    const caffe = await createProduct(a.client, a.base, { title: 'Caffè “Napoli” 😀 €', status: 'active', priceCents: 800, stock: 5 });
    const onList = async (query: string) => (await cards(a.store.slug, query)).find((c) => c.id === tazza.id);
    // Kept cards are stored with their accents, quotes and emoji escaped: the shopper reads them as typed.
    for (let pass = 0; pass < 2; pass++) expect((await cards(a.store.slug)).find((c) => c.id === caffe.id)?.title).toBe('Caffè “Napoli” 😀 €');
    expect(await onList('')).toMatchObject({ soldOut: false, priceCents: 1200 });
    expect(await onList('?search=tazza')).toMatchObject({ soldOut: false });
    expect((await cards(b.store.slug))[0]).toMatchObject({ title: 'Borsa' });

    const order = await client(server.url).post(
      `/api/public/stores/${a.store.slug}/checkout`,
      checkoutBody([{ productId: tazza.id, quantity: 1, unitPriceCents: 1200 }]),
    );
    expect(order.status, JSON.stringify(order.body)).toBe(201);
    for (const query of ['', '?search=tazza', '?sort=price-desc', '?available=1']) {
      const card = await onList(query);
      if (query === '?available=1') expect(card).toBeUndefined();
      else expect(card).toMatchObject({ soldOut: true });
    }

    const edit = await a.client.put(`${a.base}/products/${tazza.id}`, { title: 'Tazza blu', priceCents: 1500, sku: tazza.sku, stock: 1, status: 'active' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(await onList('?sort=name')).toMatchObject({ priceCents: 1500, soldOut: true });

    // Behind the cache's back, the other store's product changes: its kept card stays, as no
    // change of that store was announced (and store A's changes never touch it).
    await server.ctx.db.updateTable('products').set({ title: 'Borsa cambiata' }).where('id', '=', other.id).execute();
    expect((await cards(b.store.slug))[0]).toMatchObject({ title: 'Borsa' });
  });
});
