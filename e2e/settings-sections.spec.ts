import type { Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A merchant with a fresh store, signed in in the page's cookie jar. */
async function merchantStore(page: Page) {
  const { session } = await signUpViaApi(page, uniqueEmail('sezioni'));
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const res = await page.request.post('/api/stores', { data: { name: `Bottega Sezioni ${Date.now().toString(36)}` }, headers });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; slug: string; name: string };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Sezioni delle impostazioni' });
const saveButtons = (page: Page) => page.getByRole('button', { name: /^Salva/ });

test.describe('settings split by subject', () => {
  test('each section has its own address and one save; the seat typed in Dati aziendali is the invoices’ one', async ({ page }) => {
    const store = await merchantStore(page);
    const base = `/dashboard/stores/${store.id}/settings`;

    // The old single page opens on 'Generale'; an old anchor opens its section.
    await page.goto(base);
    await expect(page).toHaveURL(`${base}/generale`);
    await expect(menu(page).getByRole('link', { name: 'Generale' })).toHaveAttribute('aria-current', 'page');
    await expect(saveButtons(page)).toHaveCount(1);
    await page.getByLabel('Nome Store').fill('Bottega Rinominata');
    await page.getByRole('button', { name: 'Salva Modifiche' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    await menu(page).getByRole('link', { name: 'Dati aziendali' }).click();
    await expect(page).toHaveURL(`${base}/dati-aziendali`);
    await expect(saveButtons(page)).toHaveCount(1);
    const business = page.getByRole('form', { name: 'Dati aziendali' });
    await business.getByLabel('Ragione sociale').fill('Bottega Sezioni S.r.l.');
    await business.getByLabel('Partita IVA').fill('06363391001');
    await business.getByLabel('Sede legale: indirizzo').fill('Via Dante 5');
    await business.getByLabel('Comune').fill('Milano');
    await page.getByRole('button', { name: 'Salva dati aziendali' }).click();
    // Half an address is refused where it is typed.
    await expect(business.getByText('CAP non valido: servono 5 cifre')).toBeVisible();
    await business.getByLabel('CAP').fill('20121');
    await business.getByLabel('Provincia').fill('mi');
    await page.getByRole('button', { name: 'Salva dati aziendali' }).click();
    await expect(page.getByText('Dati aziendali salvati')).toBeVisible();

    // Fatturazione asks for no address: with the business details complete it is ready at once.
    await menu(page).getByRole('link', { name: 'Fatturazione' }).click();
    const invoicing = page.getByRole('form', { name: 'Fatturazione' });
    await expect(invoicing.getByLabel('Regime fiscale')).toBeVisible();
    await expect(invoicing.getByLabel('CAP')).toHaveCount(0);
    await expect(page.getByTestId('invoice-settings-not-ready')).toBeHidden();
    await expect(saveButtons(page)).toHaveCount(1);
    // The switch says what it is: off until turned on.
    const auto = page.getByTestId('invoice-settings-auto-issue');
    await expect(invoicing.getByText('Non attivo')).toBeVisible();
    await auto.click();
    await expect(invoicing.getByText('Attivo', { exact: true })).toBeVisible();
    await page.getByTestId('invoice-settings-save').click();
    // The toast of the first save may still be on screen.
    await expect(page.getByText('Modifiche salvate').last()).toBeVisible();

    // Each save kept its own section: the name saved first is still there.
    await page.goto(`${base}#pagine-legali`);
    await expect(page).toHaveURL(`${base}/pagine-legali`);
    await menu(page).getByRole('link', { name: 'Generale' }).click();
    await expect(page.getByLabel('Nome Store')).toHaveValue('Bottega Rinominata');
  });

  test('leaving a section with unsaved changes asks first', async ({ page }) => {
    const store = await merchantStore(page);
    const base = `/dashboard/stores/${store.id}/settings`;
    await page.goto(`${base}/spedizioni`);
    await page.getByLabel('Tariffa (€)', { exact: true }).fill('4,90');

    await menu(page).getByRole('link', { name: 'Pagamenti' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Modifiche non salvate' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Resta' }).click();
    await expect(page).toHaveURL(`${base}/spedizioni`);
    await expect(page.getByLabel('Tariffa (€)', { exact: true })).toHaveValue('4,90');

    await menu(page).getByRole('link', { name: 'Pagamenti' }).click();
    await dialog.getByRole('button', { name: 'Esci senza salvare' }).click();
    await expect(page).toHaveURL(`${base}/pagamenti`);
    await expect(page.getByRole('button', { name: 'Salva pagamenti' })).toBeVisible();
  });

  test('on a phone the sections are a select and nothing is wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const store = await merchantStore(page);
    const base = `/dashboard/stores/${store.id}/settings`;
    await page.goto(base);
    await expect(page.getByLabel('Nome Store')).toBeVisible();
    await expect(menu(page)).toBeHidden();
    const select = page.getByLabel('Sezione', { exact: true });
    await expect(select).toHaveValue('generale');
    for (const [value, save] of [
      ['pagamenti', 'Salva pagamenti'],
      ['dati-aziendali', 'Salva dati aziendali'],
      ['fatturazione', 'Salva fatturazione'],
    ] as const) {
      await select.selectOption(value);
      await expect(page).toHaveURL(`${base}/${value}`);
      await expect(page.getByRole('button', { name: save })).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${value} at 390 px`).toBeLessThanOrEqual(390);
    }
  });
});
