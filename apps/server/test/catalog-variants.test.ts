import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engine, startServer, type TestServer } from './harness.js';
import { createProduct, createVariant, merchant, reserve, uniqueSku } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const unitsOf = (productId: string) =>
  server.ctx.db.selectFrom('inventory').select(['id', 'variant_id', 'qty', 'reserved']).where('product_id', '=', productId).orderBy('variant_id').execute();

describe(`variants (${engine})`, () => {
  it('creates, lists, updates and deletes variants', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { priceCents: 2000, stock: 4 });
    const created = await m.client.post(`${m.base}/products/${p.id}/variants`, {
      label: ' Rosso / M ',
      sku: 'MAG-R-M',
      priceDeltaCents: -500,
      stock: 3,
      attributes: [
        { key: 'Colore', value: 'Rosso' },
        { key: 'Taglia', value: 'M' },
        { key: 'Vuoto', value: '' },
        { key: '', value: 'X' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      label: 'Rosso / M',
      sku: 'MAG-R-M',
      priceDeltaCents: -500,
      stock: 3,
      reserved: 0,
      attributes: { Colore: 'Rosso', Taglia: 'M' },
      image: null,
    });
    const vid = created.body.id;

    const list = await m.client.get(`${m.base}/products/${p.id}/variants`);
    expect(list.body.map((v: { id: string }) => v.id)).toEqual([vid]);

    const updated = await m.client.put(`${m.base}/products/${p.id}/variants/${vid}`, {
      label: 'Blu',
      sku: 'MAG-B',
      priceDeltaCents: 250,
      stock: 9,
      attributes: [{ key: 'Colore', value: 'Blu' }],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ label: 'Blu', sku: 'MAG-B', priceDeltaCents: 250, stock: 9, attributes: { Colore: 'Blu' } });
    expect((await m.client.get(`${m.base}/skus/check?sku=MAG-R-M`)).body.available).toBe(true);
    expect((await m.client.get(`${m.base}/skus/check?sku=MAG-B`)).body.available).toBe(false);
    expect((await m.client.get(`${m.base}/skus/check?sku=MAG-B&variantId=${vid}`)).body.available).toBe(true);

    expect((await m.client.del(`${m.base}/products/${p.id}/variants/${vid}`)).status).toBe(204);
    expect((await m.client.get(`${m.base}/products/${p.id}/variants`)).body).toEqual([]);
  });

  it('answers missing label or SKU with the spec message', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base);
    for (const body of [{ label: '', sku: 'A-1' }, { label: 'M', sku: '  ' }, { sku: 'A-2' }, { label: 'M' }]) {
      const res = await m.client.post(`${m.base}/products/${p.id}/variants`, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Label e SKU sono obbligatori');
    }
    const bad = await m.client.post(`${m.base}/products/${p.id}/variants`, { label: 'M', sku: 'A-3', stock: 1.5 });
    expect(bad.body.error.message).toBe('La giacenza deve essere un numero intero maggiore o uguale a 0');
    const delta = await m.client.post(`${m.base}/products/${p.id}/variants`, { label: 'M', sku: 'A-4', priceDeltaCents: 'meno' });
    expect(delta.body.error.message).toBe('Inserisci una differenza di prezzo valida, ad esempio -3,20 o 1.250,00 (al massimo 2 decimali, anche negativa)');
  });

  it('refuses a duplicate variant SKU and a final price below zero', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { priceCents: 1000, sku: 'BASE-1' });
    const dup = await m.client.post(`${m.base}/products/${p.id}/variants`, { label: 'M', sku: 'base-1' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ title: 'SKU duplicato', message: 'Questo SKU è già utilizzato da un altro prodotto. Scegli uno SKU diverso.' });
    const cheap = await m.client.post(`${m.base}/products/${p.id}/variants`, { label: 'M', sku: uniqueSku(), priceDeltaCents: -1001 });
    expect(cheap.status).toBe(400);
    expect(cheap.body.error.message).toBe('Il prezzo della variante (prezzo del prodotto più la differenza) non può essere negativo');
    await createVariant(m.client, m.base, p.id, { priceDeltaCents: -800 });
    const lower = await m.client.put(`${m.base}/products/${p.id}`, { title: 'T', priceCents: 700, sku: 'BASE-1' });
    expect(lower.status).toBe(400);
    expect(lower.body.error.message).toBe('Con questo prezzo una variante avrebbe un prezzo negativo: riduci prima la sua differenza di prezzo');
    // Two parallel variants with one SKU: one wins.
    const sku = uniqueSku('VR');
    const race = await Promise.all([1, 2].map((i) => m.client.post(`${m.base}/products/${p.id}/variants`, { label: `L${i}`, sku })));
    expect(race.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('moves the stock record to the variants and back (one record per sellable unit)', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { stock: 6 });
    expect(await unitsOf(p.id)).toMatchObject([{ variant_id: null, qty: 6 }]);

    const v1 = await createVariant(m.client, m.base, p.id, { stock: 2 });
    const v2 = await createVariant(m.client, m.base, p.id, { stock: 5 });
    const units = await unitsOf(p.id);
    expect(units).toHaveLength(2);
    expect(units.every((u) => u.variant_id !== null)).toBe(true);

    // With variants the product's own stock is ignored (the form disables it and sends 0).
    const detail = await m.client.put(`${m.base}/products/${p.id}`, { title: 'T', priceCents: 100, sku: p.sku, stock: 99 });
    expect(detail.body).toMatchObject({ inventory: null, stock: 7 });
    expect((await m.client.get(`${m.base}/products`)).body.items[0]).toMatchObject({ stock: 7, variantCount: 2 });

    await m.client.del(`${m.base}/products/${p.id}/variants/${v1.id}`);
    expect(await unitsOf(p.id)).toMatchObject([{ variant_id: v2.id, qty: 5 }]);
    await m.client.del(`${m.base}/products/${p.id}/variants/${v2.id}`);
    expect(await unitsOf(p.id)).toMatchObject([{ variant_id: null, qty: 0, reserved: 0 }]);
    const back = await m.client.get(`${m.base}/products/${p.id}`);
    expect(back.body.inventory).toMatchObject({ stock: 0, reserved: 0 });
  });

  it('never sets stock below what open orders reserve', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { stock: 10 });
    const unit = (await unitsOf(p.id))[0]!;
    await reserve(server, unit.id, 4);
    const low = await m.client.put(`${m.base}/products/${p.id}`, { title: 'T', priceCents: 100, sku: p.sku, stock: 3 });
    expect(low.status).toBe(409);
    expect(low.body.error.message).toBe('La quantità non può essere inferiore alle unità riservate da ordini aperti (4).');
    // Reserved units block turning the product into variants (they would be lost).
    const v = await m.client.post(`${m.base}/products/${p.id}/variants`, { label: 'M', sku: uniqueSku() });
    expect(v.status).toBe(409);
    expect(v.body.error.message).toMatch(/unità riservate/);
    expect(await unitsOf(p.id)).toMatchObject([{ variant_id: null, qty: 10, reserved: 4 }]);

    await reserve(server, unit.id, 0);
    const variant = await createVariant(m.client, m.base, p.id, { stock: 5 });
    await reserve(server, variant.inventoryId, 5);
    const res = await m.client.put(`${m.base}/products/${p.id}/variants/${variant.id}`, { label: 'M', sku: variant.sku, stock: 2 });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('La quantità non può essere inferiore alle unità riservate da ordini aperti (5).');
  });

  it('keeps variants inside their product and store', async () => {
    const m = await merchant(server);
    const p1 = await createProduct(m.client, m.base);
    const p2 = await createProduct(m.client, m.base);
    const v = await createVariant(m.client, m.base, p1.id);
    // A variant addressed through another product of the same store is not found.
    const res = await m.client.put(`${m.base}/products/${p2.id}/variants/${v.id}`, { label: 'X', sku: uniqueSku() });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Variante non trovata');
    expect((await m.client.del(`${m.base}/products/${p2.id}/variants/${v.id}`)).status).toBe(404);
    expect((await m.client.post(`${m.base}/products/nessuno/variants`, { label: 'X', sku: uniqueSku() })).body.error.message).toBe('Prodotto non trovato');
  });

  it('deleting a product removes its variants, stock and SKUs', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base);
    const v = await createVariant(m.client, m.base, p.id, { sku: 'VIA-1' });
    expect((await m.client.del(`${m.base}/products/${p.id}`)).status).toBe(204);
    expect(await server.ctx.db.selectFrom('product_variants').select('id').where('id', '=', v.id).execute()).toEqual([]);
    expect(await unitsOf(p.id)).toEqual([]);
    expect((await m.client.get(`${m.base}/skus/check?sku=VIA-1`)).body.available).toBe(true);
  });
});
