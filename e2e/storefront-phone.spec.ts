import type { Locator, Page } from '@playwright/test';
import { cartButton, expect, hydrated, post, signUpViaApi, test, uniqueEmail } from './fixtures';

const PHONE = { width: 390, height: 844 };

/** What the document scrolls to sideways, against the screen's width. */
const widths = (page: Page) => page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, viewport: window.innerWidth }));

/** True when a tap at the control's centre lands on the control itself (nothing floats over it). */
const tappable = (control: Locator) =>
  control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

/** A shop of nine products (enough to scroll), made through the API; `theme` picks its look. */
async function phoneShop(page: Page) {
  const { session } = await signUpViaApi(page, uniqueEmail('telefono'));
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const store = await post<{ id: string; slug: string }>(page.request, auth, '/api/stores', { name: `Bottega Tascabile ${tag}` });
  const names = ['Tazza Aurora', 'Tazza Notte', 'Teiera Sole', 'Piatto Luna', 'Ciotola Vento', 'Vaso Mare', 'Brocca Terra', 'Caraffa Neve', 'Candela Fumo'];
  for (const [i, title] of names.entries())
    await post(page.request, auth, `/api/stores/${store.id}/products`, {
      title,
      description: 'Ceramica fatta a mano.',
      priceCents: 1200 + i * 100,
      stock: 5,
      sku: `TEL-${i}-${tag}`,
      status: 'active',
    });
  const themes = (await (await page.request.get('/api/themes')).json()) as Array<{ id: string; key: string }>;
  const theme = async (key: string) => {
    const res = await page.request.patch(`/api/stores/${store.id}`, { data: { themeId: themes.find((t) => t.key === key)!.id }, headers: auth });
    expect(res.status(), await res.text()).toBe(200);
  };
  return { store, theme };
}

