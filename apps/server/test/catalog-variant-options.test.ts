import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '@vetrina/shared';
import { client, engine, startServer, type TestServer } from './harness.js';
import { checkoutBody } from './catalog-factory.js';
import { createProduct, merchant, uniqueSku } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
});
afterAll(async () => {
  await server.close();
});

const colourAndSize = [
  { name: 'Colore', values: ['Rosso', 'Blu'] },
  { name: 'Taglia', values: ['S', 'M', 'L'] },
];
const labels = (p: ProductDetail) => p.variants.map((v) => v.label).sort();
const variantRows = (productId: string) =>
  server.ctx.db.selectFrom('product_variants').select(['id', 'label', 'archived_at']).where('product_id', '=', productId).execute();

describe(`variants by options (${engine})`, () => {
  it('creates a product with 2 options × 3 values as its 6 variants in one request, SKUs suggested', async () => {
    const m = await merchant(server);
    const sku = uniqueSku('MAGLIA');
    const res = await m.client.post<ProductDetail>(`${m.base}/products`, {
      title: 'Maglia',
      priceCents: 2500,
      sku,
      status: 'active',
      options: colourAndSize,
      variants: [{ values: ['Rosso', 'M'], priceDeltaCents: 200, stock: 7, sku: '' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.options).toEqual(colourAndSize);
    expect(res.body.variants).toHaveLength(6);
    expect(labels(res.body)).toEqual(['Blu / L', 'Blu / M', 'Blu / S', 'Rosso / L', 'Rosso / M', 'Rosso / S']);
    const rossoM = res.body.variants.find((v) => v.label === 'Rosso / M');
    expect(rossoM).toMatchObject({ sku: `${sku}-ROSSO-M`, priceDeltaCents: 200, stock: 7, attributes: { Colore: 'Rosso', Taglia: 'M' } });
    expect(res.body.inventory).toBeNull();
    expect(res.body.stock).toBe(7);
  });

  it('turns a product created without variants into 6 on update; adding a value adds its combinations', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { priceCents: 1000, stock: 3 });
    const body = { title: p.title, priceCents: 1000, sku: p.sku, status: 'active' as const };
    const six = await m.client.put<ProductDetail>(`${m.base}/products/${p.id}`, { ...body, options: colourAndSize });
    expect(six.status).toBe(200);
    expect(six.body.variants).toHaveLength(6);
    const ids = new Map(six.body.variants.map((v) => [v.label, v.id]));

    const more = await m.client.put<ProductDetail>(`${m.base}/products/${p.id}`, {
      ...body,
      options: [colourAndSize[0], { name: 'Taglia', values: ['S', 'M', 'L', 'XL'] }],
      variants: [{ values: ['blu', 'xl'], stock: 4 }],
    });
    expect(more.status).toBe(200);
    expect(more.body.variants).toHaveLength(8);
    // The six keep their ids (and so their stock and orders); the two new ones are added.
    for (const [label, id] of ids) expect(more.body.variants.find((v) => v.label === label)?.id).toBe(id);
    expect(more.body.variants.find((v) => v.label === 'Blu / XL')).toMatchObject({ stock: 4, sku: `${p.sku}-BLU-XL` });
  });

  it('removing a value deletes its variants, but archives those that orders name', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { priceCents: 1000, status: 'active' });
    const body = { title: p.title, priceCents: 1000, sku: p.sku, status: 'active' as const };
    const created = await m.client.put<ProductDetail>(`${m.base}/products/${p.id}`, {
      ...body,
      options: colourAndSize,
      variants: colourAndSize[1]!.values.flatMap((t) =>
        ['Rosso', 'Blu'].map((c) => ({ values: [c, t], stock: 5, priceDeltaCents: c === 'Blu' && t === 'M' ? -400 : 0 })),
      ),
    });
    expect(created.status).toBe(200);
    const blueM = created.body.variants.find((v) => v.label === 'Blu / M')!;
    const priceFrom = async () =>
      (await server.ctx.db.selectFrom('products').select('price_from_cents').where('id', '=', p.id).executeTakeFirstOrThrow()).price_from_cents;
    expect(await priceFrom()).toBe(600);
    const order = await client(server.url).post(
      `/api/public/stores/${m.store.slug}/checkout`,
      checkoutBody([{ productId: p.id, variantId: blueM.id, quantity: 1, unitPriceCents: 600 }]),
    );
    expect(order.status).toBe(201);

    const noBlue = await m.client.put<ProductDetail>(`${m.base}/products/${p.id}`, {
      ...body,
      options: [{ name: 'Colore', values: ['Rosso'] }, colourAndSize[1]],
    });
    expect(noBlue.status).toBe(200);
    expect(labels(noBlue.body)).toEqual(['Rosso / L', 'Rosso / M', 'Rosso / S']);
    const rows = await variantRows(p.id);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.id === blueM.id)?.archived_at).toBeTruthy();
    // 'Da …' prices count only the variants on sale.
    expect(await priceFrom()).toBe(1000);
    // The order keeps its line; the storefront no longer sells the archived variant.
    const item = await server.ctx.db.selectFrom('order_items').select(['variant_id', 'variant_label']).where('variant_id', '=', blueM.id).executeTakeFirst();
    expect(item).toMatchObject({ variant_id: blueM.id, variant_label: 'Blu / M' });
    const page = await client(server.url).get(`/api/public/stores/${m.store.slug}/products/${noBlue.body.slug}`);
    expect(JSON.stringify(page.body)).not.toContain(blueM.id);
    const again = await client(server.url).post(
      `/api/public/stores/${m.store.slug}/checkout`,
      checkoutBody([{ productId: p.id, variantId: blueM.id, quantity: 1, unitPriceCents: 600 }]),
    );
    expect(again.status).toBe(409);
    // The CSV export and the inventory list only the variants on sale.
    const csv = await m.client.get(`${m.base}/export/products.csv?ids=${p.id}`);
    expect(csv.body as string).toContain(`${p.sku}-ROSSO-M`);
    expect((csv.body as string).toUpperCase()).not.toContain(`${p.sku}-BLU-M`);
    const inv = await m.client.get<{ items: Array<{ variantId: string | null }> }>(`${m.base}/inventory?q=${encodeURIComponent(p.sku)}`);
    expect(inv.body.items.map((i) => i.variantId)).not.toContain(blueM.id);
    // The search no longer finds the product by the archived variant's SKU, still by a live one's.
    const search = async (q: string) => {
      const res = await m.client.get<{ items: Array<{ id: string }> }>(`${m.base}/products?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.items.map((i) => i.id);
    };
    expect(await search(blueM.sku)).toEqual([]);
    expect(await search(`${p.sku}-ROSSO-M`)).toEqual([p.id]);
    const shop = await client(server.url).get<{ items: Array<{ id: string }> }>(
      `/api/public/stores/${m.store.slug}/products?search=${encodeURIComponent(blueM.sku)}`,
    );
    expect(shop.body.items).toEqual([]);
  });

  it('refuses bad options with an Italian 400 and changes nothing', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { priceCents: 1000 });
    const body = { title: p.title, priceCents: 1000, sku: p.sku };
    const cases: Array<[unknown, string]> = [
      [[{ name: 'Colore', values: [] }], 'L’opzione "Colore" non ha valori: aggiungine almeno uno'],
      [[{ name: 'Colore', values: ['Rosso', 'rosso'] }], 'Il valore "rosso" è ripetuto nell’opzione "Colore"'],
      [
        [
          { name: 'Colore', values: ['Rosso'] },
          { name: 'colore', values: ['Blu'] },
        ],
        'L’opzione "colore" è ripetuta',
      ],
      [
        [
          { name: 'Colore', values: Array.from({ length: 11 }, (_, i) => `C${i}`) },
          { name: 'Taglia', values: Array.from({ length: 10 }, (_, i) => `T${i}`) },
        ],
        'Al massimo 100 varianti per prodotto: queste opzioni ne creerebbero 110. Riduci i valori.',
      ],
      [[{ name: 'Colore', values: Array.from({ length: 101 }, (_, i) => `C${i}`) }], 'Un’opzione può avere al massimo 100 valori'],
      [['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['1'] })), 'Puoi aggiungere al massimo 3 opzioni'],
    ];
    for (const [options, message] of cases) {
      for (const res of [
        await m.client.put(`${m.base}/products/${p.id}`, { ...body, options }),
        await m.client.post(`${m.base}/products`, { ...body, sku: uniqueSku(), options }),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body.error.message).toBe(message);
      }
    }
    expect(await variantRows(p.id)).toEqual([]);
  });

  it('names the SKU that collides, among the variants or with the store, and saves nothing', async () => {
    const m = await merchant(server);
    const other = await createProduct(m.client, m.base, { sku: 'GIA-USATO' });
    const sku = uniqueSku('BORSA');
    const options = [{ name: 'Colore', values: ['Rosso', 'Blu'] }];
    const twice = await m.client.post(`${m.base}/products`, {
      title: 'Borsa',
      priceCents: 1000,
      sku,
      options,
      variants: [
        { values: ['Rosso'], sku: 'STESSO' },
        { values: ['Blu'], sku: 'stesso' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.message).toBe('Lo SKU "stesso" è ripetuto tra le varianti: rendili diversi');
    const taken = await m.client.post(`${m.base}/products`, {
      title: 'Borsa',
      priceCents: 1000,
      sku,
      options,
      variants: [{ values: ['Rosso'], sku: other.sku }],
    });
    expect(taken.status).toBe(400);
    expect(taken.body.error.message).toBe('Lo SKU "GIA-USATO" è già usato da un altro prodotto o variante dello store');
    // A generated SKU that another product already holds: named too.
    await createProduct(m.client, m.base, { sku: `${sku}-BLU` });
    const generated = await m.client.post(`${m.base}/products`, { title: 'Borsa', priceCents: 1000, sku, options });
    expect(generated.status).toBe(400);
    expect(generated.body.error.message).toBe(`Lo SKU "${sku}-BLU" è già usato da un altro prodotto o variante dello store`);
    const list = await m.client.get<{ items: Array<{ title: string }> }>(`${m.base}/products`);
    expect(list.body.items.filter((i) => i.title === 'Borsa')).toEqual([]);
  });
});
