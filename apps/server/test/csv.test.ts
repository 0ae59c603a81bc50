import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@vetrina/shared';
import { CSV_LIMITS, PRODUCT_CSV_COLUMNS } from '@vetrina/shared/csv';
import { parse } from 'csv-parse/sync';
import { engine, startServer, type TestServer } from './harness.js';
import { createCategory, createProduct, createVariant, merchant, reserve, uploadImages } from './catalog-fixtures.js';
import { importCsv } from './csv-files.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Merchant = Awaited<ReturnType<typeof merchant>>;

const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
const HEAD = ['Handle', 'Title', 'Variant SKU', 'Variant Price', 'Variant Inventory Qty'];

/** The whole catalogue of a store as the product pages show it, comparable across stores (no ids). */
async function catalogue(m: Merchant) {
  const list: Array<{ id: string }> = [];
  for (let page = 1; ; page++) {
    const res = await m.client.get(`${m.base}/products?page=${page}`);
    list.push(...res.body.items);
    if (res.body.items.length < res.body.pageSize) break;
  }
  const details = await Promise.all(list.map(async (p) => (await m.client.get<ProductDetail>(`${m.base}/products/${p.id}`)).body));
  return details
    .map((p) => ({
      slug: p.slug,
      title: p.title,
      description: p.description,
      priceCents: p.priceCents,
      compareAtCents: p.compareAtCents,
      sku: p.sku,
      status: p.status,
      category: p.category?.name ?? null,
      stock: p.stock,
      ownStock: p.inventory?.stock ?? null,
      variants: p.variants.map((v) => ({
        label: v.label,
        sku: v.sku,
        priceDeltaCents: v.priceDeltaCents,
        compareAtCents: v.compareAtCents,
        attributes: v.attributes,
        stock: v.stock,
      })),
    }))
    .sort((a, b) => a.slug.localeCompare(b.slug));
}

