import type { Browser, Page } from '@playwright/test';
import { signIn } from './a11y-dashboard-pages';
import { seedAuditShop, type AuditShop } from './a11y-seed';
import { expect, hydrated, test } from './fixtures';

/**
 * No page is wider than the screen and no figure is clipped (docs/decisions/0047-setup-guide.md,
 * accessibility-checks.md): every public and dashboard page at 360, 390 and 768 px, once with the
 * page's own fonts and once with a wide fallback font forced on every element. A number (any text
 * with a digit) cut by `overflow: hidden` or an ellipsis fails, unless the element carries a
 * `title` (a long name shown whole on hover, which may ellipse). Wide tables scroll inside their own
 * `overflow-x: auto` container, which is allowed.
 */
const WIDTHS = [360, 390, 768];
const WIDE_FONT = `*, *::before, *::after { font-family: 'DejaVu Sans', Verdana, sans-serif !important; letter-spacing: 0.02em !important; }`;

interface LayoutPage {
  name: string;
  url: (shop: AuditShop) => string;
  /** Something to do after the page loaded (open a drawer, fill the cart). */
  then?: (page: Page, shop: AuditShop) => Promise<void>;
}

/** Signed out. Add a page here and it is measured at every width with both fonts. */
const PUBLIC_PAGES: LayoutPage[] = [
  { name: 'landing', url: () => '/' },
  { name: 'FAQ', url: () => '/faq' },
  { name: 'pricing', url: () => '/pricing' },
  { name: 'blog', url: () => '/blog' },
  { name: '404', url: () => '/pagina-che-non-esiste' },
  { name: 'login', url: () => '/login' },
  { name: 'register', url: () => '/register' },
  { name: 'forgot password', url: () => '/forgot-password' },
  { name: 'reset password', url: () => '/reset-password?token=non-valido' },
  { name: 'store home', url: (s) => `/store/${s.store.slug}` },
  { name: 'store products', url: (s) => `/store/${s.store.slug}/products` },
  { name: 'store search', url: (s) => `/store/${s.store.slug}/products?search=lampada` },
  { name: 'store category', url: (s) => `/store/${s.store.slug}/category/${s.categorySlug}` },
  { name: 'store product', url: (s) => `/store/${s.store.slug}/products/${s.lamp.slug}` },
  { name: 'store product on sale', url: (s) => `/store/${s.store.slug}/products/${s.mug.slug}` },
  {
    name: 'store cart',
    url: (s) => `/store/${s.store.slug}/products/${s.mug.slug}`,
    then: async (page) => {
      await page.getByRole('button', { name: /^Carrello, [1-9]/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
    },
  },
  { name: 'store checkout', url: (s) => `/store/${s.store.slug}/checkout` },
  { name: 'store order page', url: (s) => `/store/${s.store.slug}/ordine/${s.orderToken}` },
  {
    name: 'store withdrawal form',
    url: (s) => `/store/${s.store.slug}/recesso?ordine=${s.orderToken}`,
    then: async (page) => expect(page.getByText('Cosa vuoi restituire')).toBeVisible(),
  },
  { name: 'store terms', url: (s) => `/store/${s.store.slug}/termini` },
  { name: 'store privacy', url: (s) => `/store/${s.store.slug}/privacy` },
  { name: 'store shipping page', url: (s) => `/store/${s.store.slug}/spedizioni-resi` },
  { name: 'store 404', url: () => '/store/negozio-che-non-esiste' },
];

/** Signed in as the store's owner. Pages still being built are listed commented: enable them when they land. */
const DASHBOARD_PAGES: LayoutPage[] = [
  { name: 'dashboard home', url: () => '/dashboard' },
  { name: 'stores', url: () => '/dashboard/stores' },
  { name: 'products', url: () => '/dashboard/products' },
  { name: 'products as a table', url: () => '/dashboard/products', then: tableView },
  { name: 'new product', url: () => '/dashboard/products/new' },
  { name: 'edit product', url: (s) => `/dashboard/products/${s.lamp.id}/edit` },
  { name: 'categories', url: () => '/dashboard/categories' },
  { name: 'edit category', url: (s) => `/dashboard/categories/${s.categoryId}/edit` },
  { name: 'inventory', url: () => '/dashboard/inventory' },
  { name: 'orders', url: () => '/dashboard/orders' },
  { name: 'orders as a table', url: () => '/dashboard/orders', then: tableView },
  { name: 'order page', url: (s) => `/dashboard/orders/${s.orderId}` },
  { name: 'returns', url: () => '/dashboard/returns' },
  { name: 'customers', url: () => '/dashboard/customers' },
  // The customer key is the id of one of their orders.
  { name: 'customer page', url: (s) => `/dashboard/customers/${s.orderId}` },
  { name: 'invoices', url: () => '/dashboard/invoices' },
  { name: 'discount codes', url: () => '/dashboard/discounts' },
  { name: 'messages', url: () => '/dashboard/messages' },
  { name: 'team', url: () => '/dashboard/team' },
  { name: 'received invitations', url: () => '/dashboard/invitations' },
  { name: 'store settings', url: (s) => `/dashboard/stores/${s.store.id}/settings` },
  { name: 'settings: generale', url: (s) => `/dashboard/stores/${s.store.id}/settings/generale` },
  { name: 'settings: pagamenti', url: (s) => `/dashboard/stores/${s.store.id}/settings/pagamenti` },
  { name: 'settings: spedizioni', url: (s) => `/dashboard/stores/${s.store.id}/settings/spedizioni` },
  { name: 'settings: resi', url: (s) => `/dashboard/stores/${s.store.id}/settings/resi` },
  { name: 'settings: dati aziendali', url: (s) => `/dashboard/stores/${s.store.id}/settings/dati-aziendali` },
  { name: 'settings: fatturazione', url: (s) => `/dashboard/stores/${s.store.id}/settings/fatturazione` },
  { name: 'settings: pagine legali', url: (s) => `/dashboard/stores/${s.store.id}/settings/pagine-legali` },
  { name: 'settings: sicurezza', url: (s) => `/dashboard/stores/${s.store.id}/settings/sicurezza` },
  { name: 'registro attività', url: (s) => `/dashboard/stores/${s.store.id}/settings/registro-attivita` },
  { name: 'registro attività, an entry open', url: (s) => `/dashboard/stores/${s.store.id}/settings/registro-attivita`, then: openAuditEntry },
  { name: 'profile', url: () => '/dashboard/profile' },
  { name: 'dashboard 404', url: () => '/dashboard/pagina-che-non-esiste' },
];

/**
 * Offences owned by another piece of work, reported but not failing this check: 'page' and 'font'
 * as in the report, `kind` 'wider' (the page scrolls sideways) or 'clipped'. Remove a line once fixed.
 */
const KNOWN_OFFENDERS: Array<{ page: string; kind: 'wider' | 'clipped' }> = [];

/** The seeded team's invitations are in the log: the newest opens to its before → after. */
async function openAuditEntry(page: Page) {
  await page
    .getByRole('button', { name: /^Mostra dettagli: / })
    .first()
    .click();
  await expect(page.getByText(/^Sessione: /).first()).toBeVisible();
}

async function tableView(page: Page) {
  await page.getByRole('button', { name: 'Vista tabella' }).click();
  await expect(page.getByRole('table')).toBeVisible();
}

/** A 60-character name and a five-figure order, so the home's cards show long names beside wide figures. */
async function bigFigures(browser: Browser, shop: AuditShop) {
  const context = await browser.newContext();
  const request = context.request;
  const login = await request.post('/api/auth/login', { data: shop.merchant });
  expect(login.status()).toBe(200);
  const auth = { authorization: `Bearer ${((await login.json()) as { session: { accessToken: string } }).session.accessToken}` };
  const title = 'Lampada da terra in ottone spazzolato con paralume in lino 3';
  const created = await request.post(`/api/stores/${shop.store.id}/products`, {
    headers: auth,
    data: { title, description: 'Fatta a mano.', priceCents: 249_900, sku: `BIG-${Date.now().toString(36)}`, stock: 11, status: 'active' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (await created.json()) as { id: string };
  const order = await request.post(`/api/public/stores/${shop.store.slug}/checkout`, {
    data: {
      items: [{ productId: product.id, variantId: null, quantity: 9, unitPriceCents: 249_900 }],
      customer: {
        customerName: 'Giulia Bianchi',
        customerEmail: `grande.${Date.now().toString(36)}@example.it`,
        street: 'Via Roma 1',
        city: 'Bologna',
        postalCode: '40121',
        province: 'BO',
        notes: '',
      },
      country: 'Italia',
      subtotalCents: 2_249_100,
      shippingCents: 599,
      totalCents: 2_249_699,
      paymentMethod: 'cod',
      acceptTerms: true,
      idempotencyKey: `big-${Date.now().toString(36)}`,
    },
  });
  expect(order.status(), await order.text()).toBeLessThan(300);
  await context.close();
}

interface Offence {
  kind: 'wider' | 'clipped';
  selector: string;
  detail: string;
}

/** Runs in the page: the document's overflow, the elements past the right edge, and clipped numbers. */
function measure(vw: number): Offence[] {
  const out: Offence[] = [];
  // The screen's width is given, not read: a phone browser zooms out to show a wider page, and
  // then reports the page's width as its own.
  const selectorOf = (el: Element) => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const testId = e.getAttribute('data-testid');
      if (testId) {
        parts.unshift(`[data-testid="${testId}"]`);
        break;
      }
      const cls = Array.from(e.classList)
        .filter((c) => !c.includes(':') && !c.includes('['))
        .slice(0, 3);
      parts.unshift(e.id ? `#${e.id}` : `${e.tagName.toLowerCase()}${cls.length ? `.${cls.join('.')}` : ''}`);
    }
    return parts.join(' > ');
  };
  const hidden = (el: Element) => {
    const s = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    return s.visibility === 'hidden' || r.width <= 1 || r.height <= 1 || (s.position === 'fixed' && r.left >= vw);
  };
  // Cut off by an ancestor that clips or scrolls (a wide table in its own scroller): such an element
  // does not widen the page. An absolute element escapes every clipping box below its containing block.
  const contained = (el: Element) => {
    let position = getComputedStyle(el).position;
    if (position === 'fixed') return false;
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      const reaches = position !== 'absolute' || cs.position !== 'static';
      if (reaches && cs.overflowX !== 'visible') return true;
      if (cs.position !== 'static' && position === 'absolute') position = cs.position;
      if (position === 'fixed') return false;
    }
    return false;
  };
  // A figure is a number standing alone ('45,99 €', '100%', '3 disponibili', '#12'), not a digit inside a word or an address.
  const figure = /(^|[\s(])[#€+-]?\d[\d.,:]*\s?[€%]?(?=$|[\s),;])/;
  const ownText = (el: Element) =>
    Array.from(el.childNodes)
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join(' ')
      .trim();
  // A name truncated with its whole text on hover (the element or the wrapper that holds just it).
  const named = (el: Element, text: string) => {
    const titled = el.closest('[title]');
    return titled !== null && (titled === el || (titled.textContent ?? '').trim() === text);
  };
  const docWidth = Math.max(document.documentElement.scrollWidth, window.innerWidth);
  if (docWidth > vw) {
    const past = Array.from(document.body.querySelectorAll('*')).filter(
      (el) => getComputedStyle(el).visibility !== 'hidden' && el.getBoundingClientRect().right > vw + 0.5 && !contained(el),
    );
    // The outermost elements that stick out name the cause; their children follow them.
    const outermost = past.filter((el) => !past.includes(el.parentElement as Element)).slice(0, 5);
    out.push({
      kind: 'wider',
      selector: outermost.map(selectorOf).join(' | ') || 'html',
      detail: `page ${docWidth}px wide on a ${vw}px screen`,
    });
  }
  for (const el of Array.from(document.body.querySelectorAll('*'))) {
    if (el.matches('input, textarea, select, svg, svg *, img, video, canvas, iframe') || hidden(el)) continue;
    const s = getComputedStyle(el);
    const clips = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
    if (!clips || el.scrollWidth <= el.clientWidth + 1) continue;
    const text = (el.textContent ?? '').trim();
    if (text.length <= 80) {
      // A short clipped text (an ellipsis): a figure in it is cut.
      if (figure.test(text) && !named(el, text)) {
        out.push({ kind: 'clipped', selector: selectorOf(el), detail: `'${text.slice(0, 40)}' shows ${el.clientWidth}px of ${el.scrollWidth}px` });
      }
      continue;
    }
    // A clipping box around a section (a table in a rounded frame): the figures it cuts off.
    const box = el.getBoundingClientRect();
    for (const inner of Array.from(el.querySelectorAll('*'))) {
      const own = ownText(inner);
      if (!figure.test(own) || hidden(inner) || named(inner, (inner.textContent ?? '').trim())) continue;
      const r = inner.getBoundingClientRect();
      if (r.right > box.right + 1 || r.left < box.left - 1) {
        out.push({ kind: 'clipped', selector: selectorOf(inner), detail: `'${own.slice(0, 40)}' is cut by ${selectorOf(el)}` });
        break;
      }
    }
  }
  return out;
}

/** The page drawn with its data: a heading, no request in flight, no skeleton, fonts loaded (server-rendered or not). */
async function settle(page: Page) {
  await page
    .locator('h1')
    .first()
    .waitFor({ state: 'visible', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

interface Finding extends Offence {
  page: string;
  width: number;
  font: 'page fonts' | 'wide font';
}

async function walk(page: Page, shop: AuditShop, pages: LayoutPage[], width: number): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const p of pages) {
    await page.goto(p.url(shop));
    await settle(page);
    if (p.then) await p.then(page, shop);
    for (const o of await page.evaluate(measure, width)) findings.push({ ...o, page: p.name, width, font: 'page fonts' });
    const style = await page.addStyleTag({ content: WIDE_FONT });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    for (const o of await page.evaluate(measure, width)) findings.push({ ...o, page: p.name, width, font: 'wide font' });
    await style.evaluate((el) => (el as Element).remove());
  }
  return findings;
}

function verdict(findings: Finding[]) {
  const known = (f: Finding) => KNOWN_OFFENDERS.some((k) => k.page === f.page && k.kind === f.kind);
  const line = (f: Finding) => `${f.page} @ ${f.width}px (${f.font}) ${f.kind}: ${f.selector} — ${f.detail}`;
  const tolerated = findings.filter(known);
  if (tolerated.length) console.log(`Known offenders (owned elsewhere):\n${tolerated.map(line).join('\n')}`);
  expect(findings.filter((f) => !known(f)).map(line)).toEqual([]);
}

async function phoneContext(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 844 }, isMobile: width < 768, hasTouch: width < 768 });
  return { context, page: await context.newPage() };
}

test.describe('page widths and clipped numbers', () => {
  let shop: AuditShop;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    shop = await seedAuditShop(browser);
    await bigFigures(browser, shop);
  });

  for (const width of WIDTHS) {
    test(`public pages and the storefront fit ${width} px with every font`, async ({ browser }) => {
      test.setTimeout(300_000);
      const { context, page } = await phoneContext(browser, width);
      // A product in the cart, so the cart drawer and the checkout have a line.
      await page.goto(`/store/${shop.store.slug}/products/${shop.mug.slug}`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Aggiungi al carrello' }).first().click();
      await expect(page.getByRole('button', { name: /^Carrello, 1/ }).first()).toBeAttached();
      verdict(await walk(page, shop, PUBLIC_PAGES, width));
      await context.close();
    });

    test(`dashboard pages fit ${width} px with every font`, async ({ browser }) => {
      test.setTimeout(300_000);
      const { context, page } = await phoneContext(browser, width);
      await signIn(page, shop);
      verdict(await walk(page, shop, DASHBOARD_PAGES, width));
      await context.close();
    });
  }
});
