import { cartButton, expect, test, uniqueEmail, merchantShopViaApi } from './fixtures';

test.describe('shipping rates and discount codes', () => {
  test('the merchant sets shipping and creates a code; the shopper gets free shipping with it and sees the discount on the order page', async ({
    page,
    browser,
  }) => {
    const { store } = await merchantShopViaApi(page, {
      email: uniqueEmail('sconti'),
      storeName: 'Bottega Sconti',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
    });

    // Impostazioni → Spedizioni: 4,90 € in Italy, free from 50,00 €, and France at 15,00 €.
    await page.goto(`/dashboard/stores/${store.id}/settings/spedizioni`);
    await page.getByLabel('Tariffa (€)', { exact: true }).fill('4,90');
    await page.getByLabel('Spedizione gratuita da (€)').fill('50,00');
    await page.getByLabel('Aggiungi un paese').selectOption({ label: 'Francia' });
    await page.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await page.getByLabel('Tariffa Francia (€)').fill('15');
    await page.getByRole('button', { name: 'Salva spedizioni' }).click();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    // Codici sconto: 10% off, from 30,00 €.
    await page.goto('/dashboard/discounts');
    await page.getByRole('button', { name: 'Nuovo codice' }).first().click();
    await page.getByLabel('Codice', { exact: true }).fill('benvenuto10');
    await page.getByLabel('Valore').fill('10');
    await page.getByLabel('Ordine minimo').fill('30,00');
    await page.getByRole('button', { name: 'Salva' }).click();
    await expect(page.getByText('Codice BENVENUTO10 creato')).toBeVisible();
    await expect(page.getByTestId('discount-row').filter({ hasText: 'BENVENUTO10' })).toContainText('0 / illimitati');

    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await shop.goto(`/store/${store.slug}/products`);
    await shop.getByRole('link', { name: 'Tazza Aurora' }).first().click();
    await shop.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    // The cart shows the line before the shopper moves on (a tap before the page is interactive is applied once it is).
    await expect(cartButton(shop)).toHaveAccessibleName('Carrello, 1 articolo');
    await cartButton(shop).click();
    await expect(shop.getByTestId('spedizione-gratuita')).toHaveText('Ti mancano 30,00 € per la spedizione gratuita');

    await shop.goto(`/store/${store.slug}/checkout`);
    const total = shop.getByTestId('totale-ordine');
    await expect(total).toHaveText('24,90 €');
    // Under the code's minimum the server says why.
    await shop.getByLabel('Codice sconto').fill('benvenuto10');
    await shop.getByRole('button', { name: 'Applica' }).click();
    await expect(shop.getByText('Ordine minimo di 30,00 € per questo codice')).toBeVisible();

    // Three cups: 60,00 €, 10% off = 54,00 €, free shipping.
    await shop.goto(`/store/${store.slug}/products`);
    await shop.getByRole('link', { name: 'Tazza Aurora' }).first().click();
    await shop.getByRole('button', { name: 'Aumenta quantità' }).click();
    await shop.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(cartButton(shop)).toHaveAccessibleName('Carrello, 3 articoli');
    await shop.goto(`/store/${store.slug}/checkout`);
    await shop.getByLabel('Codice sconto').fill('benvenuto10');
    await shop.getByRole('button', { name: 'Applica' }).click();
    await expect(shop.getByText('Codice BENVENUTO10 applicato')).toBeVisible();
    await expect(shop.getByTestId('riga-sconto')).toContainText('Sconto BENVENUTO10 (-10%)');
    await expect(shop.getByTestId('riga-sconto')).toContainText('6,00 €');
    await expect(total).toHaveText('54,00 €');
    // France has its own rate.
    await shop.getByLabel('Paese').selectOption('Francia');
    await expect(total).toHaveText('69,00 €');
    await shop.getByLabel('Paese').selectOption('Italia');
    await expect(total).toHaveText('54,00 €');

    await shop.getByLabel('Nome e cognome').fill('Giulia Bianchi');
    await shop.getByLabel('Email', { exact: true }).fill(uniqueEmail('cliente'));
    await shop.getByLabel('Indirizzo', { exact: true }).fill('Via Garibaldi 12');
    await shop.getByLabel('Città').fill('Bologna');
    await shop.getByLabel('CAP').fill('40121');
    await shop.getByLabel('Provincia', { exact: true }).selectOption('BO');
    await shop.getByRole('checkbox', { name: /Ho letto e accetto/ }).check();
    await shop.getByRole('button', { name: 'Conferma ordine' }).click();

    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/ordine/[A-Za-z0-9_-]{43}$`));
    await expect(shop.getByTestId('riga-sconto')).toContainText('Sconto BENVENUTO10 (-10%)');
    await expect(shop.getByTestId('ordine-totale')).toHaveText('54,00 €');
    await shopper.close();

    // The dashboard counts the use.
    await page.goto('/dashboard/discounts');
    await expect(page.getByTestId('discount-row').filter({ hasText: 'BENVENUTO10' })).toContainText('1 / illimitati');
  });
});
