import type { Browser, Page } from '@playwright/test';
import { expect, mailbox, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A merchant with a fresh store, signed in in the page's cookie jar. */
async function merchantStore(page: Page) {
  const { session } = await signUpViaApi(page, uniqueEmail('registro'));
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const res = await page.request.post('/api/stores', { data: { name: `Bottega Registro ${Date.now().toString(36)}` }, headers });
  expect(res.status()).toBe(201);
  return { store: (await res.json()) as { id: string; slug: string; name: string }, headers };
}

/** A staff member of the store who joined through the mailed invitation, signed in in a context of their own. */
async function staffOf(browser: Browser, storeId: string, ownerHeaders: Record<string, string>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const email = uniqueEmail('staff');
  const { session } = await signUpViaApi(page, email);
  const invited = await page.request.post(`/api/stores/${storeId}/team/invitations`, { data: { email, role: 'staff' }, headers: ownerHeaders });
  expect(invited.status()).toBe(201);
  const link = mailbox.link(await mailbox.waitFor(email, /Invito a far parte del team/), '/invitations/accept');
  const accepted = await page.request.post('/api/invitations/accept', {
    data: { token: new URL(link).searchParams.get('token') },
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(accepted.status()).toBe(200);
  return { context, page };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Sezioni delle impostazioni' });

test.describe('Registro attività', () => {
  test('a change shows in the log with before → after, the filters narrow it, the file downloads', async ({ page }) => {
    const { store } = await merchantStore(page);
    const base = `/dashboard/stores/${store.id}/settings`;
    await page.goto(`${base}/generale`);
    await page.getByLabel('Nome Store').fill('Bottega Rinominata');
    await page.getByRole('button', { name: 'Salva Modifiche' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    await menu(page).getByRole('link', { name: 'Registro attività' }).click();
    await expect(page).toHaveURL(`${base}/registro-attivita`);
    await expect(page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();
    // Cards below 1024 px, a table above: the one on screen counts.
    const entries = page.getByTestId('audit-entry').filter({ visible: true });
    const entry = entries.filter({ hasText: 'Impostazioni dello store modificate' });
    await expect(entry).toHaveCount(1);
    await page.getByRole('button', { name: 'Mostra dettagli: Impostazioni dello store modificate' }).click();
    const details = page.getByRole('definition').filter({ visible: true });
    await expect(details).toHaveText([`${store.name} → diventa Bottega Rinominata`]);
    await expect(page.getByText(/^Sessione: .+ su .+ · Rete /).filter({ visible: true })).toBeVisible();

    await page.getByLabel('Tipo').selectOption('team');
    await expect(page).toHaveURL(/kind=team/);
    await expect(page.getByText('Nessuna attività con questi filtri')).toBeVisible();
    await page.getByRole('button', { name: 'Azzera filtri' }).first().click();
    await expect(entry).toHaveCount(1);

    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esporta il registro in CSV' });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Scarica CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^registro-attivita-.+\.csv$/);
    // The export itself enters the log.
    await page.reload();
    await expect(entries.filter({ hasText: 'Registro attività esportato in CSV' })).toHaveCount(1);
  });

  test('on a phone the entries are cards and nothing is wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { store, headers } = await merchantStore(page);
    const invited = await page.request.post(`/api/stores/${store.id}/team/invitations`, { data: { email: uniqueEmail('invitata'), role: 'admin' }, headers });
    expect(invited.status()).toBe(201);
    await page.goto(`/dashboard/stores/${store.id}/settings/generale`);
    await page.getByLabel('Sezione', { exact: true }).selectOption('registro-attivita');
    await expect(page.getByRole('heading', { level: 1, name: 'Registro attività' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('list', { name: 'Attività' })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test('staff find no Registro attività in the settings, and the address says it is reserved', async ({ page, browser }) => {
    const { store, headers } = await merchantStore(page);
    const staff = await staffOf(browser, store.id, headers);
    await staff.page.goto(`/dashboard/stores/${store.id}/settings/generale`);
    await expect(menu(staff.page).getByRole('link', { name: 'Generale' })).toBeVisible();
    await expect(menu(staff.page).getByRole('link', { name: 'Registro attività' })).toHaveCount(0);
    await staff.page.goto(`/dashboard/stores/${store.id}/settings/registro-attivita`);
    await expect(staff.page.getByText('Registro riservato')).toBeVisible();
    await expect(staff.page.getByRole('button', { name: 'Esporta CSV' })).toHaveCount(0);
    await staff.context.close();
  });
});
