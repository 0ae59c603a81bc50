import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { Migrator, type Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { registerSeoRoutes } from '../src/modules/seo/routes.js';
import { client, createStoreFor, createUser, dropSchema, engine, PG_URL, startServer, type TestServer } from './harness.js';
import { insertCategory, insertProduct } from './catalog-factory.js';
import { createProduct, createVariant, imageBytes, imageForm, merchant, storeFiles } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const SLUG_INVALID = 'Slug non valido: usa lettere minuscole, numeri e trattini';
const SLUG_TAKEN = 'Esiste già un prodotto con questo slug';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

const pub = (path: string) => client(server.url).get(`/api/public/stores/${path}`);
const inject = (url: string) => server.app.inject({ method: 'GET', url });
const fetchImage = async (url: string) => sharp(Buffer.from(await (await fetch(server.url + url)).arrayBuffer())).metadata();
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/** Uploads one generated picture and returns the staged image. */
async function upload(m: Awaited<ReturnType<typeof merchant>>, width: number, height: number, target: 'product' | 'variant' = 'product') {
  const res = await m.client.post(
    `${m.base}/product-images?target=${target}`,
    imageForm([{ bytes: await imageBytes('jpeg', width, height, '#10B981'), type: 'image/jpeg', name: 'foto.jpg' }]),
  );
  expect(res.status).toBe(201);
  return res.body.images[0] as { id: string; url: string; thumbUrl: string };
}

const imageRow = (id: string) => server.ctx.db.selectFrom('product_images').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe(`product slugs (${engine})`, () => {
  it('come from the title: lowercase, accents folded, unique per store with -2, -3', async () => {
    const m = await merchant(server);
    const title = 'Caffè Crème & Tè verde — Ça va!';
    const first = await createProduct(m.client, m.base, { title });
    expect(first.slug).toBe('caffe-creme-te-verde-ca-va');
    expect((await createProduct(m.client, m.base, { title })).slug).toBe('caffe-creme-te-verde-ca-va-2');
    expect((await createProduct(m.client, m.base, { title })).slug).toBe('caffe-creme-te-verde-ca-va-3');
    expect((await createProduct(m.client, m.base, { title: '!!! ***' })).slug).toBe('prodotto');

    const long = await createProduct(m.client, m.base, { title: `${'Borsa in pelle '.repeat(12)}fine` });
    expect(long.slug.length).toBeLessThanOrEqual(80);
    expect(long.slug).toMatch(/^borsa-in-pelle-[a-z0-9-]*[a-z0-9]$/);
    const long2 = await createProduct(m.client, m.base, { title: `${'Borsa in pelle '.repeat(12)}fine` });
    expect(long2.slug.length).toBeLessThanOrEqual(80);
    expect(long2.slug.endsWith('-2')).toBe(true);

    // The dashboard shows it in the list and the detail.
    const list = await m.client.get(`${m.base}/products`);
    expect(list.body.items.find((i: { id: string }) => i.id === first.id).slug).toBe('caffe-creme-te-verde-ca-va');
    expect((await m.client.get(`${m.base}/products/${first.id}`)).body.slug).toBe('caffe-creme-te-verde-ca-va');

    // Another store has its own addresses.
    const other = await merchant(server);
    expect((await createProduct(other.client, other.base, { title })).slug).toBe('caffe-creme-te-verde-ca-va');
  });

  it('numbers concurrent saves of the same title instead of failing them', async () => {
    const m = await merchant(server);
    const saves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => m.client.post(`${m.base}/products`, { title: 'Tazza Espresso', priceCents: 900, sku: `TAZZA-${i}` })),
    );
    expect(saves.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(saves.map((r) => r.body.slug).sort()).toEqual(['tazza-espresso', ...[2, 3, 4, 5, 6].map((n) => `tazza-espresso-${n}`)].sort());
  });

  it('stay when the title changes; the merchant may set a valid, free one', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { title: 'Lampada Luce Calda', status: 'active' });
    const other = await createProduct(m.client, m.base, { title: 'Tappeto' });
    const body = { title: 'Lampada da tavolo', priceCents: p.priceCents, sku: p.sku, status: 'active' };

    const renamed = await m.client.put(`${m.base}/products/${p.id}`, body);
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ title: 'Lampada da tavolo', slug: 'lampada-luce-calda' });

    const moved = await m.client.put(`${m.base}/products/${p.id}`, { ...body, slug: 'lampada-da-tavolo' });
    expect(moved.body.slug).toBe('lampada-da-tavolo');
    expect((await pub(`${m.store.slug}/products/lampada-da-tavolo`)).body.product.id).toBe(p.id);
    expect((await pub(`${m.store.slug}/products/lampada-luce-calda`)).status).toBe(404);
    // Sending the current slug again changes nothing.
    expect((await m.client.put(`${m.base}/products/${p.id}`, { ...body, slug: 'lampada-da-tavolo' })).status).toBe(200);

    for (const slug of ['Maiuscole', 'con spazi', '-trattino', 'doppio--trattino', 'fine-', 'àccento', 'a/b', '', 'x'.repeat(81)]) {
      const res = await m.client.put(`${m.base}/products/${p.id}`, { ...body, slug });
      expect(res.status, slug).toBe(400);
      expect(res.body.error).toMatchObject({ message: SLUG_INVALID, field: 'slug' });
    }
    const taken = await m.client.put(`${m.base}/products/${p.id}`, { ...body, slug: other.slug });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ message: SLUG_TAKEN, field: 'slug' });
    expect((await m.client.get(`${m.base}/products/${p.id}`)).body.slug).toBe('lampada-da-tavolo');

    // On creation too: a chosen slug is used as given, unless another product has it.
    const chosen = await m.client.post(`${m.base}/products`, { title: 'Vaso', priceCents: 100, sku: 'VASO-1', slug: 'vaso-in-ceramica' });
    expect(chosen.status).toBe(201);
    expect(chosen.body.slug).toBe('vaso-in-ceramica');
    const clash = await m.client.post(`${m.base}/products`, { title: 'Vaso', priceCents: 100, sku: 'VASO-2', slug: 'vaso-in-ceramica' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe(SLUG_TAKEN);
    expect((await m.client.post(`${m.base}/products`, { title: 'Vaso', priceCents: 100, sku: 'VASO-3', slug: 'Vaso' })).body.error.message).toBe(SLUG_INVALID);
    expect(await server.ctx.db.selectFrom('products').select('sku').where('store_id', '=', m.store.id).where('title', '=', 'Vaso').execute()).toEqual([
      { sku: 'VASO-1' },
    ]);

    // Another store may use the same slug.
    const o = await merchant(server);
    expect((await o.client.post(`${o.base}/products`, { title: 'Vaso', priceCents: 100, sku: 'VASO-1', slug: 'vaso-in-ceramica' })).status).toBe(201);
  });
});

