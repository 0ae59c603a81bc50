import type { Page } from '@playwright/test';
import { expect, hydrated, post, signUpViaApi, test, uniqueEmail } from './fixtures';

/** The titles of the product cards on the page, in the order shown. */
const cardTitles = (page: Page) => page.getByRole('article').getByRole('link').allTextContents();

test.describe('storefront search, sorting and filters', () => {
  test('suggestions as the shopper types, chosen with the keyboard; sort, price range and stock filter kept in the URL', async ({ browser }) => {
    // A merchant's small catalogue, made through the API.
    const merchant = await browser.newContext();
    const { session } = await signUpViaApi(await merchant.newPage(), uniqueEmail('ricerca'));
    const auth = { authorization: `Bearer ${session.accessToken}` };
    const request = merchant.request;
    const tag = Date.now().toString(36);
    const store = await post<{ id: string; slug: string }>(request, auth, '/api/stores', { name: `Bottega Ricerca ${tag}` });
    const products: Array<[title: string, priceCents: number, stock: number, description?: string]> = [
      ['Caffè macinato Moka', 850, 5],
      ['Tazza da caffè Aurora', 1200, 4],
      ['Scarpe da corsa Vento', 8900, 3],
      ['Scarpa elegante Notte', 7500, 0],
      ['Borsa in pelle Sole', 6500, 2, 'Morbida, con una tasca per le scarpe.'],
    ];
    for (const [i, [title, priceCents, stock, description]] of products.entries())
      await post(request, auth, `/api/stores/${store.id}/products`, { title, description, priceCents, stock, sku: `RIC-${i}-${tag}`, status: 'active' });

    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await shop.goto(`/store/${store.slug}/products`);
    await hydrated(shop);
    const box = shop.getByRole('combobox', { name: 'Cerca' });
    const suggestions = shop.getByRole('listbox', { name: 'Prodotti suggeriti' });

    // Typed without the accent, 'caffe' suggests both products named 'caffè'.
    await box.pressSequentially('caffe');
    await expect(suggestions.getByRole('option')).toHaveCount(2);
    await expect(suggestions).toContainText('Caffè macinato Moka');
    await expect(suggestions).toContainText('Tazza da caffè Aurora');
    // The field shows one clear button, its own: the browser's cross of a search field is hidden.
    const nativeCrossHidden = await box.evaluate((input) => {
      // Style rules, also those inside layers and media blocks.
      const rules = (list: CSSRuleList): CSSStyleRule[] =>
        Array.from(list).flatMap((r) => (r instanceof CSSStyleRule ? [r] : 'cssRules' in r ? rules((r as CSSGroupingRule).cssRules) : []));
      const pseudo = '::-webkit-search-cancel-button';
      return Array.from(document.styleSheets)
        .flatMap((sheet) => rules(sheet.cssRules))
        .some((r) => r.selectorText.endsWith(pseudo) && r.style.appearance === 'none' && input.matches(r.selectorText.slice(0, -pseudo.length)));
    });
    expect(nativeCrossHidden).toBe(true);
    await shop.getByRole('button', { name: 'Svuota la ricerca' }).click();
    await expect(box).toHaveValue('');
    await expect(suggestions).toBeHidden();

    // 'scarpa' finds 'Scarpe' and 'Scarpa' by their titles, and last the bag whose description names them.
    await box.pressSequentially('scarpa');
    await expect(suggestions.getByRole('option')).toHaveCount(3);
    await expect(suggestions.getByRole('option').last()).toContainText('Borsa in pelle Sole');
    // Escape closes the list; the arrow opens it again and moves to the first suggestion; Enter opens it.
    await box.press('Escape');
    await expect(suggestions).toBeHidden();
    await box.press('ArrowDown');
    const first = suggestions.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    const chosen = (await first.textContent())!;
    await box.press('Enter');
    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/products/[^/?]+$`));
    const heading = (await shop.getByRole('heading', { level: 1 }).textContent())!;
    expect(chosen.startsWith(heading)).toBe(true);

    // Sorting: each order is in the URL and orders the cards.
    await shop.goto(`/store/${store.slug}/products`);
    await hydrated(shop);
    const sort = shop.getByLabel('Ordina per');
    await sort.selectOption({ label: 'Prezzo crescente' });
    await expect(shop).toHaveURL(/sort=price-asc/);
    await expect
      .poll(() => cardTitles(shop))
      .toEqual(['Caffè macinato Moka', 'Tazza da caffè Aurora', 'Borsa in pelle Sole', 'Scarpa elegante Notte', 'Scarpe da corsa Vento']);
    await sort.selectOption({ label: 'Prezzo decrescente' });
    await expect(shop).toHaveURL(/sort=price-desc/);
    await expect
      .poll(() => cardTitles(shop))
      .toEqual(['Scarpe da corsa Vento', 'Scarpa elegante Notte', 'Borsa in pelle Sole', 'Tazza da caffè Aurora', 'Caffè macinato Moka']);
    await sort.selectOption({ label: 'Nome A-Z' });
    await expect(shop).toHaveURL(/sort=name/);
    await expect
      .poll(() => cardTitles(shop))
      .toEqual(['Borsa in pelle Sole', 'Caffè macinato Moka', 'Scarpa elegante Notte', 'Scarpe da corsa Vento', 'Tazza da caffè Aurora']);

    // A price range in euros as Italians type them, then only what can be bought.
    await shop.getByLabel('Prezzo min (€)').fill('10');
    await shop.getByLabel('Prezzo max (€)').fill('80,00');
    await shop.getByLabel('Prezzo max (€)').blur();
    await expect(shop).toHaveURL(/minPrice=10/);
    await expect(shop).toHaveURL(/maxPrice=80%2C00|maxPrice=80,00/);
    await expect.poll(() => cardTitles(shop)).toEqual(['Borsa in pelle Sole', 'Scarpa elegante Notte', 'Tazza da caffè Aurora']);
    await expect(shop.getByRole('article').filter({ hasText: 'Scarpa elegante Notte' }).getByText('Esaurito')).toBeVisible();
    await shop.getByLabel('Solo disponibili').check();
    await expect(shop).toHaveURL(/available=1/);
    await expect.poll(() => cardTitles(shop)).toEqual(['Borsa in pelle Sole', 'Tazza da caffè Aurora']);
    await expect(shop.getByText('2 prodotti trovati')).toBeVisible();

    // The address keeps it all: opened again (a shared link), the page shows the same list and controls.
    await shop.reload();
    await hydrated(shop);
    await expect(sort).toHaveValue('name');
    await expect(shop.getByLabel('Prezzo min (€)')).toHaveValue('10');
    await expect(shop.getByLabel('Prezzo max (€)')).toHaveValue('80,00');
    await expect(shop.getByLabel('Solo disponibili')).toBeChecked();
    expect(await cardTitles(shop)).toEqual(['Borsa in pelle Sole', 'Tazza da caffè Aurora']);

    await shopper.close();
    await merchant.close();
  });
});
