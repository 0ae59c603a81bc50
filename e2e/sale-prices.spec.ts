import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, hydrated, signUpViaApi, test } from './fixtures';

/** Every console error or warning and uncaught exception of a page (hydration mismatches warn). */
function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return problems;
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
// it-IT money has a no-break space before '€'.
const money = (text: string) => new RegExp(text.replace(/ /g, '\\s').replace(/[.()]/g, '\\$&'));

test.describe('sale prices', () => {
  test('the merchant sets a “Prezzo pieno”: the storefront shows the struck price and the discount', async ({ page, browser }) => {
    const { session } = await signUpViaApi(page);
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const storeRes = await page.request.post('/api/stores', { data: { name: 'Pelletteria Saldi' }, headers: auth });
    expect(storeRes.status()).toBe(201);
    const store = (await storeRes.json()) as { id: string; slug: string };
    const productRes = await page.request.post(`/api/stores/${store.id}/products`, {
      data: { title: 'Borsa a tracolla', priceCents: 4000, sku: 'BORSA-1', stock: 5, status: 'active' },
      headers: auth,
    });
    expect(productRes.status()).toBe(201);
    const product = (await productRes.json()) as { id: string; slug: string };

    // Dashboard: a compare-at not above the price is refused on the field; 50,00 shows the discount.
    await page.goto(`/dashboard/products/${product.id}/edit`);
    const compareAt = page.getByLabel('Prezzo pieno (€)');
    await compareAt.fill('39,90');
    await page.getByRole('button', { name: 'Salva prodotto' }).click();
    await expect(page.getByText('Il prezzo pieno deve essere maggiore del prezzo di vendita')).toBeVisible();
    await compareAt.fill('50,00');
    await expect(page.getByText('sconto mostrato -20%')).toBeVisible();
    await page.getByRole('button', { name: 'Salva prodotto' }).click();
    await expect(toast(page, 'Prodotto aggiornato')).toBeVisible();
    await expect(page.getByTestId('product-card').filter({ hasText: 'Borsa a tracolla' })).toContainText(money('Prezzo pieno 50,00 €'));

    // A variant with its own compare-at, checked against the variant's price (40 € + 10 €).
    await page.goto(`/dashboard/products/${product.id}/edit`);
    await page.getByRole('button', { name: 'Aggiungi variante' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Label').fill('Grande');
    await dialog.getByLabel('SKU').fill('BORSA-1-G');
    await dialog.getByLabel('Differenza di prezzo (€)').fill('10');
    await dialog.getByLabel('Stock').fill('2');
    await expect(dialog.getByText(money('Vuoto: 60,00 €, il prezzo pieno del prodotto più la differenza.'))).toBeVisible();
    await dialog.getByLabel('Prezzo pieno (€)').fill('45');
    await dialog.getByRole('button', { name: 'Salva variante' }).click();
    await expect(dialog.getByText(money('Il prezzo pieno della variante deve essere maggiore del suo prezzo di vendita (50,00 €'))).toBeVisible();
    await dialog.getByLabel('Prezzo pieno (€)').fill('80,00');
    await dialog.getByRole('button', { name: 'Salva variante' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('variant-row')).toContainText(money('Prezzo pieno 80,00 €'));

    // The shopper's storefront: the card, then the product page, hydrated without warnings.
    const shopper = await browser.newPage();
    const problems = watchConsole(shopper);
    await shopper.goto(`/store/${store.slug}/products`);
    await hydrated(shopper);
    const card = shopper.locator('article').filter({ hasText: 'Borsa a tracolla' });
    await expect(card.getByTestId('compare-at-price')).toHaveText(money('Prezzo pieno 80,00 €'));
    await expect(card.getByTestId('sale-badge')).toHaveText('-37%');
    await expect(card.locator('s')).toHaveCSS('text-decoration-line', 'line-through');

    // Only one variant (available): it is chosen, its sale shows; the struck price is named for screen readers.
    await card.getByRole('link', { name: 'Borsa a tracolla' }).click();
    await expect(shopper.getByRole('heading', { level: 1, name: 'Borsa a tracolla' })).toBeVisible();
    await hydrated(shopper);
    await expect(shopper.getByTestId('compare-at-price')).toHaveText(money('Prezzo pieno 80,00 €'));
    await expect(shopper.getByTestId('sale-badge')).toHaveText('-37%');

    // Back to a plain product with the product's own sale: server-rendered page, opened directly.
    await page.request.delete(`/api/stores/${store.id}/products/${product.id}`, { headers: auth });
    const plain = await page.request.post(`/api/stores/${store.id}/products`, {
      data: { title: 'Portafoglio', priceCents: 4000, compareAtCents: 5000, sku: 'PORTA-1', stock: 3, status: 'active' },
      headers: auth,
    });
    expect(plain.status()).toBe(201);
    await shopper.goto(`/store/${store.slug}/products/${((await plain.json()) as { slug: string }).slug}`);
    await hydrated(shopper);
    await expect(shopper.getByTestId('compare-at-price')).toHaveText(money('Prezzo pieno 50,00 €'));
    await expect(shopper.getByTestId('sale-badge')).toHaveText('-20%');
    await expect(shopper.getByText(money('40,00 €')).first()).toBeVisible();
    expect(problems).toEqual([]);
    await shopper.close();
  });
});