describe(`migration 004-seo (${engine})`, () => {
  it('gives existing products slugs from their titles, oldest first, numbered within each store', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-migration-'));
    const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const { db, destroy } = await openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo('003-security')).error).toBeUndefined();
      // The tables as they were before this migration (no slug column yet).
      const old = db as unknown as Kysely<any>;
      const stores = [randomUUID(), randomUUID()];
      for (const [i, id] of stores.entries()) {
        await old
          .insertInto('stores')
          .values({ id, name: `S${i}`, slug: `s-${id}`, colors: '{}', created_at: '2026-01-01T00:00:00.000Z' })
          .execute();
      }
      const products: Array<[string, string, string]> = [
        [stores[0]!, 'Caffè Arabica', '2026-01-01T00:00:01.000Z'],
        [stores[0]!, 'Caffè arabica!', '2026-01-01T00:00:02.000Z'],
        [stores[0]!, 'CAFFÈ ARABICA', '2026-01-01T00:00:03.000Z'],
        [stores[0]!, '***', '2026-01-01T00:00:04.000Z'],
        [stores[1]!, 'Caffè Arabica', '2026-01-01T00:00:05.000Z'],
      ];
      const ids: string[] = [];
      for (const [storeId, title, at] of products) {
        const id = randomUUID();
        ids.push(id);
        await old
          .insertInto('products')
          .values({
            id,
            store_id: storeId,
            title,
            description: '',
            price_cents: 100,
            sku: id.slice(0, 8),
            category_id: null,
            status: 'active',
            image_urls: '[]',
            created_at: at,
            updated_at: at,
          })
          .execute();
      }
      await old
        .insertInto('product_images')
        .values({
          id: randomUUID(),
          store_id: stores[0]!,
          product_id: ids[0]!,
          variant_id: null,
          position: 0,
          url: '/files/a.webp',
          thumb_url: '/files/a-thumb.webp',
          storage_key: 'a.webp',
          thumb_key: 'a-thumb.webp',
          created_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();

      await migrate(db, schema);
      const rows = await db.selectFrom('products').select(['id', 'slug']).execute();
      const slugOf = new Map(rows.map((r) => [r.id, r.slug]));
      expect(ids.map((id) => slugOf.get(id))).toEqual(['caffe-arabica', 'caffe-arabica-2', 'caffe-arabica-3', 'prodotto', 'caffe-arabica']);
      expect(await db.selectFrom('product_images').select(['width', 'height', 'srcset']).execute()).toEqual([{ width: null, height: null, srcset: '[]' }]);
      // The unique index holds from now on.
      await expect(db.updateTable('products').set({ slug: 'caffe-arabica' }).where('id', '=', ids[1]!).execute()).rejects.toThrow();
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    }
  });
});

