import type { APIRequestContext } from '@playwright/test';
import { expect, mailbox, test, uniqueEmail, merchantShopViaApi } from './fixtures';

/** A shopper's cash-on-delivery order of two mugs (45,99 € with shipping), through the API. */
async function placeOrder(request: APIRequestContext, slug: string, productId: string, shopperEmail: string) {
  const res = await request.post(`/api/public/stores/${slug}/checkout`, {
    data: {
      items: [{ productId, variantId: null, quantity: 2, unitPriceCents: 2000 }],
      customer: {
        customerName: 'Giulia Bianchi',
        customerEmail: shopperEmail,
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
      idempotencyKey: `e2e-avvisi-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: number }).orderNumber;
}

test.describe('notifications', () => {
  test('a new order rings the bell live and mails the owner, until they turn the mail off in the profile', async ({ page, browser, request }) => {
    const merchantEmail = uniqueEmail('avvisi');
    const { store, product } = await merchantShopViaApi(page, {
      email: merchantEmail,
      storeName: 'Bottega Avvisi',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
    });

    await page.goto('/dashboard/messages');
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notifiche, nessuna da leggere');
    // A visitor on the storefront shows in 'Online': the dashboard's live connection is up.
    const shopperContext = await browser.newContext();
    const shop = await shopperContext.newPage();
    await shop.goto(`/store/${store.slug}`);
    await expect(page.getByTestId('online-counter')).toContainText('Online: 1');

    // The order arrives: the bell counts it without a reload.
    const first = await placeOrder(request, store.slug, product.id, uniqueEmail('cliente'));
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('1 notifica non letta');
    const mail = await mailbox.waitFor(merchantEmail, new RegExp(`^Nuovo ordine #${first} su Bottega Avvisi`));
    expect(mail.text).toContain('/dashboard/orders');

    // The list shows it; choosing it opens the order and marks it read.
    await bell.click();
    const item = page.getByRole('menuitem', { name: new RegExp(`Nuovo ordine #${first} — 45,99\\s€`) });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/orders\\?search=${first}$`));
    await expect(page.getByTestId('order-row').filter({ hasText: `#${first}` })).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(bell).toHaveAccessibleName('Notifiche, nessuna da leggere');

    // Profile: no more order mails.
    await page.goto('/dashboard/profile');
    const orderMails = page.getByRole('switch', { name: 'Email per i nuovi ordini' });
    await expect(orderMails).toBeChecked();
    await orderMails.click();
    await expect(page.getByText('Preferenze salvate')).toBeVisible();
    await expect(orderMails).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Email per i nuovi ordini' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Email per i nuovi messaggi' })).toBeChecked();

    // The next order still rings the bell, and the shopper's mail goes out, but none to the merchant.
    const secondShopper = uniqueEmail('cliente');
    const second = await placeOrder(request, store.slug, product.id, secondShopper);
    await page.reload();
    await expect(page.getByTestId('notification-count')).toHaveText('1');
    await mailbox.waitFor(secondShopper, new RegExp(`^Conferma il tuo ordine #${second} `));
    const toMerchant = await mailbox.list(merchantEmail);
    expect(toMerchant.filter((m) => m.subject.startsWith(`Nuovo ordine #${second} `))).toEqual([]);
    expect(toMerchant.filter((m) => m.subject.startsWith(`Nuovo ordine #${first} `))).toHaveLength(1);
    await shopperContext.close();
  });
});
