import { expect, test, uniqueEmail, merchantShopViaApi, saveBusinessDetailsViaApi } from './fixtures';

test.describe('the dashboard home', () => {
  test("shows today's numbers and updates them live when a shopper orders", async ({ page, browser, request }) => {
    // A merchant with a store and one product (20,00 €, 4 pieces), made through the API.
    const { tag, store, product } = await merchantShopViaApi(page, {
      email: uniqueEmail('numeri'),
      storeName: 'Bottega dei Numeri',
      product: { title: 'Lampada Aurora', description: 'Ottone e vetro soffiato.', priceCents: 2000, skuPrefix: 'LA', stock: 4 },
    });

    // A new store: zeros and the welcome.
    await page.goto('/dashboard');
    await expect(page.getByTestId('active-store-name')).toHaveText(store.name);
    await expect(page.getByTestId('kpi-Ordini')).toHaveText('0');
    await expect(page.getByTestId('kpi-Fatturato')).toHaveText(/^0,00\s€$/);
    await expect(page.getByText('Benvenuto nella tua dashboard!')).toBeVisible();
    await expect(page.getByText('Nessuna vendita nel periodo.')).toBeVisible();

    // A shopper opens the storefront (one visit) and orders two lamps, cash on delivery.
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    const beacon = shop.waitForResponse((r) => r.url().endsWith(`/api/public/stores/${store.slug}/visit`));
    await shop.goto(`/store/${store.slug}`);
    expect((await beacon).status()).toBe(204);
    await shopper.close();
    const checkout = await request.post(`/api/public/stores/${store.slug}/checkout`, {
      data: {
        items: [{ productId: product.id, variantId: null, quantity: 2, unitPriceCents: 2000 }],
        customer: {
          customerName: 'Giulia Bianchi',
          customerEmail: uniqueEmail('cliente'),
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
        idempotencyKey: `e2e-numeri-${tag}`,
      },
    });
    expect(checkout.status(), await checkout.text()).toBe(201);

    // Without a reload, the home follows: one order, its revenue, one visit, what needs doing.
    await expect(page.getByTestId('kpi-Ordini')).toHaveText('1');
    await expect(page.getByTestId('kpi-Fatturato')).toHaveText(/^45,99\s€$/);
    await expect(page.getByTestId('kpi-Incassato')).toHaveText(/^0,00\s€$/);
    await expect(page.getByTestId('kpi-Articoli venduti')).toHaveText('2');
    await expect(page.getByTestId('kpi-Visite')).toHaveText('1');
    await expect(page.getByTestId('kpi-Tasso di conversione')).toHaveText(/^100\s?%$/);
    await expect(page.getByText('Benvenuto nella tua dashboard!')).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'Lampada Aurora' }).filter({ hasText: '2 pezzi' })).toBeVisible();
    // 4 pieces, 2 held by the order: at or below the default threshold of 3.
    await expect(page.getByRole('listitem').filter({ hasText: 'Lampada Aurora' }).filter({ hasText: '2 disponibili' })).toBeVisible();
    await expect(page.getByTestId('to-handle-In attesa')).toHaveText('1');

    // The week holds the same order; 'In attesa' leads to the orders page filtered the same way.
    await page.getByRole('tab', { name: '7 giorni' }).click();
    await expect(page.getByText(/^Dal \d+ \w+ al \d+ \w+/)).toBeVisible();
    await expect(page.getByTestId('kpi-Ordini')).toHaveText('1');
    await page.getByRole('link', { name: /In attesa/ }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\?status=pending$/);
  });
});

test.describe("'Primi passi'", () => {
  test('ticks itself from the store, links each step and can be hidden', async ({ page, context }) => {
    const { store, headers } = await merchantShopViaApi(page, {
      email: uniqueEmail('primi-passi'),
      storeName: 'Bottega dei Primi Passi',
      product: { title: 'Tazza Aurora', description: 'Ceramica.', priceCents: 2000, skuPrefix: 'PP', stock: 5 },
    });
    await page.goto('/dashboard');
    const guide = page.getByTestId('setup-guide');
    await expect(guide.getByRole('heading', { name: 'Primi passi' })).toBeVisible();
    // The product made through the API already counts.
    await expect(page.getByTestId('setup-progress')).toHaveText('1 di 6 fatti');
    await expect(guide.getByRole('link', { name: /Aggiungi un prodotto.*\(fatto\)/ })).toBeVisible();

    // Dati aziendali saved elsewhere tick on the next visit of the home.
    await saveBusinessDetailsViaApi(page, store.id, headers);
    await page.reload();
    await expect(page.getByTestId('setup-progress')).toHaveText('2 di 6 fatti');

    // Visiting the storefront from the guide ticks that step.
    const [storefront] = await Promise.all([context.waitForEvent('page'), guide.getByRole('link', { name: /Visita il tuo store/ }).click()]);
    await storefront.close();
    await expect(page.getByTestId('setup-progress')).toHaveText('3 di 6 fatti');

    // Each step leads where it is done.
    await guide.getByRole('link', { name: /Scegli i metodi di pagamento/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/stores/${store.id}/settings`));
    await page.goBack();

    // Hidden, it stays hidden.
    await page.getByRole('button', { name: 'Nascondi la guida Primi passi' }).click();
    await expect(guide).toBeHidden();
    await page.reload();
    await expect(page.getByTestId('active-store-name')).toHaveText(store.name);
    await expect(page.getByTestId('setup-guide')).toBeHidden();
  });
});
