import type { Browser } from '@playwright/test';
import { cartButton, expect, mailbox, post, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A merchant signed in in their own browser, with a store and a small catalogue made through the API. */
async function merchantWithCatalogue(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, session } = await signUpViaApi(page, uniqueEmail('negoziante'));
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const request = page.request;

  // A second store first (the last one created is the active one): its cart must stay its own.
  const other = await post<{ id: string; slug: string }>(request, auth, '/api/stores', { name: `Altro Negozio ${tag}` });
  const store = await post<{ id: string; slug: string; name: string }>(request, auth, '/api/stores', { name: `Bottega E2E ${tag}` });
  const api = (path: string) => `/api/stores/${store.id}${path}`;

  const clothes = await post<{ id: string }>(request, auth, api('/categories'), { name: 'Abbigliamento' });
  const home = await post<{ id: string }>(request, auth, api('/categories'), { name: 'Casa' });
  const tee = await post<{ id: string }>(request, auth, api('/products'), {
    title: 'Maglietta Onda',
    description: 'Cotone biologico, stampa a mano.',
    priceCents: 2500,
    sku: `TEE-${tag}`,
    categoryId: clothes.id,
    status: 'active',
  });
  await post(request, auth, api(`/products/${tee.id}/variants`), {
    label: 'M',
    sku: `TEE-M-${tag}`,
    priceDeltaCents: 0,
    stock: 5,
    attributes: [{ key: 'Taglia', value: 'M' }],
  });
  await post(request, auth, api(`/products/${tee.id}/variants`), {
    label: 'L',
    sku: `TEE-L-${tag}`,
    priceDeltaCents: 200,
    stock: 3,
    attributes: [{ key: 'Taglia', value: 'L' }],
  });
  await post(request, auth, api('/products'), {
    title: 'Tazza Mattina',
    priceCents: 1200,
    sku: `MUG-${tag}`,
    stock: 10,
    categoryId: home.id,
    status: 'active',
  });
  await post(request, auth, api('/products'), {
    title: 'Poster Tramonto',
    priceCents: 900,
    sku: `POSTER-${tag}`,
    stock: 0,
    categoryId: home.id,
    status: 'active',
  });
  const draft = await post<{ id: string }>(request, auth, api('/products'), {
    title: 'Prototipo segreto',
    priceCents: 100,
    sku: `DRAFT-${tag}`,
    stock: 4,
    status: 'draft',
  });

  const inventory = async (sku: string) => {
    const res = await request.get(api(`/inventory?q=${encodeURIComponent(sku)}`), { headers: auth });
    const item = ((await res.json()) as { items: Array<{ sku: string; qty: number; reserved: number }> }).items.find((i) => i.sku === sku);
    return { qty: item?.qty, reserved: item?.reserved };
  };
  return { context, page, email, store, other, draftId: draft.id, skus: { teeL: `TEE-L-${tag}`, mug: `MUG-${tag}` }, inventory };
}

