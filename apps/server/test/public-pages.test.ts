import { pathToFileURL } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createUser, engine, rawGet, startServer, type Client, type TestServer } from './harness.js';
import { publicRendererFile } from '../src/paths.js';

/**
 * The storefront and the public site as crawlers and phones receive them: server-rendered HTML with
 * the data, meta, Open Graph and JSON-LD of each page, the right status codes, nothing reflected
 * unescaped. The browser side (hydration) is covered by e2e/public-pages.spec.ts.
 */
const PUBLIC_URL = 'https://negozi.example.it';
const HOSTILE = `</script><script>alert("x")</script>'"&<b>`;

interface Page {
  status: number;
  html: string;
  headers: Headers;
}

describe(`pages rendered on the server (${engine})`, () => {
  let server: TestServer;
  let merchant: Client;
  let get: (path: string) => Promise<Page>;
  let store: { id: string; slug: string; name: string };
  let lamp: { id: string; slug: string };
  let shade: { id: string; slug: string };
  let draft: { id: string; slug: string };
  let category: { id: string; slug: string };
  let hostileStore: { id: string; slug: string; name: string };
  let hostileProduct: { id: string; slug: string };

  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL });
    get = async (path) => {
      const res = await fetch(server.url + path, { redirect: 'manual' });
      return { status: res.status, html: await res.text(), headers: res.headers };
    };
    ({ client: merchant } = await createUser(server));
    const created = async <T>(path: string, body: unknown): Promise<T> => {
      const res = await merchant.post<T>(path, body);
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(201);
      return res.body;
    };
    store = await created('/api/stores', { name: 'Bottega della Luce' });
    const api = (p: string) => `/api/stores/${store.id}${p}`;
    category = await created(api('/categories'), { name: 'Lampade da tavolo' });
    const photo = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'lampada.jpg');
    const upload = await merchant.post<{ images: Array<{ id: string }> }>(api('/product-images'), form);
    expect(upload.status).toBe(201);
    lamp = await created(api('/products'), {
      title: 'Lampada Àurea',
      description: 'Ottone spazzolato e vetro soffiato a mano. Luce calda, perfetta sul comodino.',
      priceCents: 8900,
      sku: 'LAMP-AUREA',
      categoryId: category.id,
      status: 'active',
      imageIds: upload.body.images.map((i) => i.id),
    });
    await created(api(`/products/${lamp.id}/variants`), {
      label: 'Piccola',
      sku: 'LAMP-AUREA-S',
      priceDeltaCents: 0,
      stock: 4,
      attributes: [{ key: 'Misura', value: 'Piccola' }],
    });
    await created(api(`/products/${lamp.id}/variants`), {
      label: 'Grande',
      sku: 'LAMP-AUREA-L',
      priceDeltaCents: 3000,
      stock: 2,
      attributes: [{ key: 'Misura', value: 'Grande' }],
    });
    shade = await created(api('/products'), { title: 'Paralume Lino', priceCents: 1500, sku: 'SHADE-1', stock: 0, categoryId: category.id, status: 'active' });
    draft = await created(api('/products'), { title: 'Prototipo Segreto', priceCents: 100, sku: 'DRAFT-1', stock: 3, status: 'draft' });

    hostileStore = await created('/api/stores', { name: `Negozio ${HOSTILE}`.slice(0, 60) });
    hostileProduct = await created(`/api/stores/${hostileStore.id}/products`, {
      title: `Titolo ${HOSTILE}`,
      description: `Descrizione ${HOSTILE}`,
      priceCents: 1000,
      sku: 'HOSTILE-1',
      stock: 2,
      status: 'active',
    });
  });
  afterAll(() => server?.close());

  const home = () => `/store/${store.slug}`;

  /** The JSON-LD blocks of a page, each parsed (a block that does not parse fails the test). */
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, any>);
  const meta = (html: string, key: string) => {
    const m = new RegExp(`<meta (?:name|property)="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html);
    return m
      ? m[1]!
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
      : undefined;
  };
  const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
  const embedded = (html: string) =>
    JSON.parse(/<script type="application\/json" id="vetrina-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null') as { cache: Record<string, unknown> };
  /** What the page shows before any script runs: the body's text. */
  const bodyText = (html: string) =>
    (/<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(html)?.[1] ?? '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/&nbsp;|\u00a0/g, ' ')
      .replace(/&#39;/g, "'")
      .replace(/\s+/g, ' ');

  it('the product page arrives with title, description, price, availability, variants and images in the HTML', async () => {
    const page = await get(`${home()}/products/${lamp.slug}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const text = bodyText(page.html);
    expect(text).toContain('Lampada Àurea');
    expect(text).toContain('Ottone spazzolato e vetro soffiato a mano.');
    expect(text).toMatch(/da\s*89,00\s*€|89,00\s*€/);
    expect(text).toContain('Piccola');
    expect(text).toContain('Grande');
    expect(text).toContain('Bottega della Luce');
    expect(text).toContain('Lampade da tavolo');
    // The main picture: responsive, its space reserved, fetched first.
    const img = /<img [^>]*srcset="([^"]+)"[^>]*>/.exec(page.html);
    expect(img, 'a responsive <img>').not.toBeNull();
    expect(img![0]).toMatch(/width="\d+"/);
    expect(img![0]).toMatch(/height="\d+"/);
    expect(img![0]).toMatch(/fetchpriority="high"/i);
    expect(img![0]).not.toContain('loading="lazy"');
    expect(img![1]).toMatch(/ 320w, .* 640w, .* 1200w/);
    expect(page.html).toMatch(/<link rel="preload" as="image" fetchpriority="high" [^>]*imagesrcset="[^"]*320w/);
    // The theme's font (Moderno: Inter, Latin subset) is preloaded from the head, at the address the
    // public build serves it from.
    const font = /<link rel="preload" as="font" type="font\/woff2" href="(\/p\/inter-latin-wght-normal-[\w-]+\.woff2)" crossorigin>/.exec(page.html);
    expect(font, 'the font preload').not.toBeNull();
    const served = await fetch(server.url + font![1]);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    // The data the page was rendered with travels once, for hydration.
    const data = embedded(page.html);
    expect(JSON.stringify(data.cache)).toContain('LAMP-AUREA');
  });

  it('listings show the cards with prices and the "Esaurito" badge; the category page its products', async () => {
    for (const path of [home(), `${home()}/products`, `${home()}/products?search=paralume`, `${home()}/category/${category.slug}`]) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      const text = bodyText(page.html);
      expect(text, path).toContain('Paralume Lino');
      expect(text, path).toContain('15,00');
      expect(text, path).toContain('Esaurito');
      if (!path.includes('search')) expect(text, path).toContain('Lampada Àurea');
      expect(text, path).not.toContain('Prototipo Segreto');
      expect(page.html, path).toContain(`href="${home()}/products/${shade.slug}"`);
    }
  });

  it('every page has its title, description, canonical URL on PUBLIC_URL, Open Graph and a Twitter card', async () => {
    const product = await get(`${home()}/products/${lamp.slug}`);
    expect(title(product.html)).toBe('Lampada Àurea · Bottega della Luce');
    expect(meta(product.html, 'description')).toBe('Ottone spazzolato e vetro soffiato a mano. Luce calda, perfetta sul comodino.');
    expect(canonical(product.html)).toBe(`${PUBLIC_URL}${home()}/products/${lamp.slug}`);
    expect(meta(product.html, 'og:title')).toBe('Lampada Àurea · Bottega della Luce');
    expect(meta(product.html, 'og:type')).toBe('product');
    expect(meta(product.html, 'og:url')).toBe(`${PUBLIC_URL}${home()}/products/${lamp.slug}`);
    expect(meta(product.html, 'og:image')).toMatch(/^https:\/\/negozi\.example\.it\/.+\.webp$/);
    expect(meta(product.html, 'product:price:amount')).toBe('89.00');
    expect(meta(product.html, 'product:price:currency')).toBe('EUR');
    expect(meta(product.html, 'product:availability')).toBe('in stock');
    expect(meta(product.html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(product.html, 'twitter:title')).toBe('Lampada Àurea · Bottega della Luce');

    const sold = await get(`${home()}/products/${shade.slug}`);
    expect(meta(sold.html, 'product:availability')).toBe('out of stock');

    const storeHome = await get(home());
    expect(title(storeHome.html)).toBe('Bottega della Luce');
    expect(meta(storeHome.html, 'description')).toMatch(/^Bottega della Luce: /);
    expect(canonical(storeHome.html)).toBe(`${PUBLIC_URL}${home()}`);
    expect(meta(storeHome.html, 'og:type')).toBe('website');

    const cat = await get(`${home()}/category/${category.slug}`);
    expect(title(cat.html)).toBe('Lampade da tavolo · Bottega della Luce');
    expect(canonical(cat.html)).toBe(`${PUBLIC_URL}${home()}/category/${category.slug}`);

    const titles = new Set<string>();
    for (const path of ['/', '/faq', '/pricing', '/blog']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      const t = title(page.html) ?? '';
      expect(t, path).toMatch(/Vetrina/);
      titles.add(t);
      expect(meta(page.html, 'description')?.length, path).toBeGreaterThan(50);
      expect(canonical(page.html), path).toBe(`${PUBLIC_URL}${path}`);
      expect(meta(page.html, 'og:image'), path).toBe(`${PUBLIC_URL}/og-vetrina.png`);
    }
    expect(titles.size).toBe(4);
    const og = await fetch(`${server.url}/og-vetrina.png`);
    expect(og.status).toBe(200);
    expect(og.headers.get('content-type')).toBe('image/png');
  });

  it('JSON-LD: the store, the Product with its offers (as Google requires), breadcrumbs and item lists', async () => {
    const product = jsonLd((await get(`${home()}/products/${lamp.slug}`)).html);
    const org = product.find((b) => b['@type'] === 'OnlineStore');
    expect(org).toMatchObject({ '@context': 'https://schema.org', name: 'Bottega della Luce', url: `${PUBLIC_URL}${home()}` });
    const p = product.find((b) => b['@type'] === 'Product')!;
    expect(p).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Lampada Àurea',
      sku: 'LAMP-AUREA',
      url: `${PUBLIC_URL}${home()}/products/${lamp.slug}`,
    });
    expect(p.image.length).toBeGreaterThan(0);
    for (const url of p.image) expect(url).toMatch(/^https:\/\/negozi\.example\.it\//);
    // Two variant prices: an AggregateOffer from the lowest to the highest.
    expect(p.offers).toMatchObject({
      '@type': 'AggregateOffer',
      lowPrice: '89.00',
      highPrice: '119.00',
      priceCurrency: 'EUR',
      availability: 'https://schema.org/InStock',
    });
    const crumbs = product.find((b) => b['@type'] === 'BreadcrumbList')!;
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Prodotti', 'Lampade da tavolo', 'Lampada Àurea']);
    expect(crumbs.itemListElement.map((i: { position: number }) => i.position)).toEqual([1, 2, 3, 4]);

    const single = jsonLd((await get(`${home()}/products/${shade.slug}`)).html).find((b) => b['@type'] === 'Product')!;
    expect(single.offers).toMatchObject({ '@type': 'Offer', price: '15.00', priceCurrency: 'EUR', availability: 'https://schema.org/OutOfStock' });

    const listing = jsonLd((await get(`${home()}/products`)).html);
    const list = listing.find((b) => b['@type'] === 'ItemList')!;
    expect(list.itemListElement.map((i: { url: string }) => i.url).sort()).toEqual(
      [`${PUBLIC_URL}${home()}/products/${lamp.slug}`, `${PUBLIC_URL}${home()}/products/${shade.slug}`].sort(),
    );
    const cat = jsonLd((await get(`${home()}/category/${category.slug}`)).html);
    expect(cat.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);
    expect(cat.some((b) => b['@type'] === 'ItemList')).toBe(true);
  });

  it('unknown store, product or category and a product that is not active answer 404 with the spec page; the platform 404 answers 404', async () => {
    const cases: Array<[string, string]> = [
      ['/store/negozio-inesistente', 'Store non trovato'],
      ['/store/negozio-inesistente/products/qualcosa', 'Store non trovato'],
      [`${home()}/products/non-esiste`, 'Prodotto non trovato'],
      [`${home()}/products/${draft.slug}`, 'Prodotto non trovato'],
      [`${home()}/products/${draft.id}`, 'Prodotto non trovato'],
      [`${home()}/category/non-esiste`, 'Categoria non trovata'],
      ['/pagina-che-non-esiste', 'Oops! Page not found'],
      [`${home()}/qualcosa/di/strano`, 'Oops! Page not found'],
    ];
    for (const [path, text] of cases) {
      const page = await get(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get('content-type'), path).toMatch(/^text\/html/);
      expect(bodyText(page.html), path).toContain(text);
      expect(meta(page.html, 'robots'), path).toMatch(/noindex/);
    }
  });

  it('an old product address by id answers 301 to its readable address', async () => {
    const page = await get(`${home()}/products/${lamp.id}`);
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`${home()}/products/${lamp.slug}`);
  });

  it('checkout, search results and the account pages are noindex', async () => {
    const checkout = await get(`${home()}/checkout`);
    expect(checkout.status).toBe(200);
    expect(meta(checkout.html, 'robots')).toMatch(/noindex/);
    expect(canonical(checkout.html)).toBeUndefined();
    const search = await get(`${home()}/products?search=lampada`);
    expect(meta(search.html, 'robots')).toMatch(/noindex/);
    for (const path of ['/login', '/register', '/forgot-password', '/dashboard', '/dashboard/orders', '/onboarding', '/auth/confirm']) {
      const page = await get(path);
      expect(page.status, path).toBe(200);
      expect(page.headers.get('x-robots-tag'), path).toMatch(/noindex/);
      expect(page.html, path).toContain('<meta name="robots" content="noindex, nofollow" />');
    }
    for (const path of [home(), `${home()}/products`, `${home()}/products/${lamp.slug}`, '/'])
      expect(meta((await get(path)).html, 'robots'), path).toBeUndefined();
  });

  it('a store name, product title and description full of markup are escaped everywhere: body, meta, JSON-LD and embedded data', async () => {
    const page = await get(`/store/${hostileStore.slug}/products/${hostileProduct.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).not.toContain('<b>');
    // Exactly the page's own scripts: the template's one inline script (it keeps early taps), the
    // module entry, the embedded data and the JSON-LD blocks.
    const scripts = [...page.html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter((m) => m[1]!.trim() === '');
    expect(
      inline.map((m) => m[2]!.includes('__vetrinaTaps')),
      'an injected inline script',
    ).toEqual([true]);
    for (const [, attrs] of scripts)
      expect(attrs!.trim(), 'an injected script').toMatch(
        /^(|type="module" crossorigin src="\/p\/[\w.-]+\.js"|type="application\/json" id="vetrina-data"|type="application\/ld\+json")$/,
      );
    const blocks = jsonLd(page.html);
    expect(blocks.find((b) => b['@type'] === 'Product')!.name).toBe(`Titolo ${HOSTILE}`);
    expect(blocks.find((b) => b['@type'] === 'OnlineStore')!.name).toBe(hostileStore.name);
    expect(meta(page.html, 'og:title')).toBe(`Titolo ${HOSTILE} · ${hostileStore.name}`);
    expect(bodyText(page.html)).toContain('Titolo &lt;/script>&lt;script>alert(&quot;x&quot;)');
    const entries = Object.values(embedded(page.html).cache) as Array<{ data?: { description?: string } }>;
    expect(entries.some((e) => e.data?.description === `Descrizione ${HOSTILE}`)).toBe(true);
  });

  it('hostile slugs, queries and over-long addresses answer 4xx or the not-found page, never 500, never reflected', async () => {
    const paths = [
      `/store/${encodeURIComponent('</script><script>alert(1)</script>')}`,
      `/store/${encodeURIComponent('"onmouseover="alert(1)')}/products`,
      `${home()}/products/${encodeURIComponent('"><img src=x onerror=alert(1)>')}`,
      `${home()}/category/${encodeURIComponent("'><svg onload=alert(1)>")}`,
      `${home()}/products?search=${encodeURIComponent('</script><script>alert(1)</script>')}&page=-1&pageSize=abc`,
      `${home()}/products?category=${encodeURIComponent('"><script>')}&page=99999999999999999999`,
      `/store/%E0%A4%A`,
      `${home()}/products/%ZZ`,
      `/store/${'a'.repeat(5000)}`,
      `${home()}/products?search=${'x'.repeat(6000)}`,
      `/${'../'.repeat(50)}etc/passwd`,
    ];
    for (const path of paths) {
      const page = await get(path);
      expect(page.status, path).toBeGreaterThanOrEqual(200);
      expect(page.status, path).toBeLessThan(500);
      // Only the product list may answer 200 (an unknown filter simply finds nothing).
      if (page.status === 200) expect(path).toMatch(/\/products\?/);
      expect(page.html, path).not.toMatch(/<script>alert|<img src=x|<svg onload|(?<!\\)"onmouseover=/);
    }
  });

  it('cached pages follow the catalogue: a price change shows on the next request', async () => {
    const before = await get(`${home()}/products/${shade.slug}`);
    expect(bodyText(before.html)).toContain('15,00');
    const res = await merchant.put(`/api/stores/${store.id}/products/${shade.id}`, {
      title: 'Paralume Lino',
      priceCents: 1750,
      sku: 'SHADE-1',
      stock: 0,
      categoryId: category.id,
      status: 'active',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await get(`${home()}/products/${shade.slug}`);
    expect(bodyText(after.html)).toContain('17,50');
    expect(meta(after.html, 'product:price:amount')).toBe('17.50');
  });

  it('pages travel compressed as the browser asks (Brotli, else gzip), and decompress to the same page', async () => {
    const raw = (path: string, encoding: string) => rawGet(server.url + path, { 'accept-encoding': encoding });
    const path = `${home()}/products/${lamp.slug}`;
    const plain = await raw(path, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('Lampada Àurea');
    const br = await raw(path, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw(path, 'gzip;q=1, br;q=0');
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  /** The page's body as the browser receives it, from the header to the embedded data. */
  const body = (html: string) => /<div id="root">[\s\S]*<\/div>\s*<script type="application\/json"/.exec(html)?.[0] ?? '';

  it("the store's header and footer, written from their kept copy, are what a fresh render writes on every kind of page", async () => {
    // The server's renderer, the very module the server loaded (same address): its kept parts can be dropped.
    const renderer = (await import(pathToFileURL(publicRendererFile()).href)) as { forgetKeptParts(): void };
    // Each pair: a page that renders the parts and keeps them, then one of the same kind written from
    // the kept copy. A query the page ignores makes each address a page of its own (no page cache).
    const kinds = [
      [`${home()}/products/${lamp.slug}`, `${home()}/products/${shade.slug}`],
      [`${home()}/category/${category.slug}?v=1`, `${home()}/category/${category.slug}?v=2`],
      [`${home()}?v=1`, `${home()}?v=2`],
      [`${home()}/products?v=1`, `${home()}/products?v=2`],
      [`${home()}/privacy?v=1`, `${home()}/privacy?v=2`],
    ];
    for (const [first, second] of kinds) {
      renderer.forgetKeptParts();
      expect((await get(first!)).status, first).toBe(200);
      const kept = await get(second!);
      renderer.forgetKeptParts();
      const fresh = await get(`${second}${second!.includes('?') ? '&' : '?'}fresh=1`);
      expect(kept.status, second).toBe(200);
      expect(body(kept.html), second).not.toBe('');
      expect(body(kept.html).replaceAll('fresh=1', ''), second).toBe(body(fresh.html).replaceAll('fresh=1', ''));
      expect(kept.html, second).not.toContain('vetrina-part');
    }
    // The header marks where the shopper is: on a product page 'Prodotti', on a category page that category.
    const product = await get(`${home()}/products/${lamp.slug}?v=3`);
    expect(product.html).toMatch(/<a href="\/store\/[^"]+\/products" aria-current="page"/);
    const inCategory = await get(`${home()}/category/${category.slug}?v=3`);
    expect(inCategory.html).toMatch(new RegExp(`<a href="/store/[^"]+/category/${category.slug}" aria-current="page"`));
    expect(inCategory.html).not.toMatch(/<a href="\/store\/[^"]+\/products" aria-current="page"/);
  });

  it('a change to the store (its name, a new category) shows in the header and footer of the next page', async () => {
    const before = await get(`${home()}/products/${lamp.slug}?v=4`);
    expect(bodyText(before.html)).toContain('Bottega della Luce');
    const renamed = await merchant.patch(`/api/stores/${store.id}`, { name: 'Bottega della Luce Nuova' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const added = await merchant.post<{ id: string; slug: string }>(`/api/stores/${store.id}/categories`, { name: 'Applique da parete' });
    expect(added.status).toBe(201);
    await merchant.post(`/api/stores/${store.id}/products`, {
      title: 'Applique Ottone',
      priceCents: 4500,
      sku: 'APPL-1',
      stock: 1,
      categoryId: added.body.id,
      status: 'active',
    });
    const after = await get(`${home()}/products/${shade.slug}?v=4`);
    const header = /<header[\s\S]*<\/header>/.exec(after.html)?.[0] ?? '';
    const footer = /<footer[\s\S]*<\/footer>/.exec(after.html)?.[0] ?? '';
    expect(header).toContain('Bottega della Luce Nuova');
    expect(header).toContain('Applique da parete');
    expect(footer).toContain('Bottega della Luce Nuova');
    await merchant.patch(`/api/stores/${store.id}`, { name: 'Bottega della Luce' });
  });
});