describe(`public product by slug or id (${engine})`, () => {
  it('answers both with the canonical slug, SKU and last change; drafts and archived are 404 either way', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { title: 'Borsa tote in tela', sku: 'BORSA-TOTE', status: 'active' });
    const bySlug = await pub(`${m.store.slug}/products/borsa-tote-in-tela`);
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.product).toMatchObject({ id: p.id, slug: 'borsa-tote-in-tela', sku: 'BORSA-TOTE', title: 'Borsa tote in tela', images: [] });
    expect(bySlug.body.product.updatedAt).toMatch(ISO);
    expect(bySlug.body.product.updatedAt).toBe((await m.client.get(`${m.base}/products/${p.id}`)).body.updatedAt);
    const byId = await pub(`${m.store.slug}/products/${p.id}`);
    expect(byId.body.product).toMatchObject({ id: p.id, slug: 'borsa-tote-in-tela' });
    const card = (await pub(`${m.store.slug}/products`)).body.items[0];
    expect(card).toMatchObject({ id: p.id, slug: 'borsa-tote-in-tela', image: null, thumbUrl: null });

    for (const status of ['draft', 'archived'] as const) {
      const hidden = await createProduct(m.client, m.base, { title: `Nascosto ${status}`, status });
      for (const ref of [hidden.slug, hidden.id]) {
        const res = await pub(`${m.store.slug}/products/${ref}`);
        expect(res.status, `${status} ${ref}`).toBe(404);
        expect(res.body.error.message).toBe('Prodotto non trovato');
      }
    }
    // Another store's slug is not this store's product.
    const o = await merchant(server);
    await createProduct(o.client, o.base, { title: 'Solo altrove', status: 'active' });
    expect((await pub(`${m.store.slug}/products/solo-altrove`)).status).toBe(404);
  });

  it('answers hostile product references with 400 or 404, never 500', async () => {
    const m = await merchant(server);
    for (const ref of ['%22%27', encodeURIComponent('</script>'), encodeURIComponent("x' or '1'='1"), 'a'.repeat(121), '%00', '%E0%A4%A', '..%2F..%2Fetc']) {
      const res = await pub(`${m.store.slug}/products/${ref}`);
      expect([400, 404], ref).toContain(res.status);
      expect(typeof res.body.error.message).toBe('string');
    }
    // Past the router's 200 characters per path segment: 414 URI Too Long, with the same error shape.
    const huge = await pub(`${m.store.slug}/products/${'a'.repeat(500)}`);
    expect(huge.status).toBe(414);
    expect(typeof huge.body.error.message).toBe('string');
  });

  it('falls back to image_urls for products saved before product_images existed', async () => {
    const m = await merchant(server);
    const { id, slug } = await insertProduct(server, m.store.id, { title: 'Vecchia foto' });
    await server.ctx.db
      .updateTable('products')
      .set({ image_urls: JSON.stringify(['/files/vecchia.webp']) })
      .where('id', '=', id)
      .execute();
    const legacy = { url: '/files/vecchia.webp', width: null, height: null, srcset: [] };
    expect((await pub(`${m.store.slug}/products`)).body.items[0]).toMatchObject({ slug, thumbUrl: '/files/vecchia.webp', image: legacy });
    expect((await pub(`${m.store.slug}/products/${slug}`)).body.product.images).toEqual([{ ...legacy, thumbUrl: '/files/vecchia.webp' }]);
  });
});