test.describe('storefront, cart, checkout and orders', () => {
  test('a shopper browses, fills the cart, checks out once; the merchant ships the order and stock follows', async ({ browser }) => {
    const merchant = await merchantWithCatalogue(browser);
    const { store } = merchant;
    const shopperContext = await browser.newContext();
    const shop = await shopperContext.newPage();

    // Browse: only the store's active products, sold-out ones marked.
    await shop.goto(`/store/${store.slug}`);
    await expect(shop.getByRole('heading', { level: 1, name: store.name })).toBeVisible();
    await expect(shop.getByRole('link', { name: 'Maglietta Onda' })).toBeVisible();
    await expect(shop.getByRole('link', { name: 'Tazza Mattina' })).toBeVisible();
    await expect(shop.getByText('Prototipo segreto')).toHaveCount(0);
    await expect(shop.getByRole('article').filter({ hasText: 'Poster Tramonto' }).getByText('Esaurito')).toBeVisible();
    await shop.goto(`/store/${store.slug}/products/${merchant.draftId}`);
    await expect(shop.getByText('Prodotto non trovato')).toBeVisible();
    await shop.goto('/store/nessun-negozio-cosi');
    await expect(shop.getByRole('heading', { name: 'Store non trovato' })).toBeVisible();

    // Search, then filter by category (kept in the URL).
    await shop.goto(`/store/${store.slug}`);
    await shop.getByRole('navigation', { name: 'Navigazione dello store' }).first().getByRole('link', { name: 'Prodotti' }).click();
    await expect(shop.getByRole('heading', { level: 1, name: 'Prodotti' })).toBeVisible();
    await shop.getByLabel('Cerca', { exact: true }).fill('tazza');
    await expect(shop.getByText('1 prodotto trovato')).toBeVisible();
    await expect(shop).toHaveURL(/search=tazza/);
    await expect(shop.getByRole('link', { name: 'Maglietta Onda' })).toHaveCount(0);
    await shop.getByRole('button', { name: 'Cancella filtri' }).click();
    await expect(shop.getByText('3 prodotti trovati')).toBeVisible();
    await shop.getByLabel('Categoria').selectOption({ label: 'Abbigliamento' });
    await expect(shop).toHaveURL(/category=abbigliamento/);
    await expect(shop.getByText('1 prodotto trovato')).toBeVisible();

    // Pick a variant and add it to the cart.
    await shop.getByRole('link', { name: 'Maglietta Onda' }).click();
    await expect(shop.getByRole('navigation', { name: 'Percorso' })).toContainText('Abbigliamento');
    const addButton = shop.getByRole('button', { name: 'Seleziona una variante' });
    await expect(addButton).toBeDisabled();
    await shop.getByRole('radio', { name: /^L/ }).check({ force: true });
    await expect(shop.getByTestId('availability')).toHaveText('Ultimi 3 pezzi disponibili');
    await expect(shop.getByText('27,00 €').first()).toBeVisible();
    await shop.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(shop.getByText('Aggiunto al carrello!')).toBeVisible();

    // Another product, then the quantity in the drawer.
    await shop.goto(`/store/${store.slug}/category/casa`);
    await shop.getByRole('link', { name: 'Tazza Mattina' }).click();
    await shop.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(cartButton(shop)).toHaveAccessibleName('Carrello, 2 articoli');
    await cartButton(shop).click();
    const drawer = shop.getByRole('dialog', { name: 'Il tuo carrello' });
    await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
    await drawer.getByRole('group', { name: 'Quantità di Maglietta Onda (L)' }).getByRole('button', { name: 'Aumenta quantità' }).click();
    await expect(drawer.getByText('71,99 €')).toBeVisible(); // 2 × 27,00 + 12,00 + 5,99 shipping

    // The cart belongs to this store only.
    await shop.keyboard.press('Escape');
    await shop.goto(`/store/${merchant.other.slug}`);
    await expect(cartButton(shop)).toHaveAccessibleName('Carrello, vuoto');
    await shop.goto(`/store/${store.slug}`);
    await cartButton(shop).click();
    await drawer.getByRole('button', { name: 'Procedi al Checkout' }).click();
    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/checkout$`));

    // Validation messages of the spec, then a double click that must create one order.
    await shop.getByRole('button', { name: 'Conferma ordine' }).click();
    for (const message of [
      'Il nome deve essere almeno 2 caratteri',
      'Email non valida',
      'Indirizzo troppo corto',
      'Città non valida',
      'CAP non valido',
      'Seleziona la provincia',
    ]) {
      await expect(shop.getByText(message)).toBeVisible();
    }
    const shopperEmail = uniqueEmail('cliente');
    await shop.getByLabel('Nome e cognome').fill('Giulia Bianchi');
    await shop.getByLabel('Email', { exact: true }).fill(shopperEmail);
    await shop.getByLabel('Telefono (facoltativo)').fill('+39 333 1234567');
    await shop.getByLabel('Indirizzo', { exact: true }).fill('Via Garibaldi 12');
    await shop.getByLabel('Città').fill('Bologna');
    await shop.getByLabel('CAP').fill('40121');
    await shop.getByLabel('Provincia', { exact: true }).selectOption('BO');
    await expect(shop.getByLabel('Paese')).toHaveValue('Italia');
    await shop.getByLabel('Note (facoltative)').fill('Citofono Bianchi');
    await expect(shop.getByTestId('totale-ordine')).toHaveText('71,99 €');
    // No order until the terms are accepted.
    await shop.getByRole('button', { name: 'Conferma ordine' }).click();
    await expect(shop.getByRole('alert').filter({ hasText: 'Per ordinare devi accettare i termini e le condizioni' })).toBeVisible();
    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/checkout$`));
    await shop.getByRole('checkbox', { name: /Ho letto e accetto i Termini e condizioni/ }).check();
    await expect(shop.getByText('Per ordinare devi accettare i termini e le condizioni')).toBeHidden();
    // Marketing e-mails: a separate, optional box, never ticked for the shopper.
    const marketing = shop.getByRole('checkbox', { name: `Voglio ricevere via e-mail novità e offerte di ${store.name} (facoltativo)` });
    await expect(marketing).not.toBeChecked();
    await marketing.check();
    await shop.getByRole('button', { name: 'Conferma ordine' }).dblclick();

    await expect(shop.getByText('Ordine confermato!')).toBeVisible();
    const confirmation = await shop.getByText(/Numero ordine: #\d+/).textContent();
    const orderNumber = confirmation!.match(/#(\d+)/)![1]!;
    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/ordine/[A-Za-z0-9_-]{43}$`));
    await expect(shop.getByRole('heading', { name: `Ordine #${orderNumber}` })).toBeVisible();
    await expect(cartButton(shop)).toHaveAccessibleName('Carrello, vuoto');

    const mail = await mailbox.waitFor(shopperEmail, new RegExp(`Conferma il tuo ordine #${orderNumber} `));
    expect(mail.text).toContain('2 × Maglietta Onda (L)');
    expect(mail.text).toMatch(/Totale: 71,99\s€/);
    await mailbox.waitFor(merchant.email, new RegExp(`Nuovo ordine #${orderNumber}`));

    // The merchant sees one order (the double click did not make two), opens it and ships it.
    const admin = merchant.page;
    expect(await merchant.inventory(merchant.skus.teeL)).toEqual({ qty: 3, reserved: 2 });
    await admin.goto('/dashboard/orders');
    const row = admin.getByTestId('order-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Ordine #${orderNumber}`);
    await expect(row).toContainText('In attesa');
    await expect(row).toContainText('Giulia Bianchi');
    await expect(row).toContainText('Via Garibaldi 12');
    await expect(row).toContainText('71,99 €');

    await row.getByRole('link', { name: /^Dettagli/ }).click();
    const details = admin.getByRole('main');
    await expect(details.getByTestId('order-item')).toHaveCount(2);
    await expect(details).toContainText('Maglietta Onda');
    await expect(details).toContainText('Subtotale');
    await expect(details).toContainText('66,00 €');
    await expect(details).toContainText('5,99 €');
    await expect(details).toContainText('Citofono Bianchi');
    await admin.goBack();

    await admin.getByLabel(`Stato dell'ordine #${orderNumber}`).selectOption({ label: 'Spedito' });
    // 'Spedito' asks for the carrier and tracking number (both optional here).
    await admin.getByRole('dialog').getByRole('button', { name: 'Spedisci senza tracking' }).click();
    await expect(admin.getByText('Ordine segnato come spedito')).toBeVisible();
    await expect(row).toContainText('Spedito');

    // Shipping takes the units off the shelf and releases the reservation.
    await admin.goto('/dashboard/inventory');
    const teeRow = admin.getByTestId('inventory-row').filter({ hasText: merchant.skus.teeL });
    await expect(teeRow.getByTestId('inventory-qty')).toHaveText('1');
    expect(await merchant.inventory(merchant.skus.teeL)).toEqual({ qty: 1, reserved: 0 });
    expect(await merchant.inventory(merchant.skus.mug)).toEqual({ qty: 9, reserved: 0 });

    // 'Clienti' shows the consent she gave at checkout.
    await admin.goto('/dashboard/customers');
    await expect(admin.getByTestId('customer-row').filter({ hasText: 'Giulia Bianchi' })).toContainText(/Sì, dal \d{1,2} \p{L}+ \d{4}/u);

    // Filters of the orders list.
    await admin.goto('/dashboard/orders?status=cancelled');
    await expect(admin.getByText('Nessun ordine trovato')).toBeVisible();
    await admin.goto(`/dashboard/orders?search=${orderNumber}`);
    await expect(admin.getByTestId('order-row')).toHaveCount(1);

    await shopperContext.close();
    await merchant.context.close();
  });

  test('a price changed after the cart was filled: the shopper sees the new total before paying it', async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const { session } = await signUpViaApi(page, uniqueEmail('prezzi'));
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const tag = Date.now().toString(36);
    const store = await post<{ id: string; slug: string }>(page.request, auth, '/api/stores', { name: `Candele ${tag}` });
    const candle = { title: 'Candela alla lavanda', priceCents: 1000, sku: `CANDELA-${tag}`, stock: 5, status: 'active' };
    const product = await post<{ id: string }>(page.request, auth, `/api/stores/${store.id}/products`, candle);

    await page.goto(`/store/${store.slug}/checkout`);
    await expect(page.getByText('Carrello vuoto')).toBeVisible();

    await page.goto(`/store/${store.slug}/products/${product.id}`);
    await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
    await expect(page.getByText('Aggiunto al carrello!')).toBeVisible();

    const res = await page.request.put(`/api/stores/${store.id}/products/${product.id}`, { data: { ...candle, priceCents: 1500 }, headers: auth });
    expect(res.status()).toBe(200);

    await page.goto(`/store/${store.slug}/checkout`);
    await expect(page.getByTestId('totale-ordine')).toHaveText('15,99 €');
    await page.getByLabel('Nome e cognome').fill('Luca Verdi');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('luca'));
    await page.getByLabel('Indirizzo', { exact: true }).fill('Corso Italia 5');
    await page.getByLabel('Città').fill('Torino');
    await page.getByLabel('CAP').fill('10121');
    await page.getByLabel('Provincia', { exact: true }).selectOption('TO');
    await page.getByRole('checkbox', { name: /Ho letto e accetto/ }).check();
    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await expect(page.getByText('Prezzi aggiornati')).toBeVisible();
    await expect(page.getByText('I prezzi sono cambiati')).toBeVisible();
    await expect(page.getByTestId('totale-ordine')).toHaveText('20,99 €');

    await page.getByRole('button', { name: 'Conferma ordine' }).click();
    await expect(page.getByText('Ordine confermato!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/store/${store.slug}/ordine/`));
    await context.close();
  });
});
