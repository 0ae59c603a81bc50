import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductInput } from '@vetrina/shared';
import { WITHDRAWAL_EXCLUSION_LABELS } from '@vetrina/shared/returns';
import { client, engine, startServer, type TestServer } from './harness.js';
import { createProduct, merchant, uniqueSku } from './catalog-fixtures.js';

let server: TestServer;
let m: Awaited<ReturnType<typeof merchant>>;
beforeAll(async () => {
  server = await startServer();
  m = await merchant(server, 'Bottega Recesso');
});
afterAll(async () => {
  await server.close();
});

const publicProduct = (slug: string) => client(server.url).get(`/api/public/stores/${m.store.slug}/products/${slug}`);
const column = async (id: string) =>
  (await server.ctx.db.selectFrom('products').select('withdrawal_exclusion').where('id', '=', id).executeTakeFirstOrThrow()).withdrawal_exclusion;
const body = (over: Partial<ProductInput> = {}): Partial<ProductInput> => ({
  title: 'Torta su ordinazione',
  priceCents: 2500,
  sku: uniqueSku('TOR'),
  status: 'active',
  ...over,
});

describe(`'Escluso dal recesso' (${engine})`, () => {
  it('a new product may be withdrawn; the storefront shows no exclusion', async () => {
    const p = await createProduct(m.client, m.base, body());
    expect(p.withdrawalExclusion).toBeNull();
    expect((await publicProduct(p.slug)).body.product.withdrawalExclusion).toBeNull();
  });

  it('round-trips through create, update and the public product with its Italian label', async () => {
    const created = await m.client.post(`${m.base}/products`, body({ withdrawalExclusion: 'perishable' }));
    expect(created.status).toBe(201);
    expect(created.body.withdrawalExclusion).toBe('perishable');
    const { id, slug, sku } = created.body;
    expect(await column(id)).toBe('perishable');
    expect((await m.client.get(`${m.base}/products/${id}`)).body.withdrawalExclusion).toBe('perishable');
    expect((await publicProduct(slug)).body.product.withdrawalExclusion).toBe('Prodotto deperibile: escluso dal recesso');

    // The page the server renders says it beside 'Aggiungi al carrello'.
    const html = await (await fetch(`${server.url}/store/${m.store.slug}/products/${slug}`)).text();
    expect(html).toMatch(/data-testid="withdrawal-exclusion"[^>]*>[\s\S]*?Prodotto deperibile: escluso dal recesso/);

    const changed = await m.client.put(`${m.base}/products/${id}`, body({ sku, withdrawalExclusion: 'custom' }));
    expect(changed.status).toBe(200);
    expect(changed.body.withdrawalExclusion).toBe('custom');
    expect((await publicProduct(slug)).body.product.withdrawalExclusion).toBe(WITHDRAWAL_EXCLUSION_LABELS.custom);

    // An update that does not name it keeps it (the CSV import and older clients send no such field).
    const kept = await m.client.put(`${m.base}/products/${id}`, body({ sku, title: 'Torta personalizzata' }));
    expect(kept.body.withdrawalExclusion).toBe('custom');

    const cleared = await m.client.put(`${m.base}/products/${id}`, body({ sku, withdrawalExclusion: null }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.withdrawalExclusion).toBeNull();
    expect(await column(id)).toBeNull();
    expect((await publicProduct(slug)).body.product.withdrawalExclusion).toBeNull();
  });

  it('a duplicate keeps the exclusion', async () => {
    const p = await createProduct(m.client, m.base, body({ withdrawalExclusion: 'sealed' }));
    const copy = await m.client.post(`${m.base}/products/${p.id}/duplicate`, {});
    expect(copy.status).toBe(201);
    expect(copy.body.withdrawalExclusion).toBe('sealed');
  });

  it('refuses an unknown reason with the Italian message and changes nothing; another store’s member gets 404', async () => {
    const p = await createProduct(m.client, m.base, body({ withdrawalExclusion: 'sealed' }));
    for (const reason of ['usato', 1, true]) {
      const res = await m.client.put(`${m.base}/products/${p.id}`, { ...body({ sku: p.sku }), withdrawalExclusion: reason });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Motivo di esclusione dal recesso non valido');
    }
    const other = await merchant(server, 'Altro Negozio');
    expect((await other.client.put(`${m.base}/products/${p.id}`, body({ sku: p.sku, withdrawalExclusion: null }))).status).toBe(404);
    expect(await column(p.id)).toBe('sealed');
  });
});
