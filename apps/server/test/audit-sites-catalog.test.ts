import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { engine, startServer, type Client, type TestServer } from './harness.js';
import { insertCategory, insertProduct } from './catalog-factory.js';
import { createProduct, createVariant, member, merchant, uniqueSku } from './catalog-fixtures.js';
import { importCsv } from './csv-files.js';
import { entriesOf, failRightAfterNextEntry, sessionOf } from './audit-sites-helpers.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof merchant>>;
let staff: { client: Client; id: string; email: string };
let other: Awaited<ReturnType<typeof merchant>>;

beforeAll(async () => {
  server = await startServer();
  owner = await merchant(server, 'Bottega Registro');
  staff = await member(server, owner.store.id, 'staff');
  other = await merchant(server, 'Negozio Vicino');
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const base = () => owner.base;
const productBody = (p: { title: string; sku: string }, over: Record<string, unknown> = {}) => ({
  title: p.title,
  sku: p.sku,
  priceCents: 1990,
  compareAtCents: null,
  status: 'active',
  stock: 5,
  ...over,
});
const priceOf = async (id: string) =>
  (await server.ctx.db.selectFrom('products').select(['price_cents', 'compare_at_cents']).where('id', '=', id).executeTakeFirstOrThrow()).price_cents;

describe(`'Registro attività': prices (${engine})`, () => {
  it("records a product's changed price and 'Prezzo pieno' with the member, the session and before/after; other edits add nothing", async () => {
    const p = await createProduct(owner.client, base(), { title: 'Maglia blu', sku: uniqueSku(), priceCents: 1990 });
    expect(await entriesOf(server, owner.store.id, 'catalog.price_changed')).toEqual([]);
    // A description alone is not a price: no entry.
    expect((await owner.client.put(`${base()}/products/${p.id}`, productBody(p, { description: 'Cotone' }))).status).toBe(200);
    expect(await entriesOf(server, owner.store.id, 'catalog.price_changed')).toEqual([]);

    const res = await owner.client.put(`${base()}/products/${p.id}`, productBody(p, { priceCents: 2490, compareAtCents: 2990 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry, ...more] = await entriesOf(server, owner.store.id, 'catalog.price_changed');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'prices',
      summary: 'Prezzo modificato: Maglia blu',
      actor_user_id: owner.id,
      actor_email: owner.email,
      session_id: sessionOf(owner.client.token),
      subject_type: 'product',
      subject_id: p.id,
      subject_label: 'Maglia blu',
    });
    expect(entry?.changes).toEqual([
      { field: 'price_cents', label: 'Prezzo', before: '19,90\u00a0€', after: '24,90\u00a0€' },
      { field: 'compare_at_cents', label: 'Prezzo pieno', before: null, after: '29,90\u00a0€' },
    ]);
  });

  it("records a variant's price difference changed by staff, from the variant dialog and from the options table", async () => {
    const p = await createProduct(owner.client, base(), { title: 'Felpa', sku: uniqueSku(), priceCents: 3000 });
    const v = (await createVariant(owner.client, base(), p.id, { label: 'Taglia M', priceDeltaCents: 0 })) as { id: string; sku: string };
    const res = await staff.client.put(`${base()}/products/${p.id}/variants/${v.id}`, {
      label: 'Taglia M',
      sku: v.sku,
      stock: 5,
      priceDeltaCents: 200,
      compareAtCents: null,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry, ...more] = (await entriesOf(server, owner.store.id, 'catalog.price_changed')).filter((e) => e.subject_id === v.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      kind: 'prices',
      summary: 'Prezzo modificato: Felpa — Taglia M',
      actor_user_id: staff.id,
      actor_email: staff.email,
      session_id: sessionOf(staff.client.token),
      subject_type: 'variant',
      subject_id: v.id,
    });
    expect(entry?.changes).toEqual([{ field: 'price_delta_cents', label: 'Differenza di prezzo', before: '0,00\u00a0€', after: '+2,00\u00a0€' }]);

    // The product form's options table: one entry for the variant whose price it changed, none for the others.
    const options = [{ name: 'Colore', values: ['Rosso', 'Blu'] }];
    const shirt = await createProduct(owner.client, base(), { title: 'Polo', sku: uniqueSku(), priceCents: 2000, options } as never);
    const red = shirt.variants.find((x) => x.label === 'Rosso')!;
    const edit = await staff.client.put(`${base()}/products/${shirt.id}`, {
      ...productBody({ title: 'Polo', sku: shirt.sku }, { priceCents: 2000 }),
      options,
      variants: [{ values: ['Rosso'], priceDeltaCents: -300, compareAtCents: 2500, stock: 0 }],
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const polo = (await entriesOf(server, owner.store.id, 'catalog.price_changed')).filter((e) => e.summary.includes('Polo'));
    expect(polo.map((e) => [e.summary, e.subject_id, e.actor_user_id])).toEqual([['Prezzo modificato: Polo — Rosso', red.id, staff.id]]);
    expect(polo[0]?.changes).toEqual([
      { field: 'price_delta_cents', label: 'Differenza di prezzo', before: '0,00\u00a0€', after: '-3,00\u00a0€' },
      { field: 'compare_at_cents', label: 'Prezzo pieno', before: null, after: '25,00\u00a0€' },
    ]);
  });

  it('a refused price leaves no entry, nor does a change whose transaction fails after its entry was written', async () => {
    const p = await createProduct(owner.client, base(), { title: 'Cappello', sku: uniqueSku(), priceCents: 1500 });
    const before = (await entriesOf(server, owner.store.id)).length;
    // 'Prezzo pieno' below the price: refused by the catalogue's rules.
    expect((await owner.client.put(`${base()}/products/${p.id}`, productBody(p, { priceCents: 1800, compareAtCents: 1000 }))).status).toBe(400);
    failRightAfterNextEntry();
    expect((await owner.client.put(`${base()}/products/${p.id}`, productBody(p, { priceCents: 1800 }))).status).toBe(500);
    expect(await priceOf(p.id)).toBe(1500);
    expect(await entriesOf(server, owner.store.id)).toHaveLength(before);
  });

  it('a CSV import writes one entry for the whole file, counting the prices it changed; its preview writes none', async () => {
    const m = await merchant(server, 'Bottega Import');
    const a = await createProduct(m.client, m.base, { title: 'Caffè', sku: 'CAFFE', priceCents: 490 });
    const b = await createProduct(m.client, m.base, { title: 'Orzo', sku: 'ORZO', priceCents: 350 });
    const c = await createProduct(m.client, m.base, { title: 'Tè', sku: 'TE', priceCents: 300 });
    const file = [
      'Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty',
      `${a.slug},Caffè,CAFFE,5.20,1`,
      `${b.slug},Orzo,ORZO,3.90,1`,
      `${c.slug},Tè,TE,3.00,1`,
      'nuovo,Cacao,CACAO,6.00,1',
    ].join('\r\n');
    expect((await importCsv(m.client, m.base, file, 'preview')).status).toBe(200);
    expect(await entriesOf(server, m.store.id)).toEqual([]);
    expect((await importCsv(m.client, m.base, file, 'apply')).status).toBe(200);
    const entries = await entriesOf(server, m.store.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'prices',
      action: 'csv.prices_imported',
      summary: 'Importazione CSV: 2 prezzi modificati',
      actor_user_id: m.id,
      session_id: sessionOf(m.client.token),
    });
    expect(entries[0]?.changes).toEqual([
      { field: `product:${a.id}:price_cents`, label: 'Prezzo — Caffè', before: '4,90\u00a0€', after: '5,20\u00a0€' },
      { field: `product:${b.id}:price_cents`, label: 'Prezzo — Orzo', before: '3,50\u00a0€', after: '3,90\u00a0€' },
    ]);
  });
});

describe(`'Registro attività': catalogue bulk actions (${engine})`, () => {
  const bulk = (c: Client, body: unknown, storeId = owner.store.id) => c.post(`/api/stores/${storeId}/products/bulk`, body);

  it('records a status change, a move and a deletion, each as one entry naming every product', async () => {
    const a = await insertProduct(server, owner.store.id, { title: 'Lampada', status: 'active' });
    const b = await insertProduct(server, owner.store.id, { title: 'Vaso', status: 'draft' });
    const categoryId = await insertCategory(server, owner.store.id, 'Casa', `casa-${uniqueSku().toLowerCase()}`);

    expect((await bulk(staff.client, { action: 'status', ids: [a.id, b.id], status: 'archived' })).status).toBe(200);
    const [status] = await entriesOf(server, owner.store.id, 'catalog.bulk_status');
    expect(status).toMatchObject({
      kind: 'bulk',
      summary: 'Azione di massa: stato «Archiviato» per 2 prodotti',
      actor_user_id: staff.id,
      session_id: sessionOf(staff.client.token),
    });
    expect(status?.changes).toEqual(
      expect.arrayContaining([
        { field: `status:${a.id}`, label: 'Stato — Lampada', before: 'Attivo', after: 'Archiviato' },
        { field: `status:${b.id}`, label: 'Stato — Vaso', before: 'Bozza', after: 'Archiviato' },
      ]),
    );

    expect((await bulk(owner.client, { action: 'category', ids: [a.id], categoryId })).status).toBe(200);
    const [moved] = await entriesOf(server, owner.store.id, 'catalog.bulk_category');
    expect(moved).toMatchObject({ kind: 'bulk', summary: 'Azione di massa: 1 prodotto spostato in «Casa»', actor_user_id: owner.id });
    expect(moved?.changes).toEqual([{ field: `category:${a.id}`, label: 'Categoria — Lampada', before: 'Senza categoria', after: 'Casa' }]);

    expect((await bulk(owner.client, { action: 'delete', ids: [a.id, b.id] })).status).toBe(200);
    const [deleted] = await entriesOf(server, owner.store.id, 'catalog.bulk_delete');
    expect(deleted).toMatchObject({ kind: 'bulk', summary: 'Azione di massa: 2 prodotti eliminati' });
    expect(deleted?.changes.map((c) => [c.label, c.before, c.after])).toEqual(
      expect.arrayContaining([
        ['Prodotto — Lampada', 'Lampada', null],
        ['Prodotto — Vaso', 'Vaso', null],
      ]),
    );
  });

  it("a selection with another store's product, or a failure after the entry, leaves no entry and no change", async () => {
    const a = await insertProduct(server, owner.store.id, { title: 'Tappeto', status: 'active' });
    const foreign = await insertProduct(server, other.store.id, { title: 'Altrui', status: 'active' });
    const count = (await entriesOf(server, owner.store.id)).length;
    expect((await bulk(owner.client, { action: 'status', ids: [a.id, foreign.id], status: 'draft' })).status).toBe(404);
    failRightAfterNextEntry();
    expect((await bulk(owner.client, { action: 'status', ids: [a.id], status: 'draft' })).status).toBe(500);
    const row = await server.ctx.db.selectFrom('products').select('status').where('id', '=', a.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    expect(await entriesOf(server, owner.store.id)).toHaveLength(count);
    expect(await entriesOf(server, other.store.id)).toEqual([]);
  });
});
