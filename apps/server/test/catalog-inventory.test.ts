import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../src/lib/clock.js';
import { engine, startServer, type TestServer } from './harness.js';
import { createProduct, createVariant, member, merchant, reserve } from './catalog-fixtures.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

describe(`inventory (${engine})`, () => {
  it('lists one row per sellable unit with the store totals', async () => {
    const m = await merchant(server);
    const solo = await createProduct(m.client, m.base, { title: 'Moka', sku: 'MOKA-6', stock: 10 });
    clock.advance(1000);
    const shirt = await createProduct(m.client, m.base, { title: 'Maglietta', sku: 'MAG' });
    const s = await createVariant(m.client, m.base, shirt.id, { label: 'Taglia S', sku: 'MAG-S', stock: 3 });
    await createVariant(m.client, m.base, shirt.id, { label: 'Taglia M', sku: 'MAG-M', stock: 0 });
    await reserve(server, s.inventoryId, 2);
    const soloUnit = (await m.client.get(`${m.base}/products/${solo.id}`)).body.inventory;
    await reserve(server, soloUnit.id, 1);

    const res = await m.client.get(`${m.base}/inventory`);
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({ total: 13, reserved: 3, available: 10 });
    expect(res.body.total).toBe(3);
    expect(
      res.body.items.map((i: { productTitle: string; variantLabel: string | null; sku: string; qty: number; available: number }) => [
        i.productTitle,
        i.variantLabel,
        i.sku,
        i.qty,
        i.available,
      ]),
    ).toEqual([
      ['Maglietta', 'Taglia S', 'MAG-S', 3, 1],
      ['Maglietta', 'Taglia M', 'MAG-M', 0, 0],
      ['Moka', null, 'MOKA-6', 10, 9],
    ]);
  });

  it('searches by product, variant or SKU', async () => {
    const m = await merchant(server);
    await createProduct(m.client, m.base, { title: 'Borraccia termica', sku: 'BOR-750', stock: 1 });
    const shirt = await createProduct(m.client, m.base, { title: 'Felpa', sku: 'FEL' });
    await createVariant(m.client, m.base, shirt.id, { label: 'Grigio antracite', sku: 'FEL-GRI' });
    await createVariant(m.client, m.base, shirt.id, { label: 'Blu', sku: 'FEL-BLU' });
    const find = async (q: string) =>
      (await m.client.get(`${m.base}/inventory?q=${encodeURIComponent(q)}`)).body.items.map((i: { sku: string }) => i.sku).sort();
    expect(await find('TERMICA')).toEqual(['BOR-750']);
    expect(await find('antracite')).toEqual(['FEL-GRI']);
    expect(await find('fel-blu')).toEqual(['FEL-BLU']);
    expect(await find('felpa')).toEqual(['FEL-BLU', 'FEL-GRI']);
    expect(await find('_')).toEqual([]);
  });

  it('edits a quantity within its bounds', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, { stock: 5 });
    const unit = (await m.client.get(`${m.base}/products/${p.id}`)).body.inventory;
    const ok = await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 12 });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: unit.id, qty: 12, reserved: 0, available: 12 });
    expect((await m.client.get(`${m.base}/products/${p.id}`)).body.stock).toBe(12);
    expect((await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 0 })).body.qty).toBe(0);

    for (const qty of [1.5, 'dieci', null]) {
      const bad = await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty });
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toBe('La quantità deve essere un numero intero maggiore o uguale a 0');
    }
    expect((await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 1_000_001 })).status).toBe(400);

    // A negative quantity is refused with its own reason, never clamped to 0.
    await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 3 });
    for (const qty of [-1, -40]) {
      const negative = await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty });
      expect(negative.status).toBe(400);
      expect(negative.body.error.message).toBe('La quantità non può essere negativa');
    }
    expect((await m.client.get(`${m.base}/products/${p.id}`)).body.stock).toBe(3);

    await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 8 });
    await reserve(server, unit.id, 6);
    const below = await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 5 });
    expect(below.status).toBe(409);
    expect(below.body.error.message).toBe('La quantità non può essere inferiore alle unità riservate da ordini aperti (6).');
    expect((await m.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 6 })).body).toMatchObject({ qty: 6, reserved: 6, available: 0 });
  });

  it('lets staff edit stock, keeps other stores out and paginates', async () => {
    const m = await merchant(server);
    const staff = await member(server, m.store.id, 'staff');
    const p = await createProduct(m.client, m.base, { stock: 1 });
    const unit = (await m.client.get(`${m.base}/products/${p.id}`)).body.inventory;
    expect((await staff.client.patch(`${m.base}/inventory/${unit.id}`, { qty: 4 })).status).toBe(200);

    const other = await merchant(server);
    const theirs = await other.client.patch(`${other.base}/inventory/${unit.id}`, { qty: 99 });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error.message).toBe('Articolo di magazzino non trovato');
    expect((await m.client.get(`${m.base}/products/${p.id}`)).body.stock).toBe(4);

    for (let i = 0; i < 51; i++) await createProduct(m.client, m.base);
    const page1 = await m.client.get(`${m.base}/inventory`);
    expect(page1.body.items).toHaveLength(50);
    expect(page1.body.total).toBe(52);
    expect((await m.client.get(`${m.base}/inventory?page=2`)).body.items).toHaveLength(2);
  });
});
