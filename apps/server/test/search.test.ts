import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/index.js';
import { migrations } from '../src/db/migrations/index.js';
import { productListing } from '../src/modules/catalog/listing/service.js';
import { storeWordPrefix } from '../src/modules/search/normalise.js';
import { refreshStale } from '../src/modules/search/repo.js';
import { client, dropSchema, engine, PG_URL, startServer, type Client, type TestServer } from './harness.js';
import { createCategory, createProduct, createVariant, merchant } from './catalog-fixtures.js';
import { insertProduct } from './catalog-factory.js';

let server: TestServer;
let m: Awaited<ReturnType<typeof merchant>>;
let other: Awaited<ReturnType<typeof merchant>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // No storefront cache: every answer reflects the database at once.
  server = await startServer({ PUBLIC_CACHE_MS: '0' });
  m = await merchant(server, 'Bottega Search');
  other = await merchant(server, 'Altra Bottega');
  const shoes = await createCategory(m.client, m.base, 'Calzature');
  const active = { status: 'active' as const };
  ids.shoes = (
    await createProduct(m.client, m.base, { ...active, title: 'Scarpe rosse', description: 'Pelle italiana', sku: 'SCA-001', categoryId: shoes.id })
  ).id;
  ids.coffee = (await createProduct(m.client, m.base, { ...active, title: 'Caffè arabica', description: 'Tostatura media', sku: 'CAF-001' })).id;
  ids.bag = (await createProduct(m.client, m.base, { ...active, title: 'Borsa a tracolla', description: 'Ideale con le scarpe da sera', sku: 'BOR-77' })).id;
  ids.shirt = (await createProduct(m.client, m.base, { ...active, title: 'Camicia di lino', description: 'Fresca', sku: 'CAM-001' })).id;
  await createVariant(m.client, m.base, ids.shirt, { label: 'Azzurro cielo', sku: 'CAM-001-AZ' });
  ids.draft = (await createProduct(m.client, m.base, { title: 'Scarpa bozza', sku: 'BOZ-001', status: 'draft' })).id;
  ids.foreign = (await createProduct(other.client, other.base, { ...active, title: 'Scarpe altrui', sku: 'ALT-001' })).id;
});
afterAll(async () => {
  await server.close();
});

const anon = () => client(server.url);
const titles = async (q: string, slug = m.store.slug, extra = '') => {
  const res = await anon().get(`/api/public/stores/${slug}/products?search=${encodeURIComponent(q)}${extra}`);
  expect(res.status, q).toBe(200);
  return res.body.items.map((p: { title: string }) => p.title) as string[];
};
const dashboard = async (c: Client, base: string, q: string) => {
  const res = await c.get(`${base}/products?q=${encodeURIComponent(q)}`);
  expect(res.status, q).toBe(200);
  return res.body.items.map((p: { title: string }) => p.title) as string[];
};