async function exportText(m: Merchant, format?: 'italiano' | 'internazionale') {
  const res = await fetch(`${server.url}${m.base}/export/products.csv${format ? `?format=${format}` : ''}`, {
    headers: { authorization: `Bearer ${m.client.token}` },
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** A store with what a real one has: categories, products with and without variants, stock, sale prices, a formula-like title. */
async function stockedStore() {
  const m = await merchant(server, 'Bottega Export');
  const shirts = await createCategory(m.client, m.base, 'Magliette');
  const mugs = await createCategory(m.client, m.base, 'Casa e Cucina');
  const mug = await createProduct(m.client, m.base, {
    title: 'Tazza "Buongiorno", grande',
    description: 'Ceramica smaltata.\nLavabile in lavastoviglie; 350 ml.',
    priceCents: 1290,
    compareAtCents: 1590,
    sku: 'TAZZA-01',
    stock: 7,
    categoryId: mugs.id,
    status: 'active',
  });
  const shirt = await createProduct(m.client, m.base, {
    title: 'Maglietta girocollo',
    priceCents: 2000,
    compareAtCents: 2500,
    sku: 'MAGLIA',
    categoryId: shirts.id,
    status: 'active',
  });
  await createVariant(m.client, m.base, shirt.id, {
    label: 'Rossa / M',
    sku: 'MAGLIA-R-M',
    priceDeltaCents: 0,
    stock: 3,
    attributes: [
      { key: 'Colore', value: 'Rosso' },
      { key: 'Taglia', value: 'M' },
    ],
  });
  await createVariant(m.client, m.base, shirt.id, {
    label: 'Blu / XL',
    sku: 'MAGLIA-B-XL',
    priceDeltaCents: 300,
    stock: 0,
    compareAtCents: 3900,
    attributes: [
      { key: 'Colore', value: 'Blu' },
      { key: 'Taglia', value: 'XL' },
    ],
  });
  const formula = await createProduct(m.client, m.base, { title: '=HYPERLINK("http://x.example","clic")', priceCents: 500, sku: 'FORMULA-1', stock: 1 });
  return { m, mug, shirt, formula };
}

describe(`CSV export (${engine})`, () => {
  it('exports one row per variant with Shopify’s columns in Italian Excel’s dialect (BOM, ;, decimal comma), sale prices and formulas neutralised', async () => {
    const { m } = await stockedStore();
    const images = await uploadImages(m.client, m.base, 2);
    const withImages = await createProduct(m.client, m.base, { title: 'Vaso', priceCents: 900, sku: 'VASO', imageIds: images.map((i) => i.id) });

    const { res, bytes } = await exportText(m);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(new RegExp(`attachment; filename="prodotti-${m.store.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"`));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8').split('\r\n')[0]).toMatch(/^\uFEFFHandle;Title;Body \(HTML\);/);
    const rows = parse(bytes.toString('utf8').slice(1), { columns: true, delimiter: ';' }) as Array<Record<string, string>>;
    const header = Object.keys(rows[0] ?? {});
    expect(header).toEqual([...PRODUCT_CSV_COLUMNS]);

    const mug = rows.filter((r) => r.Handle?.startsWith('tazza'));
    expect(mug).toHaveLength(1);
    expect(mug[0]).toMatchObject({
      Title: 'Tazza "Buongiorno", grande',
      'Variant SKU': 'TAZZA-01',
      'Variant Price': '12,90',
      'Variant Compare At Price': '15,90',
    });
    expect(mug[0]).toMatchObject({ 'Variant Inventory Qty': '7', Type: 'Casa e Cucina', Status: 'active', Published: 'TRUE' });
    expect(mug[0]?.['Body (HTML)']).toBe('Ceramica smaltata.\nLavabile in lavastoviglie; 350 ml.');

    // Two variants: two rows; product fields only on the first (Shopify's convention).
    const shirt = rows.filter((r) => r.Handle === 'maglietta-girocollo');
    expect(shirt.map((r) => [r['Variant SKU'], r['Variant Price'], r['Variant Compare At Price'], r['Option1 Value'], r['Option2 Value']])).toEqual([
      ['MAGLIA-R-M', '20,00', '25,00', 'Rosso', 'M'],
      ['MAGLIA-B-XL', '23,00', '39,00', 'Blu', 'XL'],
    ]);
    expect(shirt[0]).toMatchObject({ Title: 'Maglietta girocollo', 'Option1 Name': 'Colore', 'Product SKU': 'MAGLIA', 'Product Price': '20,00' });
    expect(shirt[1]).toMatchObject({ Title: '', Type: '', 'Product SKU': '' });

    // A cell a spreadsheet would run as a formula gets a leading apostrophe.
    const raw = bytes.toString('utf8');
    expect(raw).toContain(`"'=HYPERLINK(""http://x.example"",""clic"")"`);
    expect(raw).not.toMatch(/(^|;)"?=HYPERLINK/m);

    // A gallery of two on a product without variants: the second picture on a row of its own.
    const vase = rows.filter((r) => r.Handle === withImages.slug);
    expect(vase.map((r) => [r['Variant SKU'], r['Image Position']])).toEqual([
      ['VASO', '1'],
      ['', '2'],
    ]);
    expect(vase[1]?.['Image Src']).toBe(images[1]?.url);
  });

  it('exports the orders of a date range in Italian time, one row per order line', async () => {
    const m = await merchant(server, 'Bottega Ordini');
    const { db } = server.ctx;
    let n = 0;
    const order = async (createdAt: string, lines: Array<[string, number, number]>) => {
      const id = crypto.randomUUID();
      const subtotal = lines.reduce((s, [, q, p]) => s + q * p, 0);
      await db
        .insertInto('orders')
        .values({
          id,
          store_id: m.store.id,
          order_number: 1000 + ++n,
          status: 'confirmed',
          customer_name: 'Maria Rossi',
          customer_email: 'maria@example.it',
          customer_phone: null,
          shipping_street: 'Via Roma 1',
          shipping_city: 'Milano',
          shipping_postal_code: '20121',
          shipping_country: 'Italia',
          subtotal_cents: subtotal,
          shipping_cents: 599,
          total_cents: subtotal + 599,
          notes: null,
          idempotency_key: null,
          idempotency_fingerprint: null,
          created_at: createdAt,
          updated_at: createdAt,
          payment_details: null,
          payment_due_at: null,
          paid_at: null,
          stripe_session_id: null,
          public_token: null,
          discount_code: null,
          discount_kind: null,
          discount_value: null,
          terms_accepted_at: null,
        })
        .execute();
      for (const [title, quantity, unit] of lines)
        await db
          .insertInto('order_items')
          .values({
            id: crypto.randomUUID(),
            order_id: id,
            product_id: null,
            variant_id: null,
            title,
            variant_label: null,
            quantity,
            unit_price_cents: unit,
            total_price_cents: quantity * unit,
          })
          .execute();
    };
    // 9 March 23:30 UTC is already 10 March in Italy; 10 March 23:30 UTC is 11 March.
    await order('2026-03-09T22:59:00.000Z', [['Prima', 1, 1000]]);
    await order('2026-03-09T23:30:00.000Z', [
      ['Tazza', 2, 1290],
      ['=SUM(A1)', 1, 500],
    ]);
    await order('2026-03-10T23:30:00.000Z', [['Dopo', 1, 700]]);

    const res = await fetch(`${server.url}${m.base}/export/orders.csv?from=2026-03-10&to=2026-03-10`, {
      headers: { authorization: `Bearer ${m.client.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`ordini-${m.store.slug}-2026-03-10-2026-03-10.csv`);
    const text = await res.text();
    expect(text.replace(/^\uFEFF/, '').startsWith('Numero ordine;Data;Stato;')).toBe(true);
    const rows = parse(text.replace(/^\uFEFF/, ''), { columns: true, delimiter: ';' }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r['Numero ordine'], r.Data, r.Prodotto, r.Quantità, r['Prezzo unitario'], r['Totale riga'], r.Totale])).toEqual([
      ['1002', '10/03/2026, 00:30', "'=SUM(A1)", '1', '5,00', '5,00', '36,79'],
      ['1002', '10/03/2026, 00:30', 'Tazza', '2', '12,90', '25,80', '36,79'],
    ]);
    // 'Formato internazionale': commas, decimal points, no BOM.
    const intl = await (
      await fetch(`${server.url}${m.base}/export/orders.csv?from=2026-03-10&to=2026-03-10&format=internazionale`, {
        headers: { authorization: `Bearer ${m.client.token}` },
      })
    ).text();
    expect(intl.startsWith('Numero ordine,Data,Stato,')).toBe(true);
    const intlRows = parse(intl, { columns: true }) as Array<Record<string, string>>;
    expect(intlRows.map((r) => [r['Prezzo unitario'], r['Totale riga'], r.Totale, r.Provincia])).toEqual([
      ['5.00', '5.00', '36.79', ''],
      ['12.90', '25.80', '36.79', ''],
    ]);
    expect((await m.client.get(`${m.base}/export/orders.csv?from=2026-03-10&to=2026-03-10&format=excel`)).body.error?.message).toBe(
      'Formato non valido: usa italiano o internazionale',
    );
    expect(rows[0]).toMatchObject({
      Stato: 'Confermato',
      'Metodo di pagamento': 'Contrassegno',
      'Stato pagamento': 'Da pagare',
      Cliente: 'Maria Rossi',
      Paese: 'Italia',
    });

    const backwards = await m.client.get(`${m.base}/export/orders.csv?from=2026-03-11&to=2026-03-10`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.error?.message).toBe('Indica un periodo valido: la data «Dal» non può essere successiva alla data «Al»');
    expect((await m.client.get(`${m.base}/export/orders.csv?from=10/03/2026&to=2026-03-10`)).body.error?.message).toBe(
      'Data non valida: usa il formato AAAA-MM-GG',
    );
  });

  it('answers 404 for another store’s exports and import', async () => {
    const mine = await merchant(server, 'Bottega Mia');
    const theirs = await merchant(server, 'Bottega Altrui');
    await createProduct(theirs.client, theirs.base, { title: 'Segreto', sku: 'SEGRETO' });
    for (const path of ['/export/products.csv', '/export/orders.csv?from=2026-01-01&to=2026-01-31']) {
      const res = await mine.client.get(`${theirs.base}${path}`);
      expect(res.status).toBe(404);
      expect(res.body.error?.message).toBe('Store non trovato');
    }
    const res = await importCsv(mine.client, theirs.base, csv([HEAD, ['intruso', 'Intruso', 'INT-1', '1.00', '1']]), 'apply');
    expect(res.status).toBe(404);
    expect((await theirs.client.get(`${theirs.base}/products`)).body.total).toBe(1);
  });
});

describe(`CSV import (${engine})`, () => {
  it.each(['italiano', 'internazionale'] as const)(
    'round trip (%s): exporting a store and importing the file into an empty store reproduces its catalogue',
    async (format) => {
      const { m } = await stockedStore();
      const { bytes } = await exportText(m, format);
      expect(
        bytes
          .toString('utf8')
          .split('\r\n')[0]
          ?.startsWith(format === 'italiano' ? '\uFEFFHandle;' : 'Handle,'),
      ).toBe(true);
      const empty = await merchant(server, `Bottega Vuota ${format}`);
      const preview = await importCsv(empty.client, empty.base, bytes, 'preview');
      expect(preview.status).toBe(200);
      expect(preview.body).toMatchObject({
        applied: false,
        errorCount: 0,
        products: { create: 3, update: 0 },
        variants: { create: 2, update: 0 },
        categories: { create: 2 },
      });
      const applied = await importCsv(empty.client, empty.base, bytes, 'apply');
      expect(applied.status).toBe(200);
      expect(applied.body.applied).toBe(true);
      expect(await catalogue(empty)).toEqual(await catalogue(m));
      // And the same file again over the copy changes nothing: every handle is an update.
      const again = await importCsv(empty.client, empty.base, bytes, 'apply');
      expect(again.body).toMatchObject({ applied: true, products: { create: 0, update: 3 }, variants: { create: 0, update: 2 } });
      expect(await catalogue(empty)).toEqual(await catalogue(m));
    },
  );

  it('preview is a dry run: counts and first rows, nothing written', async () => {
    const m = await merchant(server, 'Bottega Anteprima');
    const file = csv([
      [...HEAD, 'Type', 'Option1 Name', 'Option1 Value'],
      ['borsa', 'Borsa in pelle', 'BORSA-N', '89.00', '4', 'Accessori', 'Colore', 'Nero'],
      ['borsa', '', 'BORSA-M', '95,50', '2', '', '', 'Marrone'],
      ['', 'Cintura', 'CINTURA', '25', '10', 'Accessori', '', ''],
    ]);
    const res = await importCsv(m.client, m.base, file, 'preview');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: false, rows: 3, errorCount: 0, products: { create: 2 }, variants: { create: 2 }, categories: { create: 1 } });
    expect(res.body.sample.map((s) => [s.line, s.handle, s.variant, s.sku, s.priceCents, s.stock])).toEqual([
      [2, 'borsa', 'Nero', 'BORSA-N', 8900, 4],
      [3, 'borsa', 'Marrone', 'BORSA-M', 9550, 2],
      [4, 'cintura', null, 'CINTURA', 2500, 10],
    ]);
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(0);
    expect((await m.client.get(`${m.base}/categories`)).body).toEqual([]);

    const applied = await importCsv(m.client, m.base, file, 'apply');
    expect(applied.status).toBe(200);
    const [bag] = (await m.client.get(`${m.base}/products?q=borsa`)).body.items;
    const detail = (await m.client.get<ProductDetail>(`${m.base}/products/${bag.id}`)).body;
    // Without a 'Product Price' the product costs what its cheapest variant does; SKU-0001 is generated.
    expect(detail).toMatchObject({ priceCents: 8900, sku: 'SKU-0001', status: 'draft', category: { name: 'Accessori' } });
    expect(detail.variants.map((v) => [v.label, v.priceDeltaCents, v.attributes, v.stock])).toEqual([
      ['Nero', 0, { Colore: 'Nero' }, 4],
      ['Marrone', 650, { Colore: 'Marrone' }, 2],
    ]);
  });

  it('lists every bad row in Italian with its spreadsheet line, and an apply with errors writes nothing', async () => {
    const m = await merchant(server, 'Bottega Errori');
    const file = csv([
      HEAD,
      ['buona', 'Buona', 'OK-1', '10.00', '1'],
      ['', '', '', '', ''],
      ['prezzo', 'Prezzo sbagliato', 'OK-2', '12,999', '1'],
      ['giacenza', 'Giacenza', 'OK-3', '5', 'tanti'],
      ['Handle Brutto', 'Handle', 'OK-4', '5', '1'],
      ['senza-sku', 'Senza SKU', '', '5', '1'],
    ]);
    const preview = await importCsv(m.client, m.base, file, 'preview');
    expect(preview.status).toBe(200);
    expect(preview.body.errors).toEqual([
      { line: 4, column: 'Variant Price', message: 'Inserisci un prezzo valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali)' },
      { line: 5, column: 'Variant Inventory Qty', message: 'La giacenza deve essere un numero intero maggiore o uguale a 0' },
      { line: 6, column: 'Handle', message: 'Slug non valido: usa lettere minuscole, numeri e trattini' },
      { line: 7, column: 'Variant SKU', message: 'Lo SKU è obbligatorio' },
    ]);
    expect(preview.body.errorCount).toBe(4);

    const apply = await importCsv(m.client, m.base, file, 'apply');
    expect(apply.status).toBe(400);
    expect(apply.body.error?.message).toBe(
      'Il file contiene 4 errori: nessun prodotto è stato importato. Riga 4 (Variant Price): Inserisci un prezzo valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali) · ' +
        'Riga 5 (Variant Inventory Qty): La giacenza deve essere un numero intero maggiore o uguale a 0 · Riga 6 (Handle): Slug non valido: usa lettere minuscole, numeri e trattini',
    );
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(0);
  });

  it('a rule only the database can check refuses the whole file too (all or nothing)', async () => {
    const m = await merchant(server, 'Bottega Atomica');
    const held = await createProduct(m.client, m.base, { title: 'Riservato', sku: 'RIS-1', stock: 5 });
    await reserve(server, held.inventory?.id ?? '', 4);
    // New products first, then an update below the reserved units: the new ones must not stay.
    const file = csv([
      HEAD,
      ['nuovo-1', 'Nuovo 1', 'NEW-1', '1.00', '1'],
      ['nuovo-2', 'Nuovo 2', 'NEW-2', '1.00', '1'],
      [held.slug, 'Riservato', 'RIS-1', '19.90', '2'],
    ]);
    const preview = await importCsv(m.client, m.base, file, 'preview');
    expect(preview.body.errors).toEqual([
      { line: 4, column: 'Variant Inventory Qty', message: 'La quantità non può essere inferiore alle unità riservate da ordini aperti (4).' },
    ]);
    const apply = await importCsv(m.client, m.base, file, 'apply');
    expect(apply.status).toBe(400);
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(1);

    // An existing product whose price would put a variant below zero: found by writing, then rolled back.
    const p = await createProduct(m.client, m.base, { title: 'Con varianti', sku: 'CV', priceCents: 1000 });
    await createVariant(m.client, m.base, p.id, { label: 'Piccola', sku: 'CV-S', priceDeltaCents: -800, stock: 1 });
    const lowered = csv([
      [...HEAD, 'Variant Label', 'Product Price'],
      ['nuovo-3', 'Nuovo 3', 'NEW-3', '1.00', '1', '', ''],
      [p.slug, 'Con varianti', 'CV-L', '9.00', '1', 'Grande', '5.00'],
    ]);
    const refused = await importCsv(m.client, m.base, lowered, 'apply');
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toContain('Riga 3: Con questo prezzo una variante avrebbe un prezzo negativo');
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(2);
    expect((await m.client.get<ProductDetail>(`${m.base}/products/${p.id}`)).body).toMatchObject({ priceCents: 1000, variantCount: 1 });
  });

  it('names duplicate SKUs within the file and against the store', async () => {
    const m = await merchant(server, 'Bottega Doppioni');
    await createProduct(m.client, m.base, { title: 'Esistente', sku: 'ESISTE-1' });
    const file = csv([HEAD, ['uno', 'Uno', 'DOPPIO', '1', '1'], ['due', 'Due', 'doppio', '1', '1'], ['tre', 'Tre', 'esiste-1', '1', '1']]);
    const res = await importCsv(m.client, m.base, file, 'preview');
    expect(res.body.errors).toEqual([
      { line: 3, column: 'Variant SKU', message: 'Lo SKU «doppio» è ripetuto nel file (già alla riga 2)' },
      { line: 4, column: 'Variant SKU', message: 'Lo SKU «esiste-1» è già utilizzato da un altro prodotto dello store' },
    ]);
    expect((await importCsv(m.client, m.base, file, 'apply')).status).toBe(400);
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(1);
  });

  it('reads Italian Excel files: semicolons, decimal commas, a BOM, VERO/FALSO', async () => {
    const m = await merchant(server, 'Bottega Excel');
    const text =
      '\uFEFFHandle;Title;Variant SKU;Variant Price;Variant Compare At Price;Variant Inventory Qty;Published\r\n' +
      'caffe;Caffè 250 g;CAFFE;4,90;5,90;12;VERO\r\n';
    const res = await importCsv(m.client, m.base, text, 'apply');
    expect(res.status).toBe(200);
    const [item] = (await m.client.get(`${m.base}/products`)).body.items;
    expect(item).toMatchObject({ title: 'Caffè 250 g', sku: 'CAFFE', priceCents: 490, compareAtCents: 590, stock: 12, status: 'active' });
  });

  it.each([
    ['italiano', 'Handle;Title;Variant SKU;Variant Price\r\ncaffe;"Caffè 250 g;CAFFE;4,90\r\norzo;Orzo;ORZO;3,50\r\n', 'virgolette non chiuse'],
    ['internazionale', 'Handle,Title,Variant SKU,Variant Price\r\ncaffe,Caff"è" 250 g,CAFFE,4.90\r\n', 'formato non valido alla riga 2'],
  ])('refuses a file in the %s dialect with broken quoting, in Italian, and imports nothing', async (_dialect, text, detail) => {
    const m = await merchant(server, `Bottega Virgolette ${_dialect}`);
    for (const mode of ['preview', 'apply'] as const) {
      const res = await importCsv(m.client, m.base, text, mode);
      expect(res.status).toBe(400);
      expect(res.body.error?.message).toContain(`Il file non è un CSV leggibile: ${detail}`);
    }
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(0);
  });

  it('refuses a file that is not UTF-8 with the way to fix it, and writes nothing', async () => {
    const m = await merchant(server, 'Bottega Codifiche');
    // 'Caffè' saved by an old Excel: è is the single byte 0xE8 in Windows-1252.
    const latin = Buffer.concat([
      Buffer.from('Handle,Title,Variant SKU,Variant Price\r\ncaffe,Caff', 'latin1'),
      Buffer.from([0xe8]),
      Buffer.from(',CAFFE,4.90\r\n'),
    ]);
    const res = await importCsv(m.client, m.base, latin, 'preview');
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe('Il file non è in UTF-8. In Excel scegli File › Salva con nome › «CSV UTF-8 (delimitato da virgole)» e riprova.');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Handle,Title\r\n', 'utf16le')]);
    expect((await importCsv(m.client, m.base, utf16, 'apply')).body.error?.message).toMatch(/^Il file è in UTF-16/);
    expect((await importCsv(m.client, m.base, 'Nome,Prezzo\r\nx,1\r\n', 'apply')).body.error?.message).toBe(
      'Manca la colonna «Title» nella prima riga del file',
    );
    expect((await importCsv(m.client, m.base, 'Title,Variant SKU,Variant Price\r\n"non chiuso,X,1\r\n', 'apply')).body.error?.message).toMatch(
      /^Il file non è un CSV leggibile/,
    );
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(0);
  });

  it('imports a formula as plain text, and takes back the apostrophe the export added', async () => {
    const m = await merchant(server, 'Bottega Formule');
    const file = csv([HEAD, ['formula', '=HYPERLINK("http://evil.example","premi")', 'F-1', '1', '1'], ['protetto', "'-Sconto speciale", 'F-2', '1', '1']]);
    expect((await importCsv(m.client, m.base, file, 'apply')).status).toBe(200);
    const titles = (await m.client.get(`${m.base}/products`)).body.items.map((p: { title: string }) => p.title).sort();
    expect(titles).toEqual(['-Sconto speciale', '=HYPERLINK("http://evil.example","premi")']);
  });

  it('updates existing products by handle and their variants by SKU', async () => {
    const m = await merchant(server, 'Bottega Aggiorna');
    const p = await createProduct(m.client, m.base, { title: 'Felpa', sku: 'FELPA', priceCents: 3000, status: 'active' });
    await createVariant(m.client, m.base, p.id, { label: 'S', sku: 'FELPA-S', stock: 1, attributes: [{ key: 'Taglia', value: 'S' }] });
    const file = csv([
      ['Handle', 'Title', 'Option1 Name', 'Option1 Value', 'Variant SKU', 'Variant Price', 'Variant Inventory Qty'],
      [p.slug, 'Felpa con cappuccio', 'Taglia', 'S', 'FELPA-S', '30.00', '9'],
      [p.slug, '', '', 'M', 'FELPA-M', '32.00', '4'],
    ]);
    const preview = await importCsv(m.client, m.base, file, 'preview');
    expect(preview.body).toMatchObject({ products: { create: 0, update: 1 }, variants: { create: 1, update: 1 } });
    expect((await importCsv(m.client, m.base, file, 'apply')).status).toBe(200);
    const after = (await m.client.get<ProductDetail>(`${m.base}/products/${p.id}`)).body;
    expect(after).toMatchObject({ title: 'Felpa con cappuccio', sku: 'FELPA', priceCents: 3000, status: 'active' });
    expect(after.variants.map((v) => [v.sku, v.label, v.priceDeltaCents, v.stock, v.attributes])).toEqual([
      ['FELPA-S', 'S', 0, 9, { Taglia: 'S' }],
      ['FELPA-M', 'M', 200, 4, { Taglia: 'M' }],
    ]);
  });

  it('refuses a 50 MB file with an Italian 413 and a file over 10,000 rows', async () => {
    const m = await merchant(server, 'Bottega Grande');
    const big = Buffer.alloc(50 * 1024 * 1024, 'a');
    const res = await importCsv(m.client, m.base, big, 'preview');
    expect(res.status).toBe(413);
    expect(res.body.error?.message).toBe('Il file è troppo grande: al massimo 20 MB. Dividilo in più file e importali uno alla volta.');
    const rows = Array.from({ length: CSV_LIMITS.maxRows + 1 }, (_, i) => `p${i},P ${i},S-${i},1,1`);
    const long = await importCsv(m.client, m.base, ['Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty', ...rows].join('\n'), 'preview');
    expect(long.status).toBe(400);
    expect(long.body.error?.message).toBe('Il file ha più di 10.000 righe di dati: dividilo in più file e importali uno alla volta.');
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(0);
  });

  it('applies 10,000 rows in one go', async () => {
    const m = await merchant(server, 'Bottega Diecimila');
    const rows: string[] = [];
    for (let i = 0; i < 2000; i++) rows.push(`semplice-${i},Prodotto ${i},SEMPLICE-${i},${(i % 90) + 1}.50,${i % 7},Categoria ${i % 20}`);
    for (let i = 0; i < 2000; i++)
      for (const size of ['S', 'M', 'L', 'XL'])
        rows.push(
          `variante-${i},${size === 'S' ? `Maglia ${i}` : ''},MV-${i}-${size},${size === 'XL' ? '21.00' : '19.00'},${i % 5},${size === 'S' ? 'Abbigliamento' : ''},Taglia,${size}`,
        );
    const file = ['Handle,Title,Variant SKU,Variant Price,Variant Inventory Qty,Type,Option1 Name,Option1 Value', ...rows].join('\r\n');
    const started = Date.now();
    const res = await importCsv(m.client, m.base, file, 'apply');
    const ms = Date.now() - started;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applied: true, rows: 10_000, products: { create: 4000 }, variants: { create: 8000 }, categories: { create: 21 } });
    expect((await m.client.get(`${m.base}/products`)).body.total).toBe(4000);
    const count = await server.ctx.db
      .selectFrom('inventory')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('store_id', '=', m.store.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2000 + 8000);
    // Found by the store's search right away.
    expect((await m.client.get(`${m.base}/products?q=maglia 1999`)).body.items[0]?.title).toBe('Maglia 1999');
    console.info(`[csv] 10,000 rows applied in ${ms} ms (${engine})`);
  }, 120_000);
});
