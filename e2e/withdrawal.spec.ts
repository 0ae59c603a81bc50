import { expect, hydrated, mailbox, merchantShopViaApi, test, uniqueEmail } from './fixtures';

test.describe('the shopper withdraws without an account', () => {
  test('from the order page: one line, two steps, the confirmation with date and time, the acknowledgment mail, the timeline', async ({ page, request }) => {
    const { store, product } = await merchantShopViaApi(page, {
      email: uniqueEmail('recesso-titolare'),
      storeName: 'Bottega Recesso',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
    });
    const shopper = uniqueEmail('recesso-cliente');
    const res = await request.post(`/api/public/stores/${store.slug}/checkout`, {
      data: {
        items: [{ productId: product.id, variantId: null, quantity: 2, unitPriceCents: 2000 }],
        customer: { customerName: 'Giulia Bianchi', customerEmail: shopper, street: 'Via Garibaldi 12', city: 'Bologna', postalCode: '40121', province: 'BO' },
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
    const { orderNumber, orderToken } = (await res.json()) as { orderNumber: number; orderToken: string };

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
