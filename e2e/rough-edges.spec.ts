import type { Locator, Page } from '@playwright/test';
import { expect, signUpViaApi, test } from './fixtures';

// 60 characters: the longest name the store form allows.
const LONG_NAME = 'Bottega artigiana della ceramica dipinta a mano, Deruta (PG)';

async function merchant(page: Page, names: string[]) {
  const { session } = await signUpViaApi(page);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const stores: Array<{ id: string; slug: string }> = [];
  // The last one created is the active store.
  for (const name of names) {
    const res = await page.request.post('/api/stores', { data: { name }, headers });
    expect(res.status()).toBe(201);
    stores.push((await res.json()) as { id: string; slug: string });
  }
  return { headers, stores };
}

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error('element not laid out');
  return b;
};
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('rough edges', () => {
  test('a 60-character store name truncates with the full name on hover, at 1366 and 390 px', async ({ page }) => {
    expect(LONG_NAME).toHaveLength(60);
    await merchant(page, ['Corto', `${LONG_NAME.slice(0, 58)} 2`, LONG_NAME]);

    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard/stores');
      const cards = page.getByTestId('store-card');
      await expect(cards).toHaveCount(3);
      const boxes = await Promise.all([0, 1, 2].map((i) => box(cards.nth(i))));
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `cards ${i} and ${j} at ${width}px`).toBe(false);
      // Every 'Elimina' receives the click (nothing covers it).
      for (let i = 0; i < 3; i++)
        await cards
          .nth(i)
          .getByRole('button', { name: /^Elimina / })
          .click({ trial: true });
      const name = page.getByRole('heading', { name: LONG_NAME, exact: true });
      await expect(name).toHaveAttribute('title', LONG_NAME);
      expect(await name.evaluate((e) => e.scrollWidth > e.clientWidth)).toBe(true);
      expect(await noSideScroll(page)).toBe(true);
    }

    // The dashboard home on a phone does not scroll sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.locator('main').getByText(LONG_NAME).first()).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    // The store switcher shows the whole name on hover too.
    await page.getByTestId('account-menu').click();
    await expect(page.getByTestId('store-switch-item').filter({ hasText: LONG_NAME }).locator('[title]')).toHaveAttribute('title', LONG_NAME);
  });

  test("'12,90' in the product price saves 12,90 €; a negative stock is refused with its reason", async ({ page }) => {
    const { headers, stores } = await merchant(page, ['Bottega Prezzi']);
    await page.goto('/dashboard/products/new');
    await expect(page.getByLabel('SKU')).toHaveValue(/^SKU-/);
    await page.getByLabel('Titolo').fill('Tazza smaltata');
    await expect(page.getByLabel('Prezzo (€)')).toHaveAttribute('inputmode', 'decimal');
    await expect(page.getByLabel('Prezzo (€)')).toHaveAttribute('type', 'text');
    await page.getByLabel('Prezzo (€)').fill('12,90');
    await page.getByLabel('Stock').fill('4');
    await page.getByRole('button', { name: 'Crea prodotto' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Prodotto creato' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/products\/[\w-]+\/edit$/);
    await expect(page.getByLabel('Prezzo (€)')).toHaveValue('12,90');
    const productId = /products\/([\w-]+)\/edit/.exec(page.url())![1];
    const saved = await page.request.get(`/api/stores/${stores[0]!.id}/products/${productId}`, { headers });
    expect((await saved.json()).priceCents).toBe(1290);

    await page.goto('/dashboard/inventory');
    await page.getByRole('button', { name: 'Modifica quantità di Tazza smaltata' }).click();
    const qty = page.getByLabel('Quantità di Tazza smaltata', { exact: true });
    await qty.fill('-3');
    await page.getByRole('button', { name: 'Salva', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'La quantità non può essere negativa' })).toBeVisible();
    await expect(qty).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Annulla' }).click();
    await expect(page.getByTestId('inventory-qty').filter({ visible: true })).toHaveText('4');
  });

  test("onboarding says why 'Avanti' is disabled", async ({ page }) => {
    await signUpViaApi(page);
    await page.goto('/onboarding');
    const next = page.getByRole('button', { name: 'Avanti' });
    const hint = page.getByText('Inserisci almeno 2 caratteri');
    await expect(next).toBeDisabled();
    await expect(hint).toBeVisible();
    const hintId = await hint.getAttribute('id');
    await expect(page.getByLabel('Nome Store')).toHaveAttribute('aria-describedby', new RegExp(`\\b${hintId}\\b`));
    await expect(next).toHaveAttribute('aria-describedby', hintId!);
    await page.getByLabel('Nome Store').fill('B');
    await expect(hint).toBeVisible();
    await page.getByLabel('Nome Store').fill('Bo');
    await expect(hint).toBeHidden();
    await expect(next).toBeEnabled();
  });

  test("toasts cover neither the account menu nor 'Visita Store', nor the sticky save bar on a phone", async ({ page }) => {
    const { stores } = await merchant(page, ['Bottega Avvisi']);
    // Toasts slide in; without motion their box is where they rest.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
      await page.goto(`/dashboard/stores/${stores[0]!.id}/settings`);
      const save = page.getByRole('button', { name: 'Salva Modifiche' });
      await save.click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Modifiche salvate' }).first();
      await expect(toast).toHaveAttribute('data-mounted', 'true');
      const toastBox = await box(toast);
      for (const control of [page.getByTestId('account-menu'), page.getByRole('link', { name: /Visita Store/ }), save]) {
        const controlBox = await box(control);
        expect(overlaps(toastBox, controlBox), `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(controlBox)} at ${width}px`).toBe(false);
      }
      await toast.getByRole('button', { name: 'Close toast' }).click();
      await expect(toast).toBeHidden();
    }
  });
});
