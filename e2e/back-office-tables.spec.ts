import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures';

type Auth = { authorization: string };

/** A merchant with a store of three products (one sold out) and a shopper's order, all through the API. */
async function merchantWithCatalogue(page: Page) {
  const { session } = await signUpViaApi(page);
  const headers: Auth = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36).toUpperCase();
  const storeRes = await page.request.post('/api/stores', { data: { name: `Bottega Tabelle ${tag}` }, headers });
  expect(storeRes.status()).toBe(201);
  const store = (await storeRes.json()) as { id: string; slug: string };
  const product = async (title: string, priceCents: number, stock: number) => {
    const res = await page.request.post(`/api/stores/${store.id}/products`, {
      data: { title, priceCents, stock, sku: `${title.slice(0, 3).toUpperCase()}-${tag}`, status: 'active' },
      headers,
    });
    expect(res.status()).toBe(201);
    return (await res.json()) as { id: string };
  };
  const tazza = await product('Tazza Aurora', 1290, 8);
  await product('Piatto Fiordaliso', 2450, 0);
  await product('Brocca Corallo', 3900, 5);
  return { store, tazza };
}

async function placeOrder(request: APIRequestContext, slug: string, productId: string) {
  const res = await request.post(`/api/public/stores/${slug}/checkout`, {
    data: {
      items: [{ productId, variantId: null, quantity: 1, unitPriceCents: 1290 }],
      customer: {
        customerName: 'Giulia Bianchi',
        customerEmail: uniqueEmail('cliente'),
        street: 'Via Garibaldi 12',
        city: 'Bologna',
        postalCode: '40121',
        province: 'BO',
      },
      country: 'Italia',
      subtotalCents: 1290,
      shippingCents: 599,
      totalCents: 1889,
      paymentMethod: 'cod',
      acceptTerms: true,
      idempotencyKey: `e2e-tabelle-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: number }).orderNumber;
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const rowTitles = (page: Page) => page.getByTestId('product-row').getByRole('rowheader').getByRole('link');
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('back-office tables', () => {
  test('the merchant works the products and orders as tables: view remembered, sorting, filters, bulk status', async ({ page, request }) => {
    const { store, tazza } = await merchantWithCatalogue(page);
    const number = await placeOrder(request, store.slug, tazza.id);

    // The spec's cards until the merchant picks the table; the choice survives a reload.
    await page.goto('/dashboard/products');
    await expect(page.getByTestId('product-card')).toHaveCount(3);
    await page.getByRole('button', { name: 'Vista tabella' }).click();
    const table = page.getByRole('table', { name: 'Prodotti del catalogo' });
    await expect(table).toBeVisible();
    await page.reload();
    await expect(table).toBeVisible();
    await expect(page.getByRole('button', { name: 'Vista tabella' })).toHaveAttribute('aria-pressed', 'true');
    await expect(rowTitles(page)).toHaveText(['Brocca Corallo', 'Piatto Fiordaliso', 'Tazza Aurora']);

    // Sorting by price, cheapest first then dearest first, kept in the URL.
    const price = table.getByRole('columnheader', { name: 'Prezzo' });
    await price.getByRole('button').click();
    await expect(page).toHaveURL(/sort=price&dir=asc/);
    await expect(price).toHaveAttribute('aria-sort', 'ascending');
    await expect(rowTitles(page)).toHaveText(['Tazza Aurora', 'Piatto Fiordaliso', 'Brocca Corallo']);
    await price.getByRole('button').click();
    await expect(price).toHaveAttribute('aria-sort', 'descending');
    await expect(rowTitles(page)).toHaveText(['Brocca Corallo', 'Piatto Fiordaliso', 'Tazza Aurora']);

    // Filtering the sold-out ones, then clearing the filters.
    await page.getByLabel('Magazzino').selectOption({ label: 'Esaurito' });
    await expect(page).toHaveURL(/stock=out/);
    await expect(rowTitles(page)).toHaveText(['Piatto Fiordaliso']);
    await page.getByRole('button', { name: 'Cancella filtri' }).click();
    await expect(rowTitles(page)).toHaveCount(3);

    // Two products to draft in one go, after the confirmation.
    await page.getByRole('checkbox', { name: 'Seleziona Tazza Aurora' }).check();
    await page.getByRole('checkbox', { name: 'Seleziona Brocca Corallo' }).check();
    await expect(page.getByText('2 prodotti selezionati')).toBeVisible();
    // The selection as a CSV file, in the international dialect asked in its dialog.
    await page.getByRole('region', { name: 'Azioni sui prodotti selezionati' }).getByRole('button', { name: 'Esporta selezione' }).click();
    const productsExport = page.getByRole('dialog', { name: 'Esporta 2 prodotti in CSV' });
    await productsExport.getByLabel('Formato internazionale').check();
    const productsDownload = page.waitForEvent('download');
    await productsExport.getByRole('button', { name: 'Scarica CSV' }).click();
    const productsFile = fs.readFileSync((await (await productsDownload).path()) ?? '', 'utf8');
    expect(productsFile).toMatch(/^Handle,Title,/);
    expect(productsFile).toContain('Tazza Aurora');
    expect(productsFile).not.toContain('Piatto Fiordaliso');
    await expect(productsExport).toBeHidden();
    await page.getByLabel('Cambia stato dei prodotti selezionati').selectOption({ label: 'Bozza' });
    const confirm = page.getByRole('alertdialog', { name: 'Impostare 2 prodotti come «Bozza»?' });
    await confirm.getByRole('button', { name: 'Conferma' }).click();
    await expect(toast(page, '2 prodotti aggiornati')).toBeVisible();
    const rowOf = (title: string) => page.getByTestId('product-row').filter({ hasText: title });
    await expect(rowOf('Tazza Aurora')).toContainText('Bozza');
    await expect(rowOf('Brocca Corallo')).toContainText('Bozza');
    await expect(rowOf('Piatto Fiordaliso')).toContainText('Attivo');
    await expect(page.getByRole('checkbox', { name: 'Seleziona Tazza Aurora' })).not.toBeChecked();

    // On a phone the table scrolls in its own frame; the page does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(table).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });

    // Orders: the table, one order ticked, its status changed in bulk.
    await page.goto('/dashboard/orders');
    await page.getByRole('button', { name: 'Vista tabella' }).click();
    const orders = page.getByRole('table', { name: 'Ordini dello store' });
    await expect(orders).toBeVisible();
    await page.getByRole('checkbox', { name: `Seleziona l'ordine #${number}` }).check();
    // Its export stays in Italian Excel's dialect unless asked otherwise.
    await page.getByRole('region', { name: 'Azioni sugli ordini selezionati' }).getByRole('button', { name: 'Esporta selezione' }).click();
    const ordersExport = page.getByRole('dialog', { name: 'Esporta 1 ordine in CSV' });
    await expect(ordersExport.getByLabel('Formato internazionale')).not.toBeChecked();
    const ordersDownload = page.waitForEvent('download');
    await ordersExport.getByRole('button', { name: 'Scarica CSV' }).click();
    expect(fs.readFileSync((await (await ordersDownload).path()) ?? '', 'utf8')).toMatch(/^\uFEFFNumero ordine;/);
    await expect(ordersExport).toBeHidden();
    await page.getByLabel('Cambia stato degli ordini selezionati').selectOption({ label: 'Confermato' });
    await page.getByRole('alertdialog', { name: 'Portare 1 ordine a «Confermato»?' }).getByRole('button', { name: 'Cambia stato' }).click();
    await expect(toast(page, '1 ordine aggiornato')).toBeVisible();
    await expect(page.getByTestId('order-table-row').filter({ hasText: `#${number}` })).toContainText('Confermato');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(orders).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
  });
});
