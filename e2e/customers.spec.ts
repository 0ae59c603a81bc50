import fs from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A guest's order of `quantity` mugs at € 12,90 plus € 5,99 shipping, by cash on delivery; `marketing`: the optional box ticked. */
async function placeOrder(
  request: APIRequestContext,
  slug: string,
  productId: string,
  customer: { name: string; email: string },
  quantity: number,
  marketing = false,
) {
  const subtotal = 1290 * quantity;
  const res = await request.post(`/api/public/stores/${slug}/checkout`, {
    data: {
      items: [{ productId, variantId: null, quantity, unitPriceCents: 1290 }],
      customer: {
        customerName: customer.name,
        customerEmail: customer.email,
        street: 'Via Garibaldi 12',
        city: 'Bologna',
        postalCode: '40121',
        province: 'BO',
      },
      country: 'Italia',
      subtotalCents: subtotal,
      shippingCents: 599,
      totalCents: subtotal + 599,
      paymentMethod: 'cod',
      acceptTerms: true,
      marketingConsent: marketing,
      idempotencyKey: `e2e-clienti-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { orderNumber: number };
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('Clienti', () => {
  test('a shopper appears after their orders, with totals; the detail lists their orders', async ({ page, request }) => {
    const { session } = await signUpViaApi(page);
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const tag = Date.now().toString(36).toUpperCase();
    const storeRes = await page.request.post('/api/stores', { data: { name: `Bottega Clienti ${tag}` }, headers });
    expect(storeRes.status()).toBe(201);
    const store = (await storeRes.json()) as { id: string; slug: string };
    const productRes = await page.request.post(`/api/stores/${store.id}/products`, {
      data: { title: 'Tazza Aurora', priceCents: 1290, stock: 20, sku: `TAZ-${tag}`, status: 'active' },
      headers,
    });
    expect(productRes.status()).toBe(201);
    const product = (await productRes.json()) as { id: string };

    await page.goto('/dashboard/customers');
    await expect(page.getByText('Nessun cliente ancora')).toBeVisible();

    const giulia = { name: 'Giulia Bianchi', email: uniqueEmail('giulia') };
    const first = await placeOrder(request, store.slug, product.id, giulia, 1);
    const second = await placeOrder(request, store.slug, product.id, giulia, 2);
    const marco = { name: 'Marco Neri', email: uniqueEmail('marco') };
    await placeOrder(request, store.slug, product.id, marco, 1, true);

    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Clienti' }).first().click();
    await expect(page).toHaveURL(/\/dashboard\/customers$/);
    await expect(page.getByText('2 clienti')).toBeVisible();
    const row = page.getByTestId('customer-row').filter({ hasText: 'Giulia Bianchi' });
    // 18,89 + 31,79: both orders count.
    await expect(row).toContainText('50,68\u00a0€');
    await expect(row.getByRole('cell').first()).toHaveText('2');
    await expect(row).toContainText('Non raccolto');
    // Marco ticked 'Voglio ricevere via e-mail novità e offerte' at checkout.
    await expect(page.getByTestId('customer-row').filter({ hasText: 'Marco Neri' })).toContainText(/Sì, dal \d{1,2} \p{L}+ \d{4}/u);

    // 'Esporta CSV' in the international format: commas, decimal points, the consent column.
    await page.getByRole('button', { name: 'Esporta CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Esporta clienti in CSV' });
    await dialog.getByLabel('Formato internazionale').check();
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Scarica CSV' }).click();
    const csv = fs.readFileSync((await (await downloading).path()) ?? '', 'utf8');
    await expect(dialog).toBeHidden();
    expect(csv).toMatch(/^Nome,Email,Ordini,Totale speso,/);
    expect(csv).toContain(`Giulia Bianchi,${giulia.email},2,50.68,0,`);
    expect(csv.split('\r\n').find((l) => l.includes(marco.email))).toMatch(/,"\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}"$/);
    expect(csv.split('\r\n').find((l) => l.includes(giulia.email))).toMatch(/,Non raccolto$/);

    await page.getByLabel('Cerca').fill('marco');
    await expect(page.getByTestId('customer-row')).toHaveCount(1);
    await expect(page.getByTestId('customer-row')).toContainText('Marco Neri');
    await page.getByLabel('Cerca').fill('');
    await expect(page.getByTestId('customer-row')).toHaveCount(2);

    await row.getByRole('link', { name: 'Giulia Bianchi' }).click();
    await expect(page).toHaveURL(/\/dashboard\/customers\/[0-9a-f-]{36}$/);
    expect(page.url()).not.toContain('@');
    await expect(page.getByRole('heading', { level: 1, name: 'Giulia Bianchi' })).toBeVisible();
    await expect(page.getByText(giulia.email)).toBeVisible();
    for (const n of [first.orderNumber, second.orderNumber]) await expect(page.getByRole('link', { name: `#${n}` })).toBeVisible();
    await expect(page.getByText('Nessuna fattura emessa per questo cliente.')).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await noSideScroll(page)).toBe(true);
    await page.goto('/dashboard/customers');
    await expect(page.getByTestId('customer-row')).toHaveCount(2);
    expect(await noSideScroll(page)).toBe(true);
  });
});
