import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures';

/** A signed-in merchant whose active store was created through the stores API. */
async function merchantWithStore(page: Page, name: string) {
  const { session } = await signUpViaApi(page);
  const res = await page.request.post('/api/stores', { data: { name }, headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; slug: string };
}

const HEADER = 'Handle,Title,Type,Variant SKU,Variant Price,Variant Inventory Qty';
const file = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...lines].join('\r\n'), 'utf8') });
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test.describe('CSV in and out', () => {
  test('an import with a bad line shows its row; the corrected file imports; the export has the header row', async ({ page }) => {
    const tag = Date.now().toString(36).toUpperCase();
    const store = await merchantWithStore(page, `Bottega CSV ${tag}`);
    await page.goto('/dashboard/products');
    await expect(page.getByText('Nessun prodotto trovato')).toBeVisible();

    // A file whose third line has a price Excel would never accept either.
    await page.getByRole('button', { name: 'Importa CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importa prodotti da CSV' });
    await dialog
      .getByLabel('File CSV')
      .setInputFiles(file('prodotti.csv', [`tazza-aurora,Tazza Aurora,Casa,TZ-${tag},12.90,5`, `piatto-aurora,Piatto Aurora,Casa,PT-${tag},dodici,3`]));
    await expect(dialog.getByText('Il file contiene un errore')).toBeVisible();
    const errorRow = dialog.getByRole('table', { name: 'Errori del file' }).getByRole('row').nth(1);
    await expect(errorRow).toContainText('3');
    await expect(errorRow).toContainText('Variant Price');
    await expect(errorRow).toContainText('Inserisci un prezzo valido, ad esempio 12,50 o 1.250,00 (al massimo 2 decimali)');
    await expect(dialog.getByRole('button', { name: 'Importa', exact: true })).toBeDisabled();

    // The merchant fixes the line and chooses the file again.
    await dialog
      .getByLabel('File CSV')
      .setInputFiles(file('prodotti-corretto.csv', [`tazza-aurora,Tazza Aurora,Casa,TZ-${tag},12.90,5`, `piatto-aurora,Piatto Aurora,Casa,PT-${tag},12.00,3`]));
    await expect(dialog.getByText('2 prodotti nuovi, 0 da aggiornare')).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Prime righe del file' })).toContainText('Piatto Aurora');
    await dialog.getByRole('button', { name: 'Importa', exact: true }).click();
    await expect(toast(page, 'Importazione completata')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Tazza Aurora')).toBeVisible();
    await expect(page.getByText('Piatto Aurora')).toBeVisible();

    // Esporta CSV: a file named after the store, starting with Shopify's header row, in Italian Excel's dialect.
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const productsDialog = page.getByRole('dialog', { name: 'Esporta prodotti in CSV' });
    await expect(productsDialog.getByLabel('Formato internazionale')).not.toBeChecked();
    const download = page.waitForEvent('download');
    await productsDialog.getByRole('button', { name: 'Scarica CSV' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(new RegExp(`^prodotti-${store.slug}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const text = fs.readFileSync((await saved.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFFHandle;Title;Body (HTML);Type;Published;')).toBe(true);
    expect(text).toContain(`TZ-${tag}`);

    // Orders: 'Esporta CSV' with a date range (no orders yet: the header row alone).
    await page.goto('/dashboard/orders');
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const range = page.getByRole('dialog', { name: 'Esporta ordini in CSV' });
    await range.getByLabel('Dal', { exact: true }).fill('2026-01-01');
    await range.getByLabel('Al', { exact: true }).fill('2026-01-31');
    // 'Formato internazionale': commas, decimal points, no BOM.
    await range.getByLabel('Formato internazionale').check();
    const ordersDownload = page.waitForEvent('download');
    await range.getByRole('button', { name: 'Scarica CSV' }).click();
    const orders = await ordersDownload;
    expect(orders.suggestedFilename()).toBe(`ordini-${store.slug}-2026-01-01-2026-01-31.csv`);
    expect(fs.readFileSync((await orders.path()) ?? '', 'utf8')).toMatch(/^Numero ordine,Data,Stato,/);
  });
});
