import type { Page } from '@playwright/test';
import type { AxeAudit } from './a11y-audit';
import type { AuditShop } from './a11y-seed';
import { expect, hydrated } from './fixtures';

export async function signIn(page: Page, shop: AuditShop) {
  const res = await page.request.post('/api/auth/login', { data: shop.merchant });
  expect(res.status()).toBe(200);
}

/** Goes to a dashboard page and waits for its title. */
async function openDashboard(page: Page, url: string, heading: string | RegExp) {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
}

/** Every dashboard page, signed in as the store's owner, and the states its actions open. */
export async function dashboard(page: Page, audit: AxeAudit, shop: AuditShop, mobile: boolean) {
  const settings = `/dashboard/stores/${shop.store.id}/settings`;
  const pages: Array<[string, string, string | RegExp]> = [
    ['dashboard home', '/dashboard', /.+/],
    ['stores', '/dashboard/stores', /.+/],
    ['products', '/dashboard/products', 'Prodotti'],
    ['new product', '/dashboard/products/new', /.+/],
    ['edit product', `/dashboard/products/${shop.lamp.id}/edit`, /.+/],
    ['categories', '/dashboard/categories', 'Categorie'],
    ['new category', '/dashboard/categories/new', /.+/],
    ['edit category', `/dashboard/categories/${shop.categoryId}/edit`, /.+/],
    ['inventory', '/dashboard/inventory', /.+/],
    ['orders', '/dashboard/orders', 'Ordini'],
    ['returns', '/dashboard/returns', 'Resi'],
    ['customers', '/dashboard/customers', 'Clienti'],
    // The customer key is the id of one of their orders.
    ['customer page', `/dashboard/customers/${shop.orderId}`, /.+/],
    ['messages', '/dashboard/messages', 'Messaggi'],
    ['team', '/dashboard/team', 'Team'],
    ['received invitations', '/dashboard/invitations', /.+/],
    ['store settings', settings, 'Impostazioni Store'],
    ['settings: sicurezza', `${settings}/sicurezza`, 'Impostazioni Store'],
    ['registro attività', `${settings}/registro-attivita`, 'Registro attività'],
    ['discount codes', '/dashboard/discounts', 'Codici sconto'],
    ['profile', '/dashboard/profile', /.+/],
    ['dashboard 404', '/dashboard/pagina-che-non-esiste', /.+/],
  ];
  for (const [name, url, heading] of pages) {
    await openDashboard(page, url, heading);
    await audit.check(page, name);
  }

  await page.goto(`/dashboard/orders/${shop.orderId}/packing-slip`);
  await expect(page.getByRole('heading', { name: 'Distinta di imballaggio' })).toBeVisible();
  await audit.check(page, 'packing slip');

  await openDashboard(page, '/dashboard/orders', 'Ordini');
  await page
    .getByRole('link', { name: /^Dettagli dell'ordine/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Ordine #/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cronologia' })).toBeVisible();
  await audit.check(page, 'order page');

  // Products and orders as tables too (the cards are the default view), then back to the cards.
  for (const [list, heading] of [
    ['products', 'Prodotti'],
    ['orders', 'Ordini'],
  ]) {
    await openDashboard(page, `/dashboard/${list}`, heading!);
    await page.getByRole('button', { name: 'Vista tabella' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await audit.check(page, `${list} as a table`);
    await page.getByRole('button', { name: 'Vista a schede' }).click();
  }

  await openDashboard(page, '/dashboard/customers', 'Clienti');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Esporta clienti in CSV' })).toBeVisible();
  await audit.check(page, 'customers export dialog');
  await page.keyboard.press('Escape');

  await openDashboard(page, `${settings}/registro-attivita`, 'Registro attività');
  await page
    .getByRole('button', { name: /^Mostra dettagli: / })
    .first()
    .click();
  await expect(page.getByText(/^Sessione: /).first()).toBeVisible();
  await audit.check(page, 'registro attività, an entry open');
  await page.getByRole('button', { name: 'Esporta CSV' }).click();
  await expect(page.getByRole('dialog', { name: 'Esporta il registro in CSV' })).toBeVisible();
  await audit.check(page, 'registro attività export dialog');
  await page.keyboard.press('Escape');

  await openDashboard(page, '/dashboard/inventory', /.+/);
  await page
    .getByRole('button', { name: /^Storico/ })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Storico' })).toBeVisible();
  await audit.check(page, 'stock history dialog');

  // Leaving a form with an edit not saved asks first.
  await openDashboard(page, `/dashboard/categories/${shop.categoryId}/edit`, /.+/);
  await page.getByLabel('Nome').fill('Lampade da tavolo');
  await page.getByRole('button', { name: 'Annulla' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Modifiche non salvate' })).toBeVisible();
  await audit.check(page, 'unsaved changes dialog');
  await page.getByRole('button', { name: 'Esci senza salvare' }).click();
  await expect(page).toHaveURL(/\/dashboard\/categories$/);

  await openDashboard(page, '/dashboard/messages', 'Messaggi');
  await page.getByRole('tab', { name: /Chat dal vivo/ }).click();
  await page.getByRole('button', { name: /Avete la taglia S\?/ }).click();
  await expect(page.getByRole('textbox', { name: 'Messaggio' })).toBeVisible();
  await audit.check(page, 'messages, chat open');

  await openDashboard(page, '/dashboard/team', 'Team');
  await page.getByRole('radio', { name: /^Amministratore/ }).check();
  await audit.check(page, 'team, role picker on Amministratore');

  await openDashboard(page, '/dashboard/discounts', 'Codici sconto');
  await page.getByRole('button', { name: 'Nuovo codice' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit.check(page, 'discount code dialog');

  await openDashboard(page, settings, 'Impostazioni Store');
  // The section loaded first (its themes): a click while the page still grows leaves the toast
  // over whichever field the late layout moved under it.
  await expect(page.getByText('Audace', { exact: true })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salva Modifiche' }).click();
  await page.getByText('Modifiche salvate').hover();
  await audit.check(page, 'store settings, success toast');

  await openDashboard(page, '/dashboard', /.+/);
  await page.getByRole('button', { name: /notific/i }).click();
  await expect(page.getByRole('menu', { name: 'Notifiche' })).toBeVisible();
  await audit.check(page, 'notifications open');
  await page.keyboard.press('Escape');
  await page.getByTestId('account-menu').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit.check(page, 'account menu open');
  await page.keyboard.press('Escape');
  if (mobile) {
    await page.getByTestId('sidebar-trigger').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit.check(page, 'dashboard menu open');
    await page.keyboard.press('Escape');
  }

  // The wizard for a further store, step by step.
  await page.goto('/onboarding?mode=new-store');
  await expect(page.getByRole('heading', { level: 1, name: 'Nome del tuo Store' })).toBeVisible();
  await audit.check(page, 'onboarding: name');
  await page.getByLabel('Nome Store').fill('B');
  await audit.check(page, 'onboarding: name too short');
  await page.getByLabel('Nome Store').fill('Bottega Nuova');
  for (const step of ['Logo dello Store', 'Palette colori', 'Tema']) {
    await page.getByRole('button', { name: 'Avanti' }).click();
    await expect(page.getByRole('heading', { level: 1, name: step })).toBeVisible();
    await audit.check(page, `onboarding: ${step}`);
  }

  // The storefront's chat, signed in.
  await page.goto(`/store/${shop.store.slug}`);
  await hydrated(page);
  await page.getByRole('button', { name: `Scrivi a ${shop.store.name}` }).click();
  await expect(page.getByRole('textbox', { name: 'Messaggio' })).toBeVisible();
  await audit.check(page, 'store chat open');
}
