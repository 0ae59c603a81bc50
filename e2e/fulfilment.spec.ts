import { expect, mailbox, test, uniqueEmail, merchantShopViaApi, saveBusinessDetailsViaApi } from './fixtures';

const BRT_LINK = 'https://www.mybrt.it/it/mybrt/my-parcels/search?lang=it&parcelNumber=0123456789012';

test.describe('shipping an order', () => {
  test('the merchant ships with a tracking number; the shopper gets the mail and follows the parcel; the packing slip lists the items', async ({
    page,
    browser,
    request,
  }) => {
    // A merchant with a store and one product, made through the API.
    const { headers, tag, store, product } = await merchantShopViaApi(page, {
      email: uniqueEmail('spedizioni'),
      storeName: 'Bottega Spedizioni',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
    });
    // The company details the packing slip prints as the sender.
    await saveBusinessDetailsViaApi(page, store.id, headers);

    // The shopper orders two mugs, cash on delivery.
    const shopperEmail = uniqueEmail('cliente');
    const checkout = await request.post(`/api/public/stores/${store.slug}/checkout`, {
      data: {
        items: [{ productId: product.id, variantId: null, quantity: 2, unitPriceCents: 2000 }],
        customer: {
          customerName: 'Giulia Bianchi',
          customerEmail: shopperEmail,
          street: 'Via Garibaldi 12',
          city: 'Bologna',
          postalCode: '40121',
          province: 'BO',
          notes: 'Lasciare al portiere',
        },
        country: 'Italia',
        subtotalCents: 4000,
        shippingCents: 599,
        totalCents: 4599,
        paymentMethod: 'cod',
        acceptTerms: true,
        idempotencyKey: `e2e-spedizione-${tag}`,
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);
    const { orderId, orderNumber, orderToken } = (await checkout.json()) as { orderId: string; orderNumber: number; orderToken: string };

    // The merchant chooses 'Spedito': the dialog asks for the carrier and the tracking number.
    await page.goto('/dashboard/orders');
    const row = page.getByTestId('order-row').filter({ hasText: `#${orderNumber}` });
    await row.getByLabel(`Stato dell'ordine #${orderNumber}`).selectOption({ label: 'Spedito' });
    const dialog = page.getByRole('dialog', { name: `Spedisci l’ordine #${orderNumber}` });
    await dialog.getByLabel('Corriere').selectOption({ label: 'BRT' });
    await dialog.getByLabel('Numero di tracking').fill('01 23');
    await dialog.getByRole('button', { name: 'Segna come spedito' }).click();
    await expect(dialog.getByText(/^Numero di tracking non valido/)).toBeVisible();
    await dialog.getByLabel('Numero di tracking').fill('0123456789012');
    await expect(dialog.getByText(`Link per il cliente: ${BRT_LINK}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Segna come spedito' }).click();
    await expect(page.getByText('Ordine segnato come spedito')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row.getByLabel(`Stato dell'ordine #${orderNumber}`)).toHaveValue('shipped');

    // The shopper's mail: carrier, number, the tracking link and their order page.
    const mail = await mailbox.waitFor(shopperEmail, /^Il tuo ordine è stato spedito/);
    expect(mail.text).toContain('Spedito con BRT.');
    expect(mail.text).toContain('Numero di tracking: 0123456789012');
    expect(mail.text).toContain(`Traccia la spedizione: ${BRT_LINK}`);
    const orderPage = mail.text.match(/https?:\/\/\S+\/ordine\/[A-Za-z0-9_-]{43}/)?.[0];
    expect(orderPage).toContain(`/store/${store.slug}/ordine/${orderToken}`);

    // The order page shows the parcel and the link (a new tab, without access to this page).
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await shop.goto(new URL(orderPage!).pathname);
    await expect(shop.getByTestId('shipped-with')).toHaveText('Spedito con BRT');
    await expect(shop.getByText('0123456789012')).toBeVisible();
    const track = shop.getByRole('link', { name: /Traccia la spedizione/ });
    await expect(track).toHaveAttribute('href', BRT_LINK);
    await expect(track).toHaveAttribute('target', '_blank');
    await expect(track).toHaveAttribute('rel', /noopener/);
    await shopper.close();

    // The order's page shows the shipment and leads to the packing slip.
    await row.getByRole('link', { name: `Dettagli dell'ordine #${orderNumber}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Ordine #${orderNumber}` })).toBeVisible();
    const details = page.getByTestId('order-shipment');
    await expect(details).toContainText('BRT');
    await expect(details).toContainText('0123456789012');
    await expect(page.getByText('40121 Bologna (BO)').first()).toBeVisible();
    const slipLink = page.getByRole('link', { name: 'Stampa la distinta di imballaggio' });
    await expect(slipLink).toHaveAttribute('href', `/dashboard/orders/${orderId}/packing-slip`);

    await page.goto(`/dashboard/orders/${orderId}/packing-slip`);
    await expect(page.getByRole('heading', { name: 'Distinta di imballaggio' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Destinatario' })).toContainText('40121 Bologna (BO)');
    const sender = page.getByTestId('packing-slip-sender');
    await expect(sender).toContainText('Bottega Aurora S.r.l.');
    await expect(sender).toContainText('Via Roma 1, 40121 Bologna');
    await expect(sender).toContainText('P.IVA 06363391001');
    await expect(page.getByText(store.name)).toBeVisible();
    const items = page.getByTestId('packing-slip-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Tazza Aurora');
    await expect(items.first().getByRole('cell').last()).toHaveText('2');
    await expect(page.getByText('Via Garibaldi 12')).toBeVisible();
    await expect(page.getByText('Lasciare al portiere')).toBeVisible();
    // No prices on a packing slip.
    await expect(page.getByText('€')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Stampa' })).toBeEnabled();
    // What the printer gets: the slip without the toolbar.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Stampa' })).toBeHidden();
    await expect(items.first()).toBeVisible();
  });
});