test.describe('the storefront on a phone', () => {
  test('products on the first screen, Filtri sheet, search in the header, sticky header and add-to-cart, nothing over a button', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const { store } = await phoneShop(page);
    const home = `/store/${store.slug}`;

    // The home shows products on the first screen, in the theme's own font, preloaded from the head.
    await page.goto(home);
    await hydrated(page);
    const firstCard = page.getByRole('article').first();
    const card = (await firstCard.boundingBox())!;
    expect(card.y + 120).toBeLessThan(PHONE.height);
    await expect(page.locator('link[rel="preload"][as="font"]')).toHaveAttribute('href', /inter-latin-wght-normal/);
    expect(await page.evaluate(async () => (await document.fonts.ready, document.fonts.check('16px "Inter Variable"')))).toBe(true);
    expect(
      await page.evaluate(() =>
        Array.from(document.fonts as unknown as Iterable<FontFace>).some((f) => f.family === 'Inter Variable' && f.status === 'loaded'),
      ),
    ).toBe(true);

    // The products page keeps its search on screen and the rest of the filters in the 'Filtri' sheet.
    await page.goto(`${home}/products`);
    await hydrated(page);
    await expect(page.getByRole('combobox', { name: 'Cerca', exact: true })).toBeVisible();
    await expect(page.getByLabel('Ordina per')).toBeHidden();
    const filters = page.getByRole('button', { name: /^Filtri/ });
    await expect(filters).toHaveAccessibleName('Filtri');
    expect((await page.getByRole('article').first().boundingBox())!.y).toBeLessThan(PHONE.height - 120);
    await filters.click();
    const sheet = page.getByRole('dialog', { name: 'Filtri' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('Prezzo min (€)').fill('14');
    await sheet.getByLabel('Solo disponibili').check();
    await expect(page).toHaveURL(/available=1/);
    await sheet.getByRole('button', { name: 'Mostra i prodotti' }).click();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/minPrice=14/);
    await expect(filters).toHaveAccessibleName('Filtri, 2 attivi');
    await expect(filters).toContainText('2');
    await expect(page.getByText('7 prodotti trovati')).toBeVisible();

    // The header stays on screen while the page scrolls, with its cart button tappable.
    await page.goto(`${home}/products`);
    await hydrated(page);
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(800);
    const cart = cartButton(page);
    const box = (await cart.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThan(100);
    expect(await tappable(cart)).toBe(true);

    // 'Apri la ricerca' in the header opens the search with suggestions; Enter lists the results.
    await page.getByRole('button', { name: 'Apri la ricerca' }).click();
    const box2 = page.getByRole('combobox', { name: 'Cerca nel negozio' });
    await expect(box2).toBeFocused();
    await box2.pressSequentially('tazz');
    await expect(page.getByRole('listbox', { name: 'Prodotti suggeriti' }).getByRole('option')).toHaveCount(2);
    await box2.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/store/${store.slug}/products\\?search=tazz`));
    await expect(page.getByText('2 prodotti trovati')).toBeVisible();

    // The product page's 'Aggiungi al carrello' is a bar at the bottom of the screen; the chat button sits above it.
    await page.goto(`${home}/products`);
    await hydrated(page);
    await page.getByRole('article').first().getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await hydrated(page);
    const add = page.getByRole('button', { name: 'Aggiungi al carrello' });
    await expect(add).toHaveCount(1);
    const bar = (await add.boundingBox())!;
    expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 80);
    expect(await tappable(add)).toBe(true);
    const chat = page.getByRole('button', { name: /^Scrivi a/ });
    expect(await tappable(chat)).toBe(true);
    await page.mouse.wheel(0, 3000);
    expect(await tappable(add)).toBe(true);
    await add.click();
    await expect(page.getByText('Aggiunto al carrello!')).toBeVisible();
    await expect(cartButton(page)).toHaveAccessibleName('Carrello, 1 articolo');

    // The checkout's 'Conferma ordine' is never under the chat button, wherever the page is scrolled.
    await page.goto(`${home}/checkout`);
    await hydrated(page);
    const confirm = page.getByRole('button', { name: 'Conferma ordine' });
    await confirm.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    expect(await tappable(confirm)).toBe(true);
    await page.mouse.wheel(0, 5000);
    await confirm.scrollIntoViewIfNeeded();
    expect(await tappable(confirm)).toBe(true);
    await context.close();
  });

  test('the checkout is never wider than the screen, in every theme, with its font and with a wide fallback font', async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const { store, theme } = await phoneShop(page);
    await page.goto(`/store/${store.slug}/products`);
    await hydrated(page);
    await page.getByRole('article').first().getByRole('link').first().click();
    await hydrated(page);
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(cartButton(page)).toHaveAccessibleName('Carrello, 1 articolo');

    const overflow: string[] = [];
    for (const key of ['moderno', 'classico', 'minimal', 'audace']) {
      await theme(key);
      for (const wide of [false, true]) {
        for (const width of [360, 390, 768]) {
          await page.setViewportSize({ width, height: 844 });
          await page.goto(`/store/${store.slug}/checkout`);
          await hydrated(page);
          await expect(page.locator(`[data-theme="${key}"]`)).toHaveCount(1);
          await expect(page.getByLabel('Nome e cognome')).toBeVisible();
          // A wide font in place of the theme's (as when the web font has not arrived yet, or a
          // browser shows its own): the fields must still fit.
          if (wide) await page.addStyleTag({ content: "* { font-family: 'DejaVu Sans Mono', 'Courier New', monospace !important; letter-spacing: 0.04em; }" });
          await page.evaluate(() => document.fonts.ready);
          const { scroll, viewport } = await widths(page);
          if (scroll !== viewport) overflow.push(`${key} ${wide ? 'wide font' : 'theme font'} at ${width}px: ${scroll}px`);
        }
      }
    }
    expect(overflow, overflow.join('\n')).toEqual([]);
    await context.close();
  });

  test('on a wide screen the filters stay beside the search, without a Filtri button', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const { store } = await phoneShop(page);
    await page.goto(`/store/${store.slug}/products`);
    await hydrated(page);
    await expect(page.getByLabel('Ordina per')).toBeVisible();
    await expect(page.getByLabel('Categoria')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Filtri/ })).toBeHidden();
    await page.getByRole('article').first().getByRole('link').first().click();
    await hydrated(page);
    // One add-to-cart button, in the page: the phone's bar is not shown.
    await expect(page.getByRole('button', { name: 'Aggiungi al carrello' })).toHaveCount(1);
    await expect(page.locator('[data-sticky-bar]')).toBeHidden();
    await context.close();
  });
});
