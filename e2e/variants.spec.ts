import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures';

async function merchantWithStore(page: Page, name = 'Bottega Varianti') {
  const { session } = await signUpViaApi(page);
  const res = await page.request.post('/api/stores', { data: { name }, headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(res.status()).toBe(201);
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();
const rows = (page: Page) => page.getByTestId('option-variant-row');

test.describe('variants by options', () => {
  test('Colore × Taglia before the first save, then a value added and one removed', async ({ page }) => {
    await merchantWithStore(page);
    await page.goto('/dashboard/products/new');
    await page.getByLabel('Titolo').fill('Maglia Aurora');
    await page.getByLabel('Prezzo (€)').fill('25');
    await page.getByLabel('SKU', { exact: true }).fill('MAGLIA');

    // Two options, values typed with commas and with Enter: six combinations at once.
    await page.getByRole('button', { name: 'Aggiungi opzione' }).click();
    await page.getByLabel('Nome opzione').fill('Colore');
    await page.getByLabel('Valori').fill('Rosso, Blu,');
    await page.getByRole('button', { name: 'Aggiungi opzione' }).click();
    await page.getByLabel('Nome opzione').nth(1).fill('Taglia');
    for (const size of ['S', 'M', 'L']) {
      await page.getByLabel('Valori').nth(1).fill(size);
      await page.getByLabel('Valori').nth(1).press('Enter');
    }
    await expect(rows(page)).toHaveCount(6);
    await expect(page.getByText('6 varianti')).toBeVisible();
    await expect(page.getByLabel('SKU Rosso / M')).toHaveAttribute('placeholder', 'MAGLIA-ROSSO-M');
    await expect(page.getByLabel('Stock', { exact: true })).toBeDisabled();
    await page.getByLabel('Stock Rosso / M').fill('4');
    await page.getByLabel('Differenza Blu / L').fill('2,50');

    // A repeated option name is refused before anything is sent.
    await page.getByRole('button', { name: 'Aggiungi opzione' }).click();
    await page.getByLabel('Nome opzione').nth(2).fill('colore');
    await page.getByLabel('Valori').nth(2).fill('Verde,');
    await page.getByRole('button', { name: 'Crea prodotto' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'L’opzione "colore" è ripetuta' })).toBeVisible();
    await page.getByRole('button', { name: 'Rimuovi l’opzione colore', exact: true }).click();
    await expect(rows(page)).toHaveCount(6);

    await page.getByRole('button', { name: 'Crea prodotto' }).click();
    await expect(toast(page, 'Con 6 varianti.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Modifica prodotto' })).toBeVisible();
    await expect(page.getByTestId('variant-row')).toHaveCount(6);
    await expect(page.getByTestId('variant-row').filter({ hasText: 'Rosso / M' })).toContainText('MAGLIA-ROSSO-M');
    await expect(page.getByTestId('variant-row').filter({ hasText: 'Blu / L' })).toContainText('27,50');
    await expect(page.getByLabel('Stock Rosso / M')).toHaveValue('4');

    // After the save: a new size adds its two combinations.
    await page.getByLabel('Valori').nth(1).fill('XL');
    await page.getByLabel('Valori').nth(1).press('Enter');
    await expect(rows(page)).toHaveCount(8);
    await page.getByLabel('Stock Blu / XL').fill('2');
    await page.getByRole('button', { name: 'Salva prodotto' }).click();
    await expect(toast(page, 'Prodotto aggiornato')).toBeVisible();
    await page
      .getByRole('link', { name: /Maglia Aurora/ })
      .first()
      .click();
    await expect(page.getByTestId('variant-row')).toHaveCount(8);
    await expect(page.getByLabel('Stock Blu / XL')).toHaveValue('2');

    // Removing a colour asks first, then takes its variants away on save.
    await page.getByRole('button', { name: 'Rimuovi il valore Blu da Colore' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('4 varianti salvate verranno eliminate');
    await confirm.getByRole('button', { name: 'Rimuovi' }).click();
    await expect(rows(page)).toHaveCount(4);
    await page.getByRole('button', { name: 'Salva prodotto' }).click();
    await expect(toast(page, 'Prodotto aggiornato')).toBeVisible();
    await page
      .getByRole('link', { name: /Maglia Aurora/ })
      .first()
      .click();
    await expect(page.getByTestId('variant-row')).toHaveCount(4);

    // The single-variant dialog stays for edits.
    await page.getByRole('button', { name: 'Modifica variante Rosso / M' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
});
