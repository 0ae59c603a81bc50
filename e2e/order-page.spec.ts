import type { APIRequestContext, Page } from '@playwright/test';
import { expect, merchantShopViaApi, test, uniqueEmail } from './fixtures';

/** A cash-on-delivery order of one mug by this shopper, through the API; its number. */
async function placeOrder(request: APIRequestContext, slug: string, productId: string, customerName: string) {
  const res = await request.post(`/api/public/stores/${slug}/checkout`, {
    data: {
      items: [{ productId, variantId: null, quantity: 2, unitPriceCents: 2000 }],
      customer: { customerName, customerEmail: uniqueEmail('cliente'), street: 'Via Garibaldi 12', city: 'Bologna', postalCode: '40121', province: 'BO' },
      country: 'Italia',
      subtotalCents: 4000,
      shippingCents: 599,
      totalCents: 4599,
      paymentMethod: 'cod',
      acceptTerms: true,
      idempotencyKey: `e2e-pagina-ordine-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderNumber: number }).orderNumber;
}

const currentStep = (page: Page) => page.getByRole('list', { name: "Avanzamento dell'ordine" }).locator('[aria-current="step"]');
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

test.describe('the order page', () => {
  test('opened from the filtered list: mark paid confirms it, status steps, a note, the timeline with who did it, back to the list', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('pagina-ordine');
    const { store, product } = await merchantShopViaApi(page, {
      email,
      storeName: 'Bottega Pagina',
      product: { title: 'Tazza Aurora', description: 'Ceramica fatta a mano.', priceCents: 2000, skuPrefix: 'TZ', stock: 10 },
    });
    const number = await placeOrder(request, store.slug, product.id, 'Giulia Bianchi');
    await placeOrder(request, store.slug, product.id, 'Marco Rossi');

    // The list filtered by the customer's name: the filter is in the address.
    await page.goto('/dashboard/orders');
    await page.getByLabel('Cerca').fill('Giulia');
    await expect(page).toHaveURL(/search=Giulia/);
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await page.getByRole('link', { name: `Dettagli dell'ordine #${number}` }).click();

    await expect(page).toHaveURL(/\/dashboard\/orders\/[^/?]+$/);
    await expect(page.getByRole('heading', { level: 1, name: `Ordine #${number}` })).toBeVisible();
    await expect(page.getByText('Via Garibaldi 12')).toBeVisible();
    await expect(page.getByText('40121 Bologna')).toBeVisible();
    await expect(currentStep(page)).toHaveText('In attesa');

    // 'Segna come pagato' also confirms an order 'In attesa', and says so.
    await page.getByRole('button', { name: `Segna come pagato l’ordine #${number}` }).click();
    const ask = page.getByRole('alertdialog');
    await expect(ask).toContainText('passerà a “Confermato”');
    await ask.getByRole('button', { name: 'Segna come pagato' }).click();
    await expect(page.getByText('L’ordine è passato a “Confermato”.')).toBeVisible();
    await expect(currentStep(page)).toHaveText('Confermato');

    // The next steps as buttons, in the order's sequence; 'Spedito' asks for the tracking.
    await page.getByRole('button', { name: 'Metti in lavorazione' }).click();
    await expect(currentStep(page)).toHaveText('In lavorazione');
    await page.getByRole('button', { name: 'Segna come spedito' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Spedisci senza tracking' }).click();
    await expect(currentStep(page)).toHaveText('Spedito');
    // Any status remains one choice away.
    await expect(page.getByLabel(`Stato dell'ordine #${number}`)).toHaveValue('shipped');

    // 'Note interne': empty is refused, a note is listed with its author.
    const notes = page.getByTestId('order-internal-notes');
    await notes.getByRole('button', { name: 'Aggiungi nota' }).click();
    await expect(notes.getByText('Scrivi il testo della nota.')).toBeVisible();
    await notes.getByLabel('Nuova nota').fill('Cliente richiamato: consegna al mattino.');
    await notes.getByRole('button', { name: 'Aggiungi nota' }).click();
    const note = notes.getByTestId('order-note');
    await expect(note).toHaveCount(1);
    await expect(note).toContainText('Cliente richiamato: consegna al mattino.');
    await expect(note).toContainText(email);
    await expect(notes.getByLabel('Nuova nota')).toHaveValue('');

    // The timeline names who did each event.
    const events = page.getByTestId('timeline-event');
    await expect(events.filter({ hasText: 'Ordine ricevuto' })).toContainText('Cliente');
    await expect(events.filter({ hasText: 'Pagamento: Pagato' })).toContainText(email);
    await expect(events.filter({ hasText: 'Stato: Spedito' })).toContainText(email);
    await expect(events.filter({ hasText: 'Nota interna aggiunta' })).toContainText(email);

    // On a phone nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name: `Ordine #${number}` })).toBeVisible();
    expect(await noSideScroll(page)).toBe(true);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The browser's back returns to the filtered list.
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/orders\?.*search=Giulia/);
    await expect(page.getByLabel('Cerca')).toHaveValue('Giulia');
    await expect(page.getByTestId('order-row')).toHaveCount(1);
    await expect(page.getByTestId('order-row')).toContainText('Spedito');

    // So does the page's own 'Ordini' link.
    await page.getByRole('link', { name: `Dettagli dell'ordine #${number}` }).click();
    await page.getByRole('main').getByRole('link', { name: 'Ordini', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders\?.*search=Giulia/);
  });
});
