import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures';

// Two small PNGs (purple and orange, 48×48), so the spec needs no binary fixture files.
const PURPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAwCAIAAADYYG7QAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAX0lEQVRYhe3WwQnAAAxC0U7hok7vrUsU0sODDBBEvz5rfnXP+QfzUChUHpqU5Rw/A8ZQqDw0Kcs5hGaghULloUlZcCjAWNUx5Rrzo/fTbAZaKFQempQFhwKMVR37NAovllWSxMNFRTEAAAAASUVORK5CYII=',
  'base64',
);

/** A signed-in merchant whose active store was created through the stores API. */
async function merchantWithStore(page: Page, name = 'Bottega Catalogo') {
  const { session } = await signUpViaApi(page);
  const res = await page.request.post('/api/stores', { data: { name }, headers: { authorization: `Bearer ${session.accessToken}` } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; slug: string };
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test.describe('catalogue', () => {
  test('product with two images and two variants, inline stock edit, categories, sample data', async ({ page }) => {
    const store = await merchantWithStore(page);

    // Products: empty state, then the form with the generated SKU.
    await page.goto('/dashboard/products');
    await expect(page.getByText('Nessun prodotto trovato')).toBeVisible();
    await page.getByRole('link', { name: 'Crea il tuo primo prodotto' }).click();
    await expect(page.getByRole('heading', { name: 'Nuovo prodotto' })).toBeVisible();
    await expect(page.getByLabel('SKU')).toHaveValue('SKU-0001');
    await page.getByLabel('Titolo').fill('Maglietta Aurora');
    await page.getByLabel('Descrizione').fill('Cotone biologico, vestibilità regolare.');
    await page.getByLabel('Prezzo (€)').fill('24.90');
    await page.getByLabel('Stock').fill('5');

    // Variants need a saved product first.
    await page.getByRole('button', { name: 'Aggiungi variante' }).click();
    await expect(toast(page, 'Devi salvare il prodotto prima di aggiungere varianti')).toBeVisible();

    // Two images: uploaded at once, reordered, the first is the cover.
    await page.getByTestId('image-input').setInputFiles([
      { name: 'viola.png', mimeType: 'image/png', buffer: PURPLE_PNG },
      { name: 'seconda.png', mimeType: 'image/png', buffer: PURPLE_PNG },
    ]);
    await expect(toast(page, 'Immagini caricate')).toBeVisible();
    await expect(page.getByTestId('gallery-image')).toHaveCount(2);
    const firstSrc = await page.getByTestId('gallery-image').nth(0).locator('img').getAttribute('src');
    await page.getByRole('button', { name: 'Sposta immagine 2 a sinistra' }).click();
    await expect(page.getByTestId('gallery-image').nth(1).locator('img')).toHaveAttribute('src', firstSrc!);
    await page.getByRole('button', { name: 'Crea prodotto' }).click();
    await expect(toast(page, 'Prodotto creato')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/products\/[\w-]+\/edit$/);
    await expect(page.getByTestId('gallery-image')).toHaveCount(2);

    // Variant dialog: required fields, then two variants (one cheaper).
    await page.getByRole('button', { name: 'Aggiungi variante' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Salva variante' }).click();
    await expect(toast(page, 'Label e SKU sono obbligatori')).toBeVisible();
    await dialog.getByLabel('Label').fill('Taglia M');
    await dialog.getByLabel('SKU').fill('SKU-0001-M');
    await dialog.getByLabel('Stock').fill('3');
    await dialog.getByLabel('Nome attributo 1').fill('Taglia');
    await dialog.getByLabel('Valore attributo 1').fill('M');
    await dialog.getByRole('button', { name: 'Salva variante' }).click();
    await expect(toast(page, 'Variante salvata')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Aggiungi variante' }).click();
    await dialog.getByLabel('Label').fill('Taglia L');
    await dialog.getByLabel('SKU').fill('SKU-0001-M');
    await dialog.getByLabel('Differenza di prezzo (€)').fill('-2,50');
    await dialog.getByLabel('Stock').fill('4');
    await dialog.getByRole('button', { name: 'Salva variante' }).click();
    await expect(toast(page, 'Questo SKU è già utilizzato da un altro prodotto. Scegli uno SKU diverso.')).toBeVisible();
    await dialog.getByLabel('SKU').fill('SKU-0001-L');
    await dialog.getByRole('button', { name: 'Salva variante' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('variant-row')).toHaveCount(2);
    await expect(page.getByTestId('variant-row').nth(1)).toContainText('22,40');

    // A variant being typed is not thrown away by Escape or 'Annulla' without asking; an untouched one closes at once.
    await page.getByRole('button', { name: 'Aggiungi variante' }).click();
    await dialog.getByLabel('Label').fill('Taglia XL');
    await page.keyboard.press('Escape');
    const discard = page.getByRole('alertdialog', { name: 'Modifiche non salvate' });
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Resta' }).click();
    await expect(discard).toBeHidden();
    await expect(dialog.getByLabel('Label')).toHaveValue('Taglia XL');
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await discard.getByRole('button', { name: 'Chiudi senza salvare' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('variant-row')).toHaveCount(2);
    await page.getByRole('button', { name: 'Aggiungi variante' }).click();
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(discard).toBeHidden();
    // With variants the product's own stock is disabled.
    await expect(page.getByLabel('Stock')).toBeDisabled();

    // Inventory: one row per variant, inline edit to 0 shows in red and updates the totals.
    await page.goto('/dashboard/inventory');
    await expect(page.getByTestId('inventory-row')).toHaveCount(2);
    await expect(page.getByTestId('inventory-total-totale')).toHaveText('7');
    await page.getByRole('button', { name: 'Modifica quantità di Maglietta Aurora – Taglia M' }).click();
    const qty = page.getByLabel('Quantità di Maglietta Aurora – Taglia M', { exact: true });
    await qty.fill('0');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(toast(page, 'Stock aggiornato')).toBeVisible();
    const row = page.getByTestId('inventory-row').filter({ hasText: 'Taglia M' });
    await expect(row.getByTestId('inventory-qty')).toHaveText('0');
    await expect(row.getByTestId('inventory-qty')).toHaveClass(/text-destructive/);
    await expect(page.getByTestId('inventory-total-totale')).toHaveText('4');
    await page.getByLabel('Cerca nel magazzino').fill('sku-0001-l');
    await expect(page.getByTestId('inventory-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'Aggiorna' }).click();
    await expect(page.getByTestId('inventory-row')).toHaveCount(1);

    // Categories: create with a derived slug, then delete with the spec's confirmation.
    await page.goto('/dashboard/categories');
    await page.getByRole('link', { name: 'Crea la tua prima categoria' }).click();
    await page.getByLabel('Nome').fill('Casa e Cucina');
    await expect(page.getByLabel('Slug')).toHaveValue('casa-e-cucina');
    await page.getByRole('button', { name: 'Crea categoria' }).click();
    await expect(toast(page, 'Categoria creata')).toBeVisible();
    await expect(page.getByTestId('category-card')).toContainText('/casa-e-cucina');
    await page.getByRole('button', { name: 'Elimina Casa e Cucina' }).click();
    await expect(page.getByText('I prodotti associati non verranno eliminati ma rimarranno senza categoria')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(toast(page, 'Categoria eliminata')).toBeVisible();
    await expect(page.getByText('Nessuna categoria trovata')).toBeVisible();

    // Sample data from the store settings: 12 products replace ours.
    await page.goto(`/dashboard/stores/${store.id}/settings`);
    await page.getByRole('button', { name: 'Dati di esempio' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Continua' }).click();
    await expect(toast(page, 'Dati di esempio creati!')).toBeVisible({ timeout: 30_000 });
    await expect(toast(page, '5 categorie, 12 prodotti')).toBeVisible();
    await page.goto('/dashboard/products');
    await expect(page.getByTestId('product-card')).toHaveCount(12);
    await expect(page.getByText('Maglietta Aurora')).toHaveCount(0);
    await expect(page.getByText('12 prodotti nel catalogo')).toBeVisible();

    // Deleting a product asks first.
    await page.getByRole('button', { name: 'Elimina Smartwatch Pulse' }).click();
    await expect(page.getByText('Eliminare questo prodotto?')).toBeVisible();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Elimina' }).click();
    await expect(toast(page, 'Prodotto eliminato')).toBeVisible();
    await expect(page.getByTestId('product-card')).toHaveCount(11);
  });

  test('fits a 360 px screen', async ({ page }) => {
    await merchantWithStore(page, 'Negozio Mobile');
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/dashboard/products', '/dashboard/products/new', '/dashboard/inventory', '/dashboard/categories', '/dashboard/categories/new']) {
      await page.goto(path);
      await expect(page.locator('main h1')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });

  test('catalogue pages send a user without a store to the dashboard', async ({ page }) => {
    await signUpViaApi(page);
    for (const path of ['/dashboard/products', '/dashboard/inventory', '/dashboard/categories/new']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
  });
});
