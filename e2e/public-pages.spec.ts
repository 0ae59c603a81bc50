import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import sharp from 'sharp';
import { cartButton, expect, hydrated, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A store with a category, a product with a real photo and variants, and a sold-out product. */
async function storeWithCatalogue(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { session } = await signUpViaApi(page, uniqueEmail('vetrina-ssr'));
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const created = async <T>(path: string, data: unknown) => {
    const res = await page.request.post(path, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as T;
  };
  const store = await created<{ id: string; slug: string; name: string }>('/api/stores', { name: `Bottega Luce ${tag}` });
  const api = (p: string) => `/api/stores/${store.id}${p}`;
  const category = await created<{ id: string; slug: string }>(api('/categories'), { name: 'Lampade' });
  const photo = await sharp({ create: { width: 1400, height: 1000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .toBuffer();
  const upload = await page.request.post(api('/product-images'), {
    headers,
    multipart: { files: { name: 'lampada.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const imageIds = ((await upload.json()) as { images: Array<{ id: string }> }).images.map((i) => i.id);
  const lamp = await created<{ id: string; slug: string }>(api('/products'), {
    title: 'Lampada Àurea',
    description: 'Ottone spazzolato, luce calda.',
    priceCents: 8900,
    sku: `LAMP-${tag}`,
    categoryId: category.id,
    status: 'active',
    imageIds,
  });
  await created(api(`/products/${lamp.id}/variants`), {
    label: 'Piccola',
    sku: `LAMP-S-${tag}`,
    priceDeltaCents: 0,
    stock: 4,
    attributes: [{ key: 'Misura', value: 'Piccola' }],
  });
  await created(api(`/products/${lamp.id}/variants`), {
    label: 'Grande',
    sku: `LAMP-L-${tag}`,
    priceDeltaCents: 3000,
    stock: 2,
    attributes: [{ key: 'Misura', value: 'Grande' }],
  });
  await created(api('/products'), { title: 'Paralume Esaurito', priceCents: 1500, sku: `SHADE-${tag}`, stock: 0, categoryId: category.id, status: 'active' });
  await context.close();
  return { store, category, lamp };
}

/** Every console error or warning and every uncaught exception of a page. */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

test.describe('pages rendered on the server', () => {
  test('each public page arrives complete, hydrates without errors or changes, and does not fetch its data again', async ({ browser }) => {
    const { store, category, lamp } = await storeWithCatalogue(browser);
    const home = `/store/${store.slug}`;
    const pages = [
      '/',
      '/faq',
      '/pricing',
      '/blog',
      home,
      `${home}/products`,
      `${home}/products?search=lampada`,
      `${home}/category/${category.slug}`,
      `${home}/products/${lamp.slug}`,
      `${home}/checkout`,
    ];

    // What a crawler (or a phone before any script) sees: the same HTML, without JavaScript.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const staticPage = await noJs.newPage();
    const rendered = new Map<string, string>();
    for (const url of pages) {
      const res = await staticPage.goto(url);
      expect(res?.status(), url).toBe(200);
      rendered.set(url, text(await staticPage.locator('#root').textContent()));
    }
    await noJs.close();
    expect(rendered.get(`${home}/products/${lamp.slug}`)).toContain('Lampada Àurea');
    expect(rendered.get(`${home}/products/${lamp.slug}`)).toContain('89,00');
    expect(rendered.get(`${home}/products`)).toContain('Esaurito');

    const context = await browser.newContext();
    const page = await context.newPage();
    // Every Intl formatter a page builds: the first one loads the browser's locale data (50-75 ms
    // of the main thread), so public pages print numbers and prices with the shared formatters.
    await page.addInitScript(() => {
      const built: string[] = [];
      Object.assign(window, { vetrinaIntlBuilt: built });
      for (const name of ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'ListFormat'] as const) {
        const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
        const counted = function (this: unknown, ...args: unknown[]) {
          built.push(name);
          return new Original(...args);
        };
        Object.defineProperty(Intl, name, { value: counted, configurable: true, writable: true });
      }
    });
    const problems = watchConsole(page);
    const apiCalls: string[] = [];
    const visits: string[] = [];
    const fonts: string[] = [];
    // Scripts that carry zod (its schema classes are named in the bundle): the storefront's pages
    // parse nothing while they load, so the 90 KB library has no place in them, not even at idle.
    let zodScripts: Promise<string | null>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script')
        zodScripts.push(
          r
            .text()
            .then((body) => (body.includes('$ZodType') ? r.url() : null))
            .catch(() => null),
        );
    });
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fonts.push(r.url());
      // The visit beacon (the dashboard's visit count) reads nothing: it is counted apart.
      if (/\/api\/public\/stores\/[^/]+\/visit$/.test(r.url())) visits.push(r.url());
      else if (r.url().includes('/api/public/')) apiCalls.push(r.url());
    });
    for (const url of pages) {
      apiCalls.length = 0;
      zodScripts = [];
      const fontsBefore = fonts.length;
      await page.goto(url);
      await expect(page.locator('html[data-hydrated="true"]'), url).toHaveCount(1);
      // What the page fetches once the browser is idle (the cart drawer, presence) is part of its load.
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300))));
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { vetrinaIntlBuilt: string[] }).vetrinaIntlBuilt), `${url} built an Intl formatter`).toEqual([]);
      if (url.startsWith('/store/') && !url.endsWith('/checkout')) expect((await Promise.all(zodScripts)).filter(Boolean), `${url} loaded zod`).toEqual([]);
      // Hydration kept the server's page as it was: same text, nothing re-rendered differently.
      // (The checkout is the exception by design: the cart lives in the browser, so the server
      // sends a placeholder that the saved cart replaces once mounted.)
      if (!url.endsWith('/checkout')) expect(text(await page.locator('#root').textContent()), url).toBe(rendered.get(url));
      // The checkout asks for the store's payment methods when it opens (always current when the
      // shopper pays, never from a cached page); nothing else.
      const expected = url.endsWith('/checkout') ? [expect.stringMatching(/\/api\/public\/stores\/[^/]+\/payment-methods$/)] : [];
      expect(apiCalls, `${url} fetched data the page already holds`).toEqual(expected);
      // The public site is set in the device's fonts: no web font delays its text or moves it.
      if (!url.startsWith('/store/')) expect(fonts.slice(fontsBefore), `${url} loaded a font`).toEqual([]);
    }
    // One beacon per storefront page load, none from the public site.
    expect(visits).toHaveLength(pages.filter((u) => u.startsWith('/store/')).length);
    // A store's pages load its theme's one font, the Latin subset (Moderno: Inter), and nothing else.
    expect(fonts.filter((f) => !/\/p\/inter-latin-wght-normal-[\w-]+\.woff2$/.test(f))).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  test('moving between storefront pages stays in the page: no new document, the product opens at its readable address', async ({ browser }) => {
    const { store, lamp } = await storeWithCatalogue(browser);
    const page = await browser.newPage();
    const problems = watchConsole(page);
    await page.goto(`/store/${store.slug}/products`);
    await hydrated(page);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await page
      .getByRole('link', { name: /Lampada Àurea/ })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/store/${store.slug}/products/${lamp.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Lampada Àurea' })).toBeVisible();
    await expect(page).toHaveTitle(`Lampada Àurea · ${store.name}`);
    // The shopper adds to the cart and goes to checkout, still without reloading.
    await page.getByRole('radio', { name: /^Grande/ }).check({ force: true });
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Carrello, 1 articolo');
    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Il tuo carrello' }).getByRole('button', { name: 'Procedi al Checkout' }).click();
    await expect(page).toHaveURL(new RegExp(`/store/${store.slug}/checkout$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByText('Lampada Àurea').first()).toBeVisible();
    expect(documents).toEqual([]);
    // A reload of the checkout keeps the cart (saved in the browser) and hydrates cleanly.
    await page.reload();
    await hydrated(page);
    await expect(page.getByText('Lampada Àurea').first()).toBeVisible();
    expect(problems).toEqual([]);
    await page.close();
  });

  test('taps made before the page is interactive are not lost: a variant picked and the cart opened on a slow phone', async ({ browser }) => {
    const { store, lamp } = await storeWithCatalogue(browser);
    const page = await browser.newPage();
    const problems = watchConsole(page);
    // A slow network: the page's entry script arrives two seconds after the HTML.
    await page.route('**/p/public-*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    await page.goto(`/store/${store.slug}/products/${lamp.slug}`, { waitUntil: 'commit' });
    // The shopper picks 'Grande' and opens the cart before any handler exists.
    await page.getByRole('radio', { name: /^Grande/ }).click({ force: true });
    await page.getByRole('button', { name: 'Carrello, vuoto' }).click();
    await expect(page.locator('html[data-hydrated="true"]'), 'the taps must come before the page is interactive').toHaveCount(0);
    // Once it is, both taps have their effect: the cart is open, the variant is chosen.
    await hydrated(page);
    const cart = page.getByRole('dialog', { name: 'Il tuo carrello' });
    await expect(cart).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cart).toBeHidden();
    await expect(page.getByRole('radio', { name: /^Grande/ })).toBeChecked();
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Carrello, 1 articolo');
    expect(problems).toEqual([]);
    await page.close();
  });

  test('an old product address by id moves permanently to the readable one; unknown pages answer 404', async ({ browser }) => {
    const { store, lamp } = await storeWithCatalogue(browser);
    const page = await browser.newPage();
    const old = await page.request.get(`/store/${store.slug}/products/${lamp.id}`, { maxRedirects: 0 });
    expect(old.status()).toBe(301);
    expect(old.headers()['location']).toBe(`/store/${store.slug}/products/${lamp.slug}`);
    const missing = await page.goto(`/store/${store.slug}/products/non-esiste`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByText('Prodotto non trovato')).toBeVisible();
    const noStore = await page.goto('/store/negozio-che-non-esiste');
    expect(noStore?.status()).toBe(404);
    await expect(page.getByText('Store non trovato')).toBeVisible();
    await page.close();
  });
});