describe(`image copies for srcset (${engine})`, () => {
  it('stores WebP copies 320, 640 and 1200 px wide below the full width, with sizes, in ascending srcset', async () => {
    const m = await merchant(server);
    const big = await upload(m, 2400, 1200);
    const row = await imageRow(big.id);
    expect(row).toMatchObject({ width: 1600, height: 800 });
    const copies = JSON.parse(row.srcset) as Array<{ key: string; url: string; width: number }>;
    expect(copies.map((c) => c.width)).toEqual([320, 640, 1200]);
    expect(copies.map((c) => c.key)).toEqual([320, 640, 1200].map((w) => row.storage_key.replace(/\.webp$/, `-w${w}.webp`)));
    for (const c of copies) {
      const meta = await fetchImage(c.url);
      expect(meta).toMatchObject({ format: 'webp', width: c.width, height: c.width / 2 });
    }

    const p = await createProduct(m.client, m.base, { title: 'Foto grande', status: 'active', imageIds: [big.id] });
    const image = { url: big.url, width: 1600, height: 800, srcset: [...copies.map((c) => ({ url: c.url, width: c.width })), { url: big.url, width: 1600 }] };
    expect((await pub(`${m.store.slug}/products`)).body.items[0]).toMatchObject({ id: p.id, thumbUrl: big.thumbUrl, image });
    expect((await pub(`${m.store.slug}/products/${p.slug}`)).body.product.images).toEqual([{ ...image, thumbUrl: big.thumbUrl }]);

    // Never enlarged: a 500 px picture gets only the 320 px copy, a small one none.
    const mid = await imageRow((await upload(m, 500, 400)).id);
    expect(mid).toMatchObject({ width: 500, height: 400 });
    expect(JSON.parse(mid.srcset).map((c: { width: number }) => c.width)).toEqual([320]);
    const small = await upload(m, 200, 100);
    expect(JSON.parse((await imageRow(small.id)).srcset)).toEqual([]);
    const q = await createProduct(m.client, m.base, { title: 'Foto piccola', status: 'active', imageIds: [small.id] });
    expect((await pub(`${m.store.slug}/products/${q.slug}`)).body.product.images[0]).toMatchObject({
      width: 200,
      height: 100,
      srcset: [{ url: small.url, width: 200 }],
    });
  });

  it("removes the copies with the image: deleted, replaced in the gallery, a variant's, the product's", async () => {
    const m = await merchant(server);
    const files = () => storeFiles(server, m.store.id);
    const [a, b] = [await upload(m, 1400, 700), await upload(m, 1400, 700)];
    // Full, thumbnail, 320, 640 and 1200 for each.
    expect(await files()).toHaveLength(10);
    const p = await createProduct(m.client, m.base, { title: 'Galleria', imageIds: [a.id, b.id] });

    const replaced = await m.client.put(`${m.base}/products/${p.id}`, { title: p.title, priceCents: p.priceCents, sku: p.sku, imageIds: [b.id] });
    expect(replaced.status).toBe(200);
    expect((await files()).filter((k) => k.includes(a.url.split('/').pop()!.replace('.webp', '')))).toEqual([]);
    expect(await files()).toHaveLength(5);

    expect((await m.client.del(`${m.base}/product-images/${b.id}`)).status).toBe(204);
    expect(await files()).toEqual([]);

    const first = await upload(m, 900, 900, 'variant');
    const v = await createVariant(m.client, m.base, p.id, { imageId: first.id });
    // 900 px: full, thumbnail, 320 and 640.
    expect(await files()).toHaveLength(4);
    const second = await upload(m, 700, 700, 'variant');
    await m.client.put(`${m.base}/products/${p.id}/variants/${v.id}`, { label: v.label, sku: v.sku, imageId: second.id });
    expect((await files()).every((k) => !k.includes(first.url.split('/').pop()!.replace('.webp', '')))).toBe(true);
    expect(await files()).toHaveLength(4);

    const c = await upload(m, 1000, 500);
    await m.client.put(`${m.base}/products/${p.id}`, { title: p.title, priceCents: p.priceCents, sku: p.sku, imageIds: [c.id] });
    expect((await m.client.del(`${m.base}/products/${p.id}`)).status).toBe(204);
    expect(await files()).toEqual([]);
  });

  it('removes the copies of uploads never saved, with the staged image', async () => {
    const m = await merchant(server);
    await upload(m, 1300, 650);
    expect(await storeFiles(server, m.store.id)).toHaveLength(5);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await server.ctx.db.updateTable('product_images').set({ created_at: dayAgo }).where('store_id', '=', m.store.id).execute();
    const fresh = await upload(m, 64, 48);
    const left = await storeFiles(server, m.store.id);
    expect(left).toHaveLength(2);
    expect(left.every((k) => fresh.url.includes(k.replace(/-thumb\.webp$/, '').replace(/\.webp$/, '')))).toBe(true);
  });
});

