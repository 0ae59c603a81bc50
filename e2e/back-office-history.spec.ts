import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures';

/** A signed-in merchant with an active store and one product (10 in stock), all through the API. */
async function merchantWithProduct(page: Page, tag: string) {
  const { email, session } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const store = await page.request.post('/api/stores', { data: { name: `Bottega Storico ${tag}` }, headers });
  expect(store.status()).toBe(201);
  const { id: storeId } = (await store.json()) as { id: string };
  const product = await page.request.post(`/api/stores/${storeId}/products`, {
    data: { title: `Lampada Aurora ${tag}`, priceCents: 4900, sku: `LAMP-${tag}`, stock: 10, status: 'active' },
    headers,
  });
  expect(product.status()).toBe(201);
  return { email, product: (await product.json()) as { id: string; title: string } };
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const sidebarLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Menu della dashboard' }).getByRole('link', { name });

test.describe('back office: duplicate, unsaved changes, stock history', () => {
  test('duplicates from the form, warns before leaving unsaved edits, shows a stock change in Storico', async ({ page }) => {
    const tag = Date.now().toString(36).toUpperCase();
    const { email, product } = await merchantWithProduct(page, tag);

    // Duplica: the copy opens on its own edit page, a draft titled '(copia)'.
    await page.goto(`/dashboard/products/${product.id}/edit`);
    await expect(page.getByLabel('Titolo')).toHaveValue(product.title);
    await page.getByRole('button', { name: 'Duplica' }).click();
    await expect(toast(page, 'Prodotto duplicato')).toBeVisible();
    await expect(page).not.toHaveURL(new RegExp(`/products/${product.id}/edit$`));
    await expect(page).toHaveURL(/\/dashboard\/products\/[\w-]+\/edit$/);
    await expect(page.getByLabel('Titolo')).toHaveValue(`${product.title} (copia)`);
    await expect(page.getByLabel('Stato')).toHaveValue('draft');
    await expect(page.getByLabel('SKU')).toHaveValue(`LAMP-${tag}-COPIA`);
    await expect(page.getByLabel('Stock')).toHaveValue('0');

    // An edit not saved: the sidebar asks first; 'Resta' keeps the page and the edit.
    await page.getByLabel('Titolo').fill(`Lampada Boreale ${tag}`);
    await sidebarLink(page, 'Inventario').click();
    const warning = page.getByRole('alertdialog', { name: 'Modifiche non salvate' });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Hai modifiche non salvate. Vuoi uscire senza salvarle?');
    await warning.getByRole('button', { name: 'Resta' }).click();
    await expect(warning).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/products\/[\w-]+\/edit$/);
    await expect(page.getByLabel('Titolo')).toHaveValue(`Lampada Boreale ${tag}`);

    // Closing or reloading the tab gets the browser's own question.
    const asked = new Promise<string>((resolve) => page.once('dialog', (d) => void d.dismiss().then(() => resolve(d.type()))));
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    await expect(page.getByLabel('Titolo')).toHaveValue(`Lampada Boreale ${tag}`);

    // Then leaving for real.
    await sidebarLink(page, 'Inventario').click();
    await warning.getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(page).toHaveURL(/\/dashboard\/inventory$/);
    await expect(page.getByRole('heading', { name: 'Inventario' })).toBeVisible();

    // Saving is not leaving with unsaved changes: no warning after 'Salva prodotto'.
    await page.goto(`/dashboard/products/${product.id}/edit`);
    await page.getByLabel('Titolo').fill(`${product.title} grande`);
    await page.getByRole('button', { name: 'Salva prodotto' }).click();
    await expect(toast(page, 'Prodotto aggiornato')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/products$/);
    await expect(warning).toBeHidden();

    // Stock: 10 → 13 on the inventory page, then 'Storico' says who, when and why.
    await page.goto('/dashboard/inventory');
    const row = page.getByTestId('inventory-row').filter({ hasText: `${product.title} grande` });
    await row.getByRole('button', { name: 'Modifica' }).click();
    await page.getByLabel(`Quantità di ${product.title} grande`, { exact: true }).fill('13');
    await row.getByRole('button', { name: 'Salva' }).click();
    await expect(toast(page, 'Stock aggiornato')).toBeVisible();
    await row.getByRole('button', { name: 'Storico' }).click();
    const history = page.getByRole('dialog', { name: 'Storico' });
    await expect(history).toContainText(`${product.title} grande`);
    const movements = history.getByTestId('stock-movement');
    await expect(movements).toHaveCount(2);
    await expect(movements.nth(0)).toContainText(`Modifica manuale di ${email}`);
    await expect(movements.nth(0)).toContainText('+3');
    await expect(movements.nth(0)).toContainText('13 disponibili');
    await expect(movements.nth(1)).toContainText('Giacenza iniziale');
    await expect(movements.nth(1)).toContainText('+10');
  });
});
