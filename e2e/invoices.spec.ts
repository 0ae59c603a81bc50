import { readFile } from 'node:fs/promises';
import { cartButton, expect, mailbox, test, uniqueEmail, merchantShopViaApi, saveBusinessDetailsViaApi } from './fixtures';

test.describe('invoices', () => {
  test('a business shopper asks for an invoice at checkout; the merchant issues it and downloads the XML', async ({ page, browser }) => {
    // A merchant ready to invoice: company details, the seat's address, one product at 22%.
    const { headers, store } = await merchantShopViaApi(page, {
      email: uniqueEmail('fatture'),
      storeName: 'Bottega Fatture',
      product: { title: 'Borsa Aurora', description: 'Pelle conciata al vegetale.', priceCents: 12200, skuPrefix: 'BA', stock: 5 },
    });
    await saveBusinessDetailsViaApi(page, store.id, headers);

    // Impostazioni → Fatturazione: the seat is the one saved in Dati aziendali, not typed a second time.
    await page.goto(`/dashboard/stores/${store.id}/settings/fatturazione`);
    const settings = page.getByRole('form', { name: 'Fatturazione' });
    await expect(settings.getByLabel('Regime fiscale')).toBeVisible();
    await expect(settings.getByLabel('CAP')).toHaveCount(0);
    await expect(page.getByTestId('invoice-settings-not-ready')).toBeHidden();

    // The shopper: 'IVA inclusa' beside the price, then 'Richiedi fattura' for a company.
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await shop.goto(`/store/${store.slug}/products`);
    await shop.getByRole('link', { name: 'Borsa Aurora' }).first().click();
    await expect(shop.getByTestId('prezzo-iva')).toHaveText(/IVA inclusa/);
    await shop.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    // The cart shows the line before the shopper moves on (a tap before the page is interactive is applied once it is).
    await expect(cartButton(shop)).toHaveAccessibleName('Carrello, 1 articolo');
    await shop.goto(`/store/${store.slug}/checkout`);
    const shopperEmail = uniqueEmail('azienda');
    await shop.getByLabel('Nome e cognome').fill('Giulia Bianchi');
    await shop.getByLabel('Email', { exact: true }).fill(shopperEmail);
    await shop.getByLabel('Indirizzo', { exact: true }).fill('Via Garibaldi 12');
    await shop.getByLabel('Città').fill('Bologna');
    await shop.getByLabel('CAP', { exact: true }).fill('40121');
    await shop.getByLabel('Provincia', { exact: true }).selectOption('BO');
    await shop.getByRole('checkbox', { name: 'Richiedi fattura' }).check();
    await shop.getByRole('radio', { name: 'Azienda o professionista' }).check();
    await shop.getByLabel('Ragione sociale').fill('Bianchi & C. S.n.c.');
    await shop.getByLabel('Partita IVA', { exact: true }).fill('12345678901');
    await shop.getByLabel('Codice destinatario (SDI)').fill('abc1234');
    // The company's seat is not where the parcel goes.
    await shop.getByRole('checkbox', { name: 'Indirizzo di fatturazione diverso da quello di spedizione' }).check();
    await shop.getByLabel('Indirizzo di fatturazione', { exact: true }).fill('Via dei Mille 3');
    await shop.getByLabel('CAP di fatturazione').fill('10121');
    await shop.getByLabel('Comune').fill('Torino');
    await shop.getByLabel('Provincia di fatturazione').fill('to');
    await shop.getByRole('checkbox', { name: /Ho letto e accetto/ }).check();
    await shop.getByRole('button', { name: 'Conferma ordine' }).click();
    // A P.IVA with a wrong check digit is caught before anything is sent.
    await expect(shop.getByText('Partita IVA non valida')).toBeVisible();
    await shop.getByLabel('Partita IVA', { exact: true }).fill('IT 12345678903');
    await shop.getByRole('button', { name: 'Conferma ordine' }).click();
    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/ordine/[A-Za-z0-9_-]{43}$`));
    await expect(shop.getByText('La fattura sarà emessa dal negozio e ti arriverà per email.')).toBeVisible();
    // 122,00 € (22,00 € of VAT) + 5,99 € shipping at 22% (4,91 € + 1,08 €): 23,08 € of VAT.
    await expect(shop.getByTestId('ordine-totale-iva')).toContainText('23,08 €');

    // The merchant sees the request on the order's page and issues the invoice.
    await page.goto('/dashboard/orders');
    const row = page.getByTestId('order-row').first();
    await row.getByRole('link', { name: /^Dettagli dell'ordine #/ }).click();
    const request = page.getByTestId('order-invoice-request');
    await expect(request).toContainText('Bianchi & C. S.n.c.');
    await expect(request).toContainText('12345678903');
    await expect(request).toContainText('ABC1234');
    await expect(request).toContainText('Via dei Mille 3, 10121 Torino (TO)');
    await page.getByTestId('issue-invoice').click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Emetti fattura' }).click();
    await expect(page.getByText('Fattura emessa')).toBeVisible();
    const year = new Date().getFullYear();
    await expect(page.getByTestId('invoice-number')).toHaveText(`${year}/0001`);
    await expect(page.getByTestId('issue-invoice')).toBeHidden();

    // 'Scarica XML': the FatturaPA file named for the Exchange System.
    const downloading = page.waitForEvent('download');
    await page.getByTestId('invoice-download-xml').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^IT06363391001_[0-9A-Z]{5}\.xml$/);
    const xml = await readFile((await download.path())!, 'utf8');
    expect(xml).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(xml).toContain(`<Numero>${year}/0001</Numero>`);
    expect(xml).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
    expect(xml).toContain('Bianchi &amp; C. S.n.c.');
    expect(xml).toContain('<Indirizzo>Via dei Mille 3</Indirizzo>');
    expect(xml).toContain('<ImportoTotaleDocumento>127.99</ImportoTotaleDocumento>');

    // The shopper gets the courtesy copy by mail and finds it on the order page.
    const mail = await mailbox.waitFor(shopperEmail, new RegExp(`^Fattura n. ${year}/0001`));
    expect(mail.text).toContain('copia di cortesia');
    await shop.reload();
    await expect(shop.getByTestId('ordine-fattura')).toContainText(`Fattura n. ${year}/0001`);
    await shopper.close();
  });
});