describe(`catalogue search (${engine})`, () => {
  it('finds Italian word forms, folded accents and the word being typed', async () => {
    expect(await titles('scarpa')).toContain('Scarpe rosse');
    expect(await titles('SCARPE ROSSA')).toEqual(['Scarpe rosse']);
    expect(await titles('caffe')).toEqual(['Caffè arabica']);
    expect(await titles('CAFFÈ')).toEqual(['Caffè arabica']);
    expect(await titles('scar')).toContain('Scarpe rosse');
    expect(await titles('camicie')).toEqual(['Camicia di lino']);
    expect(await titles('ombrello')).toEqual([]);
  });

  it('reads past the articles and prepositions Italians type', async () => {
    // 'di' is not in 'Scarpe rosse … Pelle italiana', nor 'la' in 'Camicia di lino'.
    expect(await titles('scarpe di pelle')).toEqual(['Scarpe rosse']);
    expect(await titles('la camicia in lino')).toEqual(['Camicia di lino']);
    expect(await titles("camicia dell'azzurro")).toEqual(['Camicia di lino']);
    // Being typed, an article waits for its word; alone, it is the start of one.
    expect(await titles('borsa a')).toEqual(['Borsa a tracolla']);
    expect(await titles('ca')).toEqual(expect.arrayContaining(['Caffè arabica', 'Camicia di lino']));
    expect(await dashboard(m.client, m.base, 'caffè per la colazione')).toEqual([]);
    expect(await dashboard(m.client, m.base, 'il caffè')).toEqual(['Caffè arabica']);
  });

  it('ranks a title match above a description match', async () => {
    expect(await titles('scarpe')).toEqual(['Scarpe rosse', 'Borsa a tracolla']);
  });

  it('finds products by SKU, variant label and category name', async () => {
    expect(await titles('BOR-77')).toEqual(['Borsa a tracolla']);
    expect(await titles('cam-001-az')).toEqual(['Camicia di lino']);
    expect(await titles('azzurro')).toEqual(['Camicia di lino']);
    expect(await titles('calzatura')).toEqual(['Scarpe rosse']);
  });

  it("never shows another store's products, and drafts only in the dashboard", async () => {
    expect(await titles('scarpe')).not.toContain('Scarpe altrui');
    expect(await titles('scarpe', other.store.slug)).toEqual(['Scarpe altrui']);
    expect(await titles('bozza')).toEqual([]);
    // Equal relevance: newest first.
    expect(await dashboard(m.client, m.base, 'scarpa')).toEqual(['Scarpa bozza', 'Scarpe rosse', 'Borsa a tracolla']);
    expect(await dashboard(other.client, other.base, 'rosse')).toEqual([]);
    const sugg = await anon().get(`/api/public/stores/${other.store.slug}/suggestions?q=rosse`);
    expect(sugg.body.items).toEqual([]);
  });

  it('keeps the index in step with edits, variants, status changes, category renames and deletions', async () => {
    const p = await createProduct(m.client, m.base, { title: 'Lampada da tavolo', sku: 'LAM-001', status: 'active' });
    expect(await titles('lampada')).toEqual(['Lampada da tavolo']);
    const edit = await m.client.put(`${m.base}/products/${p.id}`, { title: 'Abat-jour in ottone', sku: 'LAM-001', priceCents: 1990, status: 'active' });
    expect(edit.status).toBe(200);
    expect(await titles('lampada')).toEqual([]);
    expect(await titles('ottone')).toEqual(['Abat-jour in ottone']);

    const variant = (await createVariant(m.client, m.base, p.id, { label: 'Bronzo antico', sku: 'LAM-001-BR' })) as { id: string };
    expect(await titles('bronzo')).toEqual(['Abat-jour in ottone']);
    await m.client.put(`${m.base}/products/${p.id}/variants/${variant.id}`, { label: 'Argento', sku: 'LAM-001-BR' });
    expect(await titles('bronzo')).toEqual([]);
    expect(await titles('argento')).toEqual(['Abat-jour in ottone']);
    await m.client.del(`${m.base}/products/${p.id}/variants/${variant.id}`);
    expect(await titles('argento')).toEqual([]);

    await m.client.put(`${m.base}/products/${p.id}`, { title: 'Abat-jour in ottone', sku: 'LAM-001', priceCents: 1990, status: 'archived' });
    expect(await titles('ottone')).toEqual([]);
    expect(await dashboard(m.client, m.base, 'ottone')).toEqual(['Abat-jour in ottone']);

    const cat = await createCategory(m.client, m.base, 'Illuminazione');
    await m.client.put(`${m.base}/products/${p.id}`, { title: 'Abat-jour in ottone', sku: 'LAM-001', priceCents: 1990, status: 'active', categoryId: cat.id });
    expect(await titles('illuminazione')).toEqual(['Abat-jour in ottone']);
    expect((await m.client.put(`${m.base}/categories/${cat.id}`, { name: 'Luci di casa' })).status).toBe(200);
    expect(await titles('illuminazione')).toEqual([]);
    expect(await titles('luci casa')).toEqual(['Abat-jour in ottone']);
    expect((await m.client.del(`${m.base}/categories/${cat.id}`)).status).toBe(204);
    expect(await titles('luci')).toEqual([]);

    expect((await m.client.del(`${m.base}/products/${p.id}`)).status).toBe(204);
    expect(await titles('ottone')).toEqual([]);
    expect(await dashboard(m.client, m.base, 'ottone')).toEqual([]);
    const rows = await server.ctx.db.selectFrom('product_search').select('product_id').where('product_id', '=', p.id).execute();
    expect(rows).toEqual([]);
  });

  it('indexes products written straight into the tables (imports, other modules) before answering', async () => {
    await insertProduct(server, m.store.id, { title: 'Tazza in ceramica smaltata' });
    expect(await titles('tazze')).toEqual(['Tazza in ceramica smaltata']);
    // Written straight in while a search already finds another: both, in the search that follows,
    // the dashboard's too, and in the storefront's name order.
    await insertProduct(server, m.store.id, { title: 'Tazzina decorata' });
    expect((await titles('tazz')).sort()).toEqual(['Tazza in ceramica smaltata', 'Tazzina decorata']);
    await insertProduct(server, m.store.id, { title: 'Tazza mug in gres' });
    expect((await dashboard(m.client, m.base, 'tazz')).sort()).toEqual(['Tazza in ceramica smaltata', 'Tazza mug in gres', 'Tazzina decorata']);
  });

  it('answers hostile search text normally: 200, results or none, no query syntax in the answer', async () => {
    const hostile = [
      'scarpe AND rosse',
      'scarpe OR caffè',
      'NOT scarpe',
      '"scarpe',
      'scarpe"',
      '"""',
      "'",
      "scarpe' OR '1'='1",
      '*',
      'scar*',
      '**',
      'NEAR(scarpe rosse)',
      'scarpe NEAR/2 rosse',
      '(((',
      ')',
      'title_terms:scarpe',
      '{title_terms}: x',
      '^scarpe',
      '-scarpe',
      '+',
      'scarpe & rosse | !caffe',
      "scarpe:* & 'x",
      '<->',
      '\\',
      '%_%',
      "'; drop table products; --",
      '🙂'.repeat(50),
      '𝔰𝔠𝔞𝔯𝔭𝔢',
      'a'.repeat(100),
    ];
    for (const q of hostile) {
      for (const url of [
        `/api/public/stores/${m.store.slug}/products?search=${encodeURIComponent(q)}`,
        `/api/public/stores/${m.store.slug}/suggestions?q=${encodeURIComponent(q)}`,
      ]) {
        const res = await anon().get(url);
        expect(res.status, `${url}`).toBe(200);
        expect(JSON.stringify(res.body), q).not.toMatch(/fts5|tsquery|syntax|SQLITE|sql/i);
      }
      const dash = await m.client.get(`${m.base}/products?q=${encodeURIComponent(q)}`);
      expect(dash.status, q).toBe(200);
    }
    expect(await titles('"scarpe" (rosse*)')).toEqual(['Scarpe rosse']);
    expect(await titles('"scarpe')).toEqual(['Scarpe rosse', 'Borsa a tracolla']);
    expect(await titles('🙂'.repeat(50))).toEqual([]);
    expect((await anon().get(`/api/public/stores/${m.store.slug}/products?search=${'x'.repeat(101)}`)).body.error.message).toBe('Ricerca troppo lunga');
  });

  it('suggests at most 5 active products for what is being typed, best first', async () => {
    for (let i = 1; i <= 7; i++)
      await createProduct(m.client, m.base, { title: `Sciarpa modello ${i}`, sku: `SCI-${i}`, status: i === 7 ? 'draft' : 'active', description: 'Lana' });
    const res = await anon().get(`/api/public/stores/${m.store.slug}/suggestions?q=${encodeURIComponent('sciarp')}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(5);
    for (const s of res.body.items) {
      expect(Object.keys(s).sort()).toEqual(['id', 'priceCents', 'priceVaries', 'slug', 'thumbUrl', 'title']);
      expect(s.title).toMatch(/^Sciarpa modello [1-6]$/);
    }
    const exact = await anon().get(`/api/public/stores/${m.store.slug}/suggestions?q=caff`);
    expect(exact.body.items.map((s: { title: string }) => s.title)).toEqual(['Caffè arabica']);
    expect((await anon().get(`/api/public/stores/${m.store.slug}/suggestions?q=`)).body.items).toEqual([]);
    expect((await anon().get(`/api/public/stores/non-esiste/suggestions?q=x`)).status).toBe(404);
    expect((await anon().get(`/api/public/stores/${m.store.slug}/suggestions?q=x&limit=50`)).status).toBe(400);
  });
});

describe(`rebuilding a large catalogue's search rows (${engine})`, () => {
  it('rebuilds more than one batch in one transaction, lets the instance answer between batches, and finds every product after', async () => {
    const big = await merchant(server, 'Negozio Mille');
    const rows = ['Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty'];
    for (let i = 0; i < 1_200; i++) rows.push(`lume-${i},Lume da tavolo ${i},LUME-${i},12.50,3`);
    const form = new FormData();
    form.append('file', new Blob([rows.join('\r\n')], { type: 'text/csv' }), 'lumi.csv');
    const imported = await big.client.post(`${big.base}/import/products?mode=apply`, form);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    // Every row marked to be rebuilt, as renaming a category of 1,200 products does.
    await server.ctx.db
      .updateTable('product_search')
      .set((eb) => ({ version: eb('indexed_version', '+', 1) }))
      .where('store_id', '=', big.store.id)
      .execute();
    let answeredDuring = false;
    let rebuilt = false;
    setImmediate(() => (answeredDuring = !rebuilt));
    const count = await server.ctx.db.transaction().execute(async (trx) => {
      const n = await refreshStale(trx, big.store.id);
      rebuilt = true;
      return n;
    });
    expect(count).toBe(1_200);
    // SQLite's statements are synchronous: without a turn between batches, nothing else of the instance ran until the end.
    expect(answeredDuring).toBe(true);
    expect(await dashboard(big.client, big.base, 'lume 1199')).toEqual(['Lume da tavolo 1199']);
    const left = await server.ctx.db
      .selectFrom('product_search')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', big.store.id)
      .where(sql<boolean>`version > indexed_version`)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });
});

describe(`search index migration (${engine})`, () => {
  it('indexes the products that existed before it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-migration-'));
    const schema = PG_URL ? `t_${randomBytes(6).toString('hex')}` : undefined;
    const { db, destroy } = await openDatabase({ databaseUrl: PG_URL, databaseSchema: schema, dataDir });
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(schema ? { migrationTableSchema: schema } : {}) });
      expect((await migrator.migrateTo('004-seo')).error).toBeUndefined();
      const old = db as unknown as Kysely<any>;
      const storeId = randomUUID();
      const at = '2026-01-01T00:00:00.000Z';
      await old.insertInto('stores').values({ id: storeId, name: 'Vecchio', slug: 'vecchio', colors: '{}', created_at: at }).execute();
      const categoryId = randomUUID();
      await old.insertInto('categories').values({ id: categoryId, store_id: storeId, name: 'Caffetteria', slug: 'caffetteria', created_at: at }).execute();
      const productId = randomUUID();
      await old
        .insertInto('products')
        .values({
          id: productId,
          store_id: storeId,
          title: 'Moka Espresso',
          slug: 'moka',
          description: 'Per sei tazzine',
          price_cents: 2500,
          sku: 'MOKA-6',
          category_id: categoryId,
          status: 'active',
          image_urls: '[]',
          created_at: at,
          updated_at: at,
        })
        .execute();
      await old
        .insertInto('product_variants')
        .values({
          id: randomUUID(),
          store_id: storeId,
          product_id: productId,
          label: 'Rosso',
          sku: 'MOKA-6-R',
          price_delta_cents: -500,
          attributes: '{}',
          image_url: null,
          created_at: at,
        })
        .execute();

      // Up to 025 the rows kept Italian function words ('per'); 026 writes them again without.
      expect((await migrator.migrateTo('025-bare-search-words')).error).toBeUndefined();
      const before = await old.selectFrom('product_search').select('body_terms').where('product_id', '=', productId).executeTakeFirstOrThrow();
      expect(before.body_terms.split(' ').map((w: string) => w.replace(storeWordPrefix(storeId), ''))).toEqual(['sei', 'tazzin']);
      await old
        .updateTable('product_search')
        .set({ body_terms: PG_URL ? `${storeWordPrefix(storeId)}per ${before.body_terms}` : `per ${before.body_terms}` })
        .where('product_id', '=', productId)
        .execute();
      await migrate(db, schema);
      const row = await db
        .selectFrom('product_search')
        .select(['title_terms', 'meta_terms', 'body_terms'])
        .where('product_id', '=', productId)
        .executeTakeFirstOrThrow();
      // Each indexed word marked with its store (migration 019): one posting list per store and word.
      // PostgreSQL's rows hold the marked words (its tsvector is generated from them); SQLite's hold
      // them bare with the mark beside them, and its FTS5 index puts the mark back (migration 025).
      const mark = (words: string) =>
        words
          .split(' ')
          .map((w) => storeWordPrefix(storeId) + w)
          .join(' ');
      expect(storeWordPrefix(storeId)).toMatch(/^[0-9a-f]{12}$/);
      const words = { title_terms: 'mok espress', meta_terms: 'mok 6 caffetter ross r', body_terms: 'sei tazzin' };
      if (PG_URL) expect(row).toEqual({ title_terms: mark(words.title_terms), meta_terms: mark(words.meta_terms), body_terms: mark(words.body_terms) });
      else {
        expect(row).toEqual(words);
        const raw = db as unknown as Kysely<any>;
        const searchRow = await raw.selectFrom('product_search').select(['id', 'word_mark']).where('product_id', '=', productId).executeTakeFirstOrThrow();
        expect(searchRow.word_mark).toBe(storeWordPrefix(storeId));
        expect(await raw.selectFrom('product_search_words').select('title_terms').where('id', '=', searchRow.id).executeTakeFirstOrThrow()).toEqual({
          title_terms: mark(words.title_terms),
        });
      }
      if (PG_URL) {
        // Migration 027: the document weighs each field (title A, SKU/variants/category B, description C),
        // for the rows that existed before it too; the relevance score reads those weights.
        const weighs = async (query: string) =>
          (await sql<{ hit: boolean }>`select document @@ ${query}::tsquery as hit from product_search where product_id = ${productId}`.execute(db)).rows[0]
            ?.hit;
        const m = storeWordPrefix(storeId);
        expect([await weighs(`'${m}espress':A`), await weighs(`'${m}espress':B`), await weighs(`'${m}espress':C`)]).toEqual([true, false, false]);
        expect([await weighs(`'${m}mok':A`), await weighs(`'${m}mok':B`), await weighs(`'${m}mok':C`)]).toEqual([true, true, false]);
        expect([await weighs(`'${m}tazz':*A`), await weighs(`'${m}tazz':*C`)]).toEqual([false, true]);
      }
      const product = await db.selectFrom('products').select(['price_from_cents', 'sort_title']).where('id', '=', productId).executeTakeFirstOrThrow();
      expect(product).toEqual({ price_from_cents: 2000, sort_title: 'moka espresso' });
      expect(await db.selectFrom('store_product_counts').select(['status', 'n']).where('store_id', '=', storeId).execute()).toEqual([
        { status: 'active', n: 1 },
      ]);
      // The rebuilt index answers what a shopper types, 2 to 5 letters (FTS5's prefix indexes, migration 020) or more.
      const found = async (typed: string) =>
        (await productListing(db, PG_URL ? 'postgres' : 'sqlite', { storeId, status: 'active', search: typed, sort: 'relevance', page: 1, pageSize: 10 })).ids;
      for (const typed of ['mo', 'caf', 'tazz', 'espre', 'espress']) expect(await found(typed)).toEqual([productId]);
      expect(await found('mu')).toEqual([]);
      // A product written straight into the table is found by its new words only, and (SQLite) the
      // index agrees with its content view word for word: the sync triggers removed the old words.
      await (db as unknown as Kysely<any>)
        .updateTable('products')
        .set({ title: 'Caraffa Termica', description: 'Acciaio' })
        .where('id', '=', productId)
        .execute();
      expect(await found('caraff')).toEqual([productId]);
      expect(await found('espress')).toEqual([]);
      expect(await found('tazz')).toEqual([]);
      if (!PG_URL) await sql`insert into product_fts (product_fts, rank) values ('integrity-check', 1)`.execute(db);
    } finally {
      await destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    }
  });
});
