import type { Page } from '@playwright/test';
import { cartButton, expect, test, uniqueEmail, merchantShopViaApi } from './fixtures';

/** A merchant with a store and one active product (20,00 €, 10 pieces), made through the API. */
async function merchantWithProduct(page: Page) {
  const { headers, store } = await merchantShopViaApi(page, {
    email: uniqueEmail('pagamenti'),
    storeName: 'Bottega Pagamenti',
    product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
  });
  return { store, headers };
}

async function addToCartAndCheckout(shop: Page, slug: string) {
  await shop.goto(`/store/${slug}/products`);
  await shop.getByRole('link', { name: 'Tazza Aurora' }).first().click();
  await shop.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  // The cart shows the line before the shopper moves on (a tap before the page is interactive is applied once it is).
  await expect(cartButton(shop)).toHaveAccessibleName('Carrello, 1 articolo');
  await shop.goto(`/store/${slug}/checkout`);
  await shop.getByLabel('Nome e cognome').fill('Giulia Bianchi');
  await shop.getByLabel('Email', { exact: true }).fill(uniqueEmail('cliente'));
  await shop.getByLabel('Indirizzo', { exact: true }).fill('Via Garibaldi 12');
  await shop.getByLabel('Città').fill('Bologna');
  await shop.getByLabel('CAP').fill('40121');
  await shop.getByLabel('Provincia', { exact: true }).selectOption('BO');
}

test.describe('getting paid', () => {
  test('the merchant sets up payments; the shopper pays by bank transfer and comes back to a paid order', async ({ page, browser }) => {
    const { store } = await merchantWithProduct(page);

    // Impostazioni → Pagamenti.
    await page.goto(`/dashboard/stores/${store.id}/settings/pagamenti`);
    const bank = page.getByTestId('payment-bank-transfer');
    await bank.getByRole('switch').click();
    await bank.getByLabel('IBAN').fill('IT61 X054 2811 1010 0000 0123 456');
    await bank.getByLabel('Intestatario').fill('Bottega Srl');
    await page.getByRole('button', { name: 'Salva pagamenti' }).click();
    await expect(bank.getByText('IBAN non valido')).toBeVisible();
    await bank.getByLabel('IBAN').fill('it60 x054 2811 1010 0000 0123 456');
    const cod = page.getByTestId('payment-cod');
    await cod.getByLabel('Supplemento (€)').fill('2,00');
    const pickup = page.getByTestId('payment-pickup');
    await pickup.getByRole('switch').click();
    await pickup.getByLabel('Indirizzo').fill('Via Dante 5, 20121 Milano');
    await pickup.getByLabel('Orari di apertura').fill('Lun-Sab 9-19');
    await page.getByRole('button', { name: 'Salva pagamenti' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    // The shopper compares methods: the totals follow at once.
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await addToCartAndCheckout(shop, store.slug);
    const total = shop.getByTestId('totale-ordine');
    await shop.getByRole('radio', { name: /^Contrassegno/ }).check();
    await expect(total).toHaveText('27,99 €');
    await expect(shop.getByText('Supplemento contrassegno')).toBeVisible();
    await shop.getByRole('radio', { name: /^Ritiro in negozio/ }).check();
    await expect(total).toHaveText('20,00 €');
    await shop.getByRole('radio', { name: /^Bonifico bancario/ }).check();
    await expect(total).toHaveText('25,99 €');
    await shop.getByRole('checkbox', { name: /Ho letto e accetto/ }).check();
    await shop.getByRole('button', { name: 'Conferma ordine' }).click();

    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/ordine/[A-Za-z0-9_-]{43}$`));
    const heading = shop.getByRole('heading', { name: /^Ordine #\d+$/ });
    await expect(heading).toBeVisible();
    const orderNumber = (await heading.textContent())!.replace(/\D/g, '');
    await expect(shop.getByText('IT60 X054 2811 1010 0000 0123 456')).toBeVisible();
    await expect(shop.getByText(`Ordine #${orderNumber} – ${store.name}`)).toBeVisible();
    const status = shop.getByRole('list', { name: 'Stato' });
    await expect(status).toContainText('Pagamento: Da pagare');
    const orderUrl = shop.url();

    // The merchant sees the transfer arrive and marks the order paid.
    await page.goto('/dashboard/orders');
    const row = page.getByTestId('order-row').filter({ hasText: `#${orderNumber}` });
    await expect(row.getByTestId('payment-status')).toHaveText(/Da pagare/);
    await row.getByRole('button', { name: `Segna come pagato l’ordine #${orderNumber}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Segna come pagato' }).click();
    // Money received also confirms the order, and the toast says so.
    await expect(page.getByText('Pagamento registrato')).toBeVisible();
    await expect(page.getByText('L’ordine è passato a “Confermato”.')).toBeVisible();
    await expect(row.getByTestId('payment-status')).toHaveText(/Pagato/);

    // The shopper comes back later to the same link.
    await shop.goto(orderUrl);
    await expect(shop.getByText('Pagamento ricevuto')).toBeVisible();
    await expect(status).toContainText('Pagamento: Pagato');
    await shopper.close();
  });
});
