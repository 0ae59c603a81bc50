import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiErrorBodySchema,
  categoryListSchema,
  inventoryListSchema,
  meResponseSchema,
  productDetailSchema,
  productListItemSchema,
  productListPageSchema,
  publicStoreResponseSchema,
  storeSummarySchema,
  storefrontProductPageSchema,
  storefrontProductResponseSchema,
  storefrontSuggestionsResponseSchema,
  storefrontProductsQuerySchema,
  teamMembersResponseSchema,
  variantListSchema,
} from '@vetrina/shared';
import { storefrontService } from '../src/modules/storefront/service.js';
import { createCategory, createProduct, createVariant, merchant, uploadImages } from './catalog-fixtures.js';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';

interface Operation {
  tags?: string[];
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema?: { type?: string; anyOf?: unknown[]; properties?: Record<string, unknown> } }> }
  >;
}

let server: TestServer;
let doc: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  server = await startServer();
  doc = (await client(server.url).get('/api/docs/json')).body;
});
afterAll(async () => {
  await server.close();
});

const keys = (o: object) => Object.keys(o).sort();

describe(`response schemas (${engine})`, () => {
  it('the API document shows the success answer and the shared error shape of every route', async () => {
    const missing: string[] = [];
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') && !['/healthz', '/readyz'].includes(path)) continue;
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        checked++;
        const success = Object.entries(op.responses).filter(([status]) => /^2\d\d$/.test(status));
        if (success.length === 0) missing.push(`${name}: no success answer`);
        for (const [status, answer] of success) {
          const schema = answer.content?.['application/json']?.schema;
          // A file download (the CSV exports) is documented as its own type instead.
          const file =
            answer.content?.['text/csv']?.schema ??
            answer.content?.['application/zip']?.schema ??
            answer.content?.['application/xml']?.schema ??
            answer.content?.['text/html']?.schema;
          if (status !== '204' && !file?.type && !schema?.type && !schema?.anyOf) missing.push(`${name}: ${status} has no JSON schema`);
        }
        const error = op.responses['4XX']?.content?.['application/json']?.schema?.properties;
        if (!error?.error) missing.push(`${name}: no 4XX error shape`);
      }
    }
    expect(missing).toEqual([]);
    // Every /api route (account, stores, team, messages, orders, themes, catalogue, storefront) and
    // the health probes: a vanished route shows here.
    expect(checked).toBeGreaterThanOrEqual(77);
  });

  it('documents the sitemaps and robots.txt as text and stored files as binary, not JSON', async () => {
    expect(Object.keys(doc.paths['/sitemap.xml']!.get!.responses['200']!.content ?? {})).toEqual(['application/xml']);
    expect(Object.keys(doc.paths['/robots.txt']!.get!.responses['200']!.content ?? {})).toEqual(['text/plain']);
    // Stored files (local driver) are streamed as they are; only a missing one is JSON, the shared error.
    const files = Object.entries(doc.paths).find(([path]) => path.startsWith('/files/'))?.[1].get;
    expect(Object.keys(files?.responses['200']?.content ?? {})).toContain('image/webp');
    expect(files?.responses['4XX']?.content?.['application/json']?.schema?.properties?.error).toBeDefined();
  });

  it('sends only what the schema names: the contact form answer keeps the guest’s details on the server', async () => {
    const owner = await createUser(server);
    const store = await createStoreFor(server, owner.id, 'Bottega Schemi');
    const sent = await client(server.url).post(`/api/public/stores/${store.slug}/messages`, {
      customerName: 'Lia Verdi',
      customerEmail: 'lia@example.it',
      message: 'Avete la taglia S?',
    });
    expect(sent.status).toBe(201);
    // The handler hands over the whole stored message; the schema lets out its id and time only.
    expect(keys(sent.body)).toEqual(['message']);
    expect(keys(sent.body.message)).toEqual(['createdAt', 'id']);
    const stored = await owner.client.get(`/api/stores/${store.id}/messages`);
    expect(stored.body.items[0]).toMatchObject({ id: sent.body.message.id, customerEmail: 'lia@example.it' });
  });

  it('the account answer has no password hash or internal column, and parses with the schema the web app uses', async () => {
    const user = await createUser(server);
    await createStoreFor(server, user.id, 'Negozio Profilo');
    const me = await user.client.get('/api/me');
    expect(me.status).toBe(200);
    expect(keys(me.body.user)).toEqual(['createdAt', 'email', 'emailVerified', 'id']);
    expect(JSON.stringify(me.body)).not.toMatch(/password|hash|owner_id|active_store_id/i);
    expect(keys(me.body.activeStore)).toEqual(keys(storeSummarySchema.shape));
    expect(meResponseSchema.safeParse(me.body).success).toBe(true);

    const team = await user.client.get(`/api/stores/${me.body.activeStore.id}/team/members`);
    expect(teamMembersResponseSchema.safeParse(team.body).success).toBe(true);
    expect(JSON.stringify(team.body)).not.toMatch(/password|hash/i);
  });

  it('failures keep the shared error shape, field included', async () => {
    const user = await createUser(server);
    const missing = await user.client.get('/api/stores/non-esiste');
    expect(missing.status).toBe(404);
    expect(apiErrorBodySchema.safeParse(missing.body).success).toBe(true);
    expect(keys(missing.body)).toEqual(['error']);
    expect(missing.body.error).toMatchObject({ code: 'not_found' });
    const bad = await client(server.url).post('/api/auth/login', { email: 'non-una-email', password: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'validation', message: 'Email non valida', field: 'email' } });
  });

  it('a product answer names only the product: no store id, search words or stored file keys, on every catalogue read', async () => {
    const m = await merchant(server, 'Bottega Colonne');
    const category = await createCategory(m.client, m.base, 'Ceramiche');
    const [image] = await uploadImages(m.client, m.base, 1);
    const created = await createProduct(m.client, m.base, {
      title: 'Vaso smaltato blu',
      description: 'Fatto a mano',
      categoryId: category.id,
      imageIds: [image!.id],
    });
    await createVariant(m.client, m.base, created.id, { label: 'Grande', attributes: [{ key: 'misura', value: 'L' }] });
    // Internal columns of the rows behind these answers (products, product_images, product_search, inventory).
    const internal = /store_id|storeId|sort_title|price_from|title_terms|meta_terms|body_terms|indexed_version|image_urls|storage_key|thumb_key|srcset/;

    const detail = await m.client.get(`${m.base}/products/${created.id}`);
    expect(detail.status).toBe(200);
    expect(keys(detail.body)).toEqual(keys(productDetailSchema.shape));
    expect(keys(detail.body.images[0])).toEqual(['id', 'thumbUrl', 'url']);
    expect(JSON.stringify(detail.body)).not.toMatch(internal);
    expect(productDetailSchema.safeParse(detail.body).success).toBe(true);

    const list = await m.client.get(`${m.base}/products?q=vaso`);
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { id: string }) => p.id)).toEqual([created.id]);
    expect(keys(list.body.items[0])).toEqual(keys(productListItemSchema.shape));
    expect(JSON.stringify(list.body)).not.toMatch(internal);
    expect(productListPageSchema.safeParse(list.body).success).toBe(true);

    for (const [path, schema] of [
      [`/products/${created.id}/variants`, variantListSchema],
      ['/inventory', inventoryListSchema],
      ['/categories', categoryListSchema],
    ] as const) {
      const res = await m.client.get(m.base + path);
      expect(res.status, path).toBe(200);
      expect(JSON.stringify(res.body), path).not.toMatch(internal);
      expect(schema.safeParse(res.body).success, path).toBe(true);
    }
  });

  it('the storefront sends its cached JSON text byte for byte, and that text parses with the schemas the pages use', async () => {
    const m = await merchant(server, 'Bottega Vetrina Schemi');
    const category = await createCategory(m.client, m.base, 'Tessuti');
    const product = await createProduct(m.client, m.base, { title: 'Sciarpa di lana', status: 'active', categoryId: category.id, stock: 3 });
    const base = `/api/public/stores/${m.store.slug}`;
    const service = storefrontService(server.ctx);
    const query = storefrontProductsQuerySchema.parse({ search: 'sciarpa' });
    const answers = [
      { path: base, schema: publicStoreResponseSchema, text: async () => (await service.store(m.store.slug)).text },
      { path: `${base}/products?search=sciarpa`, schema: storefrontProductPageSchema, text: async () => (await service.products(m.store.slug, query)).text },
      {
        path: `${base}/products/${product.slug}`,
        schema: storefrontProductResponseSchema,
        text: async () => (await service.product(m.store.slug, product.slug)).text,
      },
      {
        path: `${base}/suggestions?q=sciar`,
        schema: storefrontSuggestionsResponseSchema,
        text: async () => (await service.suggestions(m.store.slug, { q: 'sciar' })).text,
      },
    ];
    for (const a of answers) {
      const res = await fetch(server.url + a.path);
      expect(res.status, a.path).toBe(200);
      expect(res.headers.get('content-type'), a.path).toBe('application/json; charset=utf-8');
      const text = await res.text();
      // The same text the service keeps in the storefront cache (the server-rendered pages read it too).
      expect(text, a.path).toBe(await a.text());
      const parsed = a.schema.safeParse(JSON.parse(text));
      expect(parsed.success, a.path).toBe(true);
      expect(text, a.path).not.toMatch(/store_id|sort_title|price_from|storage_key|"status"/);
    }
    const page = storefrontProductPageSchema.parse(JSON.parse(await (await fetch(`${server.url}${base}/products?search=sciarpa`)).text()));
    expect(page).toMatchObject({
      total: 1,
      totalCapped: false,
      hasMore: false,
      nextCursor: null,
      items: [{ id: product.id, title: 'Sciarpa di lana', soldOut: false }],
    });
  });
});