describe(`sitemaps and robots.txt (${engine})`, () => {
  it('lists the store home, products page, categories and exactly the active products, with lastmod', async () => {
    const user = await createUser(server);
    const store = await createStoreFor(server, user.id, 'Bottega Sitemap');
    const shoes = await insertCategory(server, store.id, 'Scarpe', 'scarpe');
    await insertCategory(server, store.id, "L'isola & co", "l'isola&co");
    const active = [
      await insertProduct(server, store.id, { title: 'Scarpa', categoryId: shoes }),
      await insertProduct(server, store.id, { title: 'Borsa', slug: 'borsa' }),
    ];
    await insertProduct(server, store.id, { title: 'Bozza', status: 'draft' });
    await insertProduct(server, store.id, { title: 'Archiviato', status: 'archived' });
    await server.ctx.db.updateTable('products').set({ updated_at: '2026-03-04T05:06:07.000Z' }).where('id', '=', active[1]!.id).execute();

    const res = await inject(`/store/${store.slug}/sitemap.xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const home = `${server.ctx.publicUrl()}/store/${store.slug}`;
    expect(locs(res.body).sort()).toEqual(
      [home, `${home}/products`, `${home}/category/scarpe`, `${home}/category/l&apos;isola%26co`, ...active.map((p) => `${home}/products/${p.slug}`)].sort(),
    );
    expect(res.body).not.toMatch(/bozza|archiviato/);
    // Every URL has a lastmod; a product's is its last change.
    const entries = [...res.body.matchAll(/<url><loc>([^<]*)<\/loc><lastmod>([^<]*)<\/lastmod><\/url>/g)];
    expect(entries).toHaveLength(6);
    for (const e of entries) expect(e[2]).toMatch(ISO);
    expect(entries.find((e) => e[1] === `${home}/products/borsa`)?.[2]).toBe('2026-03-04T05:06:07.000Z');
    // The store's own pages change when its latest product does; the category with the shoe too.
    const scarpa = await server.ctx.db.selectFrom('products').select('updated_at').where('id', '=', active[0]!.id).executeTakeFirstOrThrow();
    expect(entries.find((e) => e[1] === `${home}/category/scarpe`)?.[2]).toBe(scarpa.updated_at);
    expect(entries.find((e) => e[1] === home)?.[2]).toBe([scarpa.updated_at, '2026-03-04T05:06:07.000Z'].sort().pop());
  });

  it('answers unknown stores and hostile addresses with 404 (not HTML), never 500', async () => {
    const user = await createUser(server);
    const store = await createStoreFor(server, user.id, 'Bottega Piccola');
    for (const url of [
      '/store/non-esiste/sitemap.xml',
      `/store/${encodeURIComponent('"><script>alert(1)</script>')}/sitemap.xml`,
      `/store/${encodeURIComponent("x' or '1'='1")}/sitemap.xml`,
      `/store/${'a'.repeat(200)}/sitemap.xml`,
      `/store/${store.slug}/sitemap-1.xml`,
      `/store/${store.slug}/sitemap-0.xml`,
      `/store/${store.slug}/sitemap-abc.xml`,
      `/store/${store.slug}/sitemap-99999999999999999999.xml`,
      '/sitemap-index-2.xml',
      '/sitemap-index-1.xml',
    ]) {
      const res = await inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).not.toMatch(/html/);
    }
    const nul = await inject(`/store/${store.slug}%00/sitemap.xml`);
    expect(nul.statusCode).toBe(400);
    // Past the router's 200 characters per path segment: 414 URI Too Long (JSON error shape, not HTML).
    const huge = await inject(`/store/${'a'.repeat(500)}/sitemap.xml`);
    expect(huge.statusCode).toBe(414);
    expect(huge.headers['content-type']).toMatch(/^application\/json/);
  });

  it('splits a big store into numbered pages behind an index at the same address', async () => {
    const user = await createUser(server);
    const store = await createStoreFor(server, user.id, 'Bottega Grande');
    await insertCategory(server, store.id, 'Alfa', 'alfa');
    await insertCategory(server, store.id, 'Beta', 'beta');
    const products = [];
    for (const t of ['Uno', 'Due', 'Tre', 'Quattro']) products.push(await insertProduct(server, store.id, { title: t, slug: t.toLowerCase() }));
    await insertProduct(server, store.id, { title: 'Bozza', slug: 'bozza', status: 'draft' });
    const small = Fastify();
    registerSeoRoutes(small, server.ctx, { pageSize: 3 });
    await small.ready();
    try {
      const home = `${server.ctx.publicUrl()}/store/${store.slug}`;
      const index = await small.inject({ method: 'GET', url: `/store/${store.slug}/sitemap.xml` });
      expect(index.statusCode).toBe(200);
      expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      // 2 store pages + 2 categories + 4 active products = 8 URLs: 3 pages of at most 3.
      expect(locs(index.body)).toEqual([1, 2, 3].map((n) => `${home}/sitemap-${n}.xml`));
      const pages = [];
      for (const n of [1, 2, 3]) {
        const page = await small.inject({ method: 'GET', url: `/store/${store.slug}/sitemap-${n}.xml` });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<urlset');
        expect(locs(page.body).length).toBeLessThanOrEqual(3);
        pages.push(...locs(page.body));
      }
      expect(pages).toEqual([
        home,
        `${home}/products`,
        `${home}/category/alfa`,
        `${home}/category/beta`,
        ...['due', 'quattro', 'tre', 'uno'].map((s) => `${home}/products/${s}`),
      ]);
      expect((await small.inject({ method: 'GET', url: `/store/${store.slug}/sitemap-4.xml` })).statusCode).toBe(404);

      // The platform index lists every store's sitemap, this store's pages one by one (no index inside an index).
      const stores = await server.ctx.db.selectFrom('stores').select(['id', 'slug']).orderBy('slug').execute();
      const expected = [`${server.ctx.publicUrl()}/sitemap-site.xml`];
      const bigPages: string[] = [];
      for (const s of stores) {
        const count = async (table: 'categories' | 'products') => {
          let q = server.ctx.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('store_id', '=', s.id);
          if (table === 'products') q = q.where('status', '=', 'active');
          return Number((await q.executeTakeFirstOrThrow()).n);
        };
        const urls = 2 + (await count('categories')) + (await count('products'));
        const storeHome = `${server.ctx.publicUrl()}/store/${s.slug}`;
        if (urls <= 3) expected.push(`${storeHome}/sitemap.xml`);
        else bigPages.push(...Array.from({ length: Math.ceil(urls / 3) }, (_, i) => `${storeHome}/sitemap-${i + 1}.xml`));
      }
      expected.push(...bigPages);
      expect(bigPages).toContain(`${home}/sitemap-3.xml`);

      const robots = await small.inject({ method: 'GET', url: '/robots.txt' });
      const indexPages = robots.body
        .split('\n')
        .filter((l) => l.startsWith('Sitemap: '))
        .map((l) => l.slice('Sitemap: '.length));
      expect(indexPages).toEqual([
        `${server.ctx.publicUrl()}/sitemap.xml`,
        ...Array.from({ length: Math.ceil(expected.length / 3) - 1 }, (_, i) => `${server.ctx.publicUrl()}/sitemap-index-${i + 2}.xml`),
      ]);
      const listed: string[] = [];
      for (const url of indexPages) {
        const page = await small.inject({ method: 'GET', url: new URL(url).pathname });
        expect(page.statusCode, url).toBe(200);
        expect(page.body).toContain('<sitemapindex');
        expect(locs(page.body).length).toBeLessThanOrEqual(3);
        listed.push(...locs(page.body));
      }
      expect(listed).toEqual(expected);
    } finally {
      await small.close();
    }
  });

  it('serves the platform index, the site pages sitemap and robots.txt', async () => {
    const user = await createUser(server);
    const store = await createStoreFor(server, user.id, 'Bottega Indice');
    const origin = server.ctx.publicUrl();

    const index = await inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const entries = locs(index.body);
    expect(entries[0]).toBe(`${origin}/sitemap-site.xml`);
    expect(entries).toContain(`${origin}/store/${store.slug}/sitemap.xml`);
    expect(entries).toHaveLength(
      1 +
        Number(
          (
            await server.ctx.db
              .selectFrom('stores')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
    );

    const site = await inject('/sitemap-site.xml');
    expect(site.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(locs(site.body)).toEqual([`${origin}/`, `${origin}/faq`, `${origin}/pricing`, `${origin}/blog`]);

    const robots = await inject('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.body).toBe(
      [
        'User-agent: *',
        'Disallow: /dashboard',
        'Disallow: /api/',
        'Disallow: /store/*/checkout',
        'Disallow: /store/*/ordine/',
        'Disallow: /onboarding',
        'Disallow: /login',
        'Disallow: /register',
        'Disallow: /forgot-password',
        'Disallow: /reset-password',
        'Disallow: /auth/',
        'Disallow: /invitations/',
        'Allow: /',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});
