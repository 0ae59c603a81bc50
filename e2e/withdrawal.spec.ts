import type { APIRequestContext } from '@playwright/test';
import { expect, hydrated, mailbox, merchantShopViaApi, test, uniqueEmail } from './fixtures';

/** Two mugs of the store's product for this shopper, cash on delivery, through the API. */
async function placeTwoMugs(request: APIRequestContext, slug: string, productId: string, customer: { name: string; email: string }) {
  const res = await request.post(`/api/public/stores/${slug}/checkout`, {
    data: {
      items: [{ productId, variantId: null, quantity: 2, unitPriceCents: 2000 }],
      customer: {
        customerName: customer.name,
        customerEmail: customer.email,
        street: 'Via Garibaldi 12',
        city: 'Bologna',
        postalCode: '40121',
        province: 'BO',
      },
      country: 'Italia',
      subtotalCents: 4000,
      shippingCents: 599,
      totalCents: 4599,
      paymentMethod: 'cod',
      acceptTerms: true,
      idempotencyKey: `e2e-recesso-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { orderId: string; orderNumber: number; orderToken: string };
}

test.describe('the shopper withdraws without an account', () => {
  test('from the order page: one line, two steps, the confirmation with date and time, the acknowledgment mail, the timeline', async ({ page, request }) => {
    const { store, product } = await merchantShopViaApi(page, {
      email: uniqueEmail('recesso-titolare'),
      storeName: 'Bottega Recesso',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
    });
    const shopper = uniqueEmail('recesso-cliente');
    const { orderNumber, orderToken } = await placeTwoMugs(request, store.slug, product.id, { name: 'Giulia Bianchi', email: shopper });

    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/store/${store.slug}/ordine/${orderToken}`);
    await hydrated(page);
    await page.getByRole('region', { name: 'Recesso' }).getByRole('link', { name: 'Recedi dal contratto' }).click();
    await expect(page).toHaveURL(new RegExp(`/recesso\\?ordine=${orderToken}$`));
    await expect(page.getByRole('heading', { name: `Ordine #${orderNumber}` })).toBeVisible();

    // Step one: one of the two mugs, the e-mail for the acknowledgment.
    await page.getByRole('checkbox', { name: /Tazza Aurora/ }).check();
    await page.getByRole('button', { name: 'Diminuisci quantità' }).click();
    await page.getByLabel('E-mail', { exact: true }).fill(shopper);
    await page.getByRole('button', { name: 'Continua' }).click();

    // Step two: the summary, then 'Conferma il recesso'.
    await expect(page.getByText('Tazza Aurora — 1 pezzo')).toBeVisible();
    await page.getByRole('button', { name: 'Conferma il recesso' }).click();
    await expect(page.getByRole('heading', { name: 'Abbiamo ricevuto il tuo recesso' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(`dall’ordine #${orderNumber}, registrato il`);

    const mail = await mailbox.waitFor(shopper, /^Abbiamo ricevuto il tuo recesso$/);
    expect(mail.text).toContain('Tazza Aurora: 1 pezzo');
    await page.goto(`/store/${store.slug}/ordine/${orderToken}`);
    await expect(page.getByText(/Reso n\. \d+: Richiesto/)).toBeVisible();
  });
});

test.describe('a withdrawal from order to refund', () => {
  test('the shopper withdraws one line without signing in; the merchant authorises, receives and refunds it; the order page says partly refunded', async ({
    page,
    browser,
    baseURL,
  }) => {
    const { store, product, headers } = await merchantShopViaApi(page, {
      email: uniqueEmail('reso-titolare'),
      storeName: 'Bottega Reso',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TR', stock: 10 },
    });
    const shopperEmail = uniqueEmail('reso-cliente');
    const { orderId, orderNumber, orderToken } = await placeTwoMugs(page.request, store.slug, product.id, { name: 'Marco Rossi', email: shopperEmail });
    // Paid on delivery, shipped and delivered: the team's steps through the API.
    const paid = await page.request.patch(`/api/stores/${store.id}/orders/${orderId}/payment`, { data: { paymentStatus: 'paid' }, headers });
    expect(paid.status(), await paid.text()).toBe(200);
    for (const status of ['shipped', 'delivered']) {
      const moved = await page.request.patch(`/api/stores/${store.id}/orders/${orderId}`, { data: { status }, headers });
      expect(moved.status(), await moved.text()).toBe(200);
    }

    // The shopper, in a browser of their own with no account.
    const shopperContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const shopper = await shopperContext.newPage();
    await shopper.goto(`/store/${store.slug}/ordine/${orderToken}`);
    await hydrated(shopper);
    await shopper.getByRole('region', { name: 'Recesso' }).getByRole('link', { name: 'Recedi dal contratto' }).click();
    await shopper.getByRole('checkbox', { name: /Tazza Aurora/ }).check();
    await shopper.getByRole('button', { name: 'Diminuisci quantità' }).click();
    // Name and e-mail come prefilled from the order.
    await expect(shopper.getByLabel('E-mail', { exact: true })).toHaveValue(shopperEmail);
    await shopper.getByLabel('IBAN per il rimborso (facoltativo)').fill('IT60 X054 2811 1010 0000 0123 456');
    await shopper.getByRole('button', { name: 'Continua' }).click();
    await shopper.getByRole('button', { name: 'Conferma il recesso' }).click();
    await expect(shopper.getByRole('heading', { name: 'Abbiamo ricevuto il tuo recesso' })).toBeVisible();
    await mailbox.waitFor(shopperEmail, /^Abbiamo ricevuto il tuo recesso$/);

    // The merchant: 'Resi' lists it; authorise, receive (back in stock), refund the one mug.
    await page.goto('/dashboard/returns');
    await page
      .getByRole('link', { name: /^Dettagli del reso n\. / })
      .first()
      .click();
    await expect(page.getByText('Richiesto').first()).toBeVisible();
    await page.getByRole('button', { name: 'Autorizza' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Autorizza' }).click();
    await expect(page.getByText('Reso autorizzato')).toBeVisible();
    await page.getByRole('button', { name: 'Segna come ricevuto' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Segna come ricevuto' }).click();
    await expect(page.getByRole('button', { name: 'Rimborsa' })).toBeVisible();
    await page.getByRole('button', { name: 'Rimborsa' }).click();
    const refund = page.getByRole('dialog');
    // One mug of two: 20,00 €, nothing of the shipping.
    await refund.getByRole('button', { name: /^Rimborsa 20,00/ }).click();
    await expect(refund).toBeHidden();
    await expect(page.getByText('Rimborsato').first()).toBeVisible();
    const refunds = await page.request.get(`/api/stores/${store.id}/orders/${orderId}/refunds`, { headers });
    const { refunds: made } = (await refunds.json()) as { refunds: { amountCents: number; status: string; method: string }[] };
    expect(made).toEqual([expect.objectContaining({ amountCents: 2000, status: 'succeeded', method: 'manual' })]);

    // The shopper's order page: partly refunded.
    await shopper.goto(`/store/${store.slug}/ordine/${orderToken}`);
    await expect(shopper.getByText('Rimborsato parzialmente').first()).toBeVisible();
    await expect(shopper.getByText(`Ordine #${orderNumber}`).first()).toBeVisible();
    await shopperContext.close();
  });
});
