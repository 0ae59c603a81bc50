import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountPercent, type ProductDetail, type ProductInput, type StorefrontProductCard, type StorefrontProductDetail } from '@vetrina/shared';
import { createProduct, createVariant, merchant, uniqueSku } from './catalog-fixtures.js';
import { client, engine, startServer, type TestServer } from './harness.js';

/**
 * Sale prices ('Prezzo pieno'): stored on products and variants, refused when not above the
 * selling price (nothing saved), shown by the storefront's cards and product page, never charged
 * and never advertised as the offer price to search engines.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const NOT_ABOVE = 'Il prezzo pieno deve essere maggiore del prezzo di vendita';
// Cast: some tests send values the schema refuses on purpose.
const productInput = (over: Record<string, unknown> = {}) =>
  ({ title: 'Borsa in pelle', priceCents: 4000, sku: uniqueSku('SALE'), status: 'active', ...over }) as ProductInput;

const productRow = (id: string) =>
  server.ctx.db.selectFrom('products').select(['price_cents', 'compare_at_cents']).where('id', '=', id).executeTakeFirstOrThrow();
const variantRows = (productId: string) =>
  server.ctx.db
    .selectFrom('product_variants')
    .select(['id', 'label', 'price_delta_cents', 'compare_at_cents'])
    .where('product_id', '=', productId)
    .orderBy('created_at')
    .execute();

async function storefront(slug: string) {
  const shop = client(server.url);
  return {
    cards: async () => {
      const res = await shop.get<{ items: StorefrontProductCard[] }>(`/api/public/stores/${slug}/products`);
      expect(res.status).toBe(200);
      return res.body.items;
    },
    card: async (title: string) => {
      const res = await shop.get<{ items: StorefrontProductCard[] }>(`/api/public/stores/${slug}/products`);
      return res.body.items.find((c) => c.title === title);
    },
    product: async (ref: string) => {
      const res = await shop.get<{ product: StorefrontProductDetail }>(`/api/public/stores/${slug}/products/${ref}`);
      expect(res.status).toBe(200);
      return res.body.product;
    },
  };
}

describe(`sale prices: products (${engine})`, () => {
  it('stores a compare-at price, returns it to the dashboard and the storefront, and clears it', async () => {
    const m = await merchant(server, 'Pelletteria Saldi');
    const shop = await storefront(m.store.slug);
    const p = await createProduct(m.client, m.base, productInput({ compareAtCents: 5000 }));
    expect(p.compareAtCents).toBe(5000);
    expect(await productRow(p.id)).toEqual({ price_cents: 4000, compare_at_cents: 5000 });

    const list = await m.client.get<{ items: ProductDetail[] }>(`${m.base}/products`);
    expect(list.body.items.find((i) => i.id === p.id)?.compareAtCents).toBe(5000);

    const card = await shop.card('Borsa in pelle');
    expect(card).toMatchObject({ priceCents: 4000, compareAtCents: 5000, priceVaries: false });
    expect(discountPercent(card!.priceCents, card!.compareAtCents)).toBe(20);
    expect(await shop.product(p.slug)).toMatchObject({ priceCents: 4000, compareAtCents: 5000 });

    // The suggestions (a compact list) show the selling price only.
    const suggestions = await client(server.url).get(`/api/public/stores/${m.store.slug}/suggestions?q=borsa`);
    expect(suggestions.body.items[0]).toMatchObject({ title: 'Borsa in pelle', priceCents: 4000 });

    // Saving without it (the form's empty field) ends the sale, on the storefront at once.
    const cleared = await m.client.put<ProductDetail>(`${m.base}/products/${p.id}`, productInput({ sku: p.sku, compareAtCents: null }));
    expect(cleared.status).toBe(200);
    expect(cleared.body.compareAtCents).toBeNull();
    expect(await productRow(p.id)).toEqual({ price_cents: 4000, compare_at_cents: null });
    expect((await shop.card('Borsa in pelle'))?.compareAtCents).toBeNull();
    expect((await shop.product(p.slug)).compareAtCents).toBeNull();
  });

  it('refuses a compare-at price not above the price, with the Italian message, and saves nothing', async () => {
    const m = await merchant(server);
    for (const compareAtCents of [4000, 3000]) {
      const res = await m.client.post(`${m.base}/products`, productInput({ title: 'Mai creata', compareAtCents }));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ message: NOT_ABOVE, field: 'compareAtCents' });
    }
    const none = await m.client.get<{ items: unknown[] }>(`${m.base}/products`);
    expect(none.body.items).toHaveLength(0);

    const p = await createProduct(m.client, m.base, productInput({ compareAtCents: 5000 }));
    // A price raised to the compare-at, or a compare-at lowered under the price: both refused.
    for (const change of [{ priceCents: 5000 }, { compareAtCents: 3999 }, { compareAtCents: -1 }]) {
      const res = await m.client.put(`${m.base}/products/${p.id}`, productInput({ sku: p.sku, compareAtCents: 5000, title: 'Cambiata', ...change }));
      expect(res.status, JSON.stringify(change)).toBe(400);
    }
    const bad = await m.client.put(`${m.base}/products/${p.id}`, productInput({ sku: p.sku, compareAtCents: 4000 }));
    expect(bad.body.error.message).toBe(NOT_ABOVE);
    expect(await productRow(p.id)).toEqual({ price_cents: 4000, compare_at_cents: 5000 });
    expect((await m.client.get(`${m.base}/products/${p.id}`)).body.title).toBe('Borsa in pelle');
  });
});

describe(`sale prices: variants (${engine})`, () => {
  it('a variant follows the product’s compare-at plus its difference, or has its own', async () => {
    const m = await merchant(server, 'Maglieria Saldi');
    const shop = await storefront(m.store.slug);
    const p = await createProduct(m.client, m.base, productInput({ title: 'Maglione', compareAtCents: 5000 }));
    const s = await createVariant(m.client, m.base, p.id, { label: 'S', priceDeltaCents: 0 });
    const xl = await createVariant(m.client, m.base, p.id, { label: 'XL', priceDeltaCents: 500 });
    const xxl = await createVariant(m.client, m.base, p.id, { label: 'XXL', priceDeltaCents: 1000, compareAtCents: 9000 });
    expect([s.compareAtCents, xl.compareAtCents, xxl.compareAtCents]).toEqual([null, null, 9000]);

    const detail = await shop.product(p.slug);
    expect(detail.variants.map((v) => [v.label, v.priceCents, v.compareAtCents])).toEqual([
      ['S', 4000, 5000],
      ['XL', 4500, 5500],
      ['XXL', 5000, 9000],
    ]);
    // The card's "da" price is the cheapest variant's, with that variant's compare-at.
    expect(await shop.card('Maglione')).toMatchObject({ priceCents: 4000, priceVaries: true, compareAtCents: 5000 });

    // The cheapest variant without a sale: the card promises none, though another variant is on sale.
    await m.client.put(`${m.base}/products/${p.id}`, productInput({ title: 'Maglione', sku: p.sku, compareAtCents: null }));
    expect(await shop.card('Maglione')).toMatchObject({ priceCents: 4000, compareAtCents: null });
    const after = await shop.product(p.slug);
    expect(after.variants.map((v) => v.compareAtCents)).toEqual([null, null, 9000]);

    // The cheapest variant gets its own: the card shows it.
    const ownS = await m.client.put(`${m.base}/products/${p.id}/variants/${s.id}`, { label: 'S', sku: s.sku, stock: 5, compareAtCents: 4800 });
    expect(ownS.status).toBe(200);
    expect(ownS.body.compareAtCents).toBe(4800);
    expect(await shop.card('Maglione')).toMatchObject({ priceCents: 4000, compareAtCents: 4800 });

    // Clearing a variant's own compare-at.
    const cleared = await m.client.put(`${m.base}/products/${p.id}/variants/${xxl.id}`, { label: 'XXL', sku: xxl.sku, priceDeltaCents: 1000, stock: 5 });
    expect(cleared.body.compareAtCents).toBeNull();
    expect((await shop.product(p.slug)).variants.map((v) => v.compareAtCents)).toEqual([4800, null, null]);
  });

  it('refuses a variant compare-at not above the variant’s own price (product price plus difference)', async () => {
    const m = await merchant(server);
    const p = await createProduct(m.client, m.base, productInput({ compareAtCents: 5000 }));
    const v = await createVariant(m.client, m.base, p.id, { label: 'Grande', priceDeltaCents: 1000, compareAtCents: 6000 });

    // 4500 is above the product's price (40 €) but not above the variant's (50 €).
    const created = await m.client.post(`${m.base}/products/${p.id}/variants`, {
      label: 'Enorme',
      sku: uniqueSku('V'),
      priceDeltaCents: 1000,
      compareAtCents: 4500,
    });
    expect(created.status).toBe(400);
    // it-IT money has a no-break space before '€'.
    expect(created.body.error.message.replace(/\s/g, ' ')).toBe(
      'Il prezzo pieno della variante deve essere maggiore del suo prezzo di vendita (50,00 €, cioè il prezzo del prodotto più la differenza)',
    );
    expect(created.body.error.field).toBe('compareAtCents');

    const updated = await m.client.put(`${m.base}/products/${p.id}/variants/${v.id}`, {
      label: 'Cambiata',
      sku: v.sku,
      priceDeltaCents: 2000,
      compareAtCents: 6000,
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.message.replace(/\s/g, ' ')).toContain('(60,00 €, cioè');
    expect(await variantRows(p.id)).toEqual([{ id: v.id, label: 'Grande', price_delta_cents: 1000, compare_at_cents: 6000 }]);

    // Raising the product's price to where the variant's own compare-at would no longer be above it.
    const raised = await m.client.put(`${m.base}/products/${p.id}`, productInput({ sku: p.sku, priceCents: 5000, compareAtCents: 7000 }));
    expect(raised.status).toBe(400);
    expect(raised.body.error.message).toBe(
      'Con questo prezzo una variante costerebbe quanto o più del suo prezzo pieno: modifica prima il prezzo pieno della variante',
    );
    expect(await productRow(p.id)).toEqual({ price_cents: 4000, compare_at_cents: 5000 });
  });
});

describe(`sale prices on the pages (${engine})`, () => {
  it('the product page shows the struck price and the discount, and search engines get the selling price', async () => {
    const m = await merchant(server, 'Bottega Saldi');
    const p = await createProduct(m.client, m.base, productInput({ title: 'Zaino tela', compareAtCents: 5000, stock: 3 }));
    const html = await (await fetch(`${server.url}/store/${m.store.slug}/products/${p.slug}`)).text();
    const text = html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ');
    expect(text).toMatch(/Prezzo pieno\s+50,00\s€/);
    expect(text).toContain('-20%');
    const product = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((b) => JSON.parse(b[1]!) as Record<string, any>)
      .find((b) => b['@type'] === 'Product');
    expect(product?.offers).toMatchObject({ '@type': 'Offer', price: '40.00', priceCurrency: 'EUR' });
    expect(html).toContain('<meta property="product:price:amount" content="40.00">');
    expect(html).not.toContain('content="50.00"');

    const list = await (await fetch(`${server.url}/store/${m.store.slug}/products`)).text();
    expect(list.replace(/<[^>]+>/g, ' ')).toContain('-20%');
  });
});
