import type { Page } from '@playwright/test';
import type { AxeAudit } from './a11y-audit';
import type { AuditShop } from './a11y-seed';
import { expect, hydrated } from './fixtures';

/** The public site and the sign-in pages, signed out. */
export async function publicSite(page: Page, audit: AxeAudit, mobile: boolean) {
  for (const [name, url] of [
    ['landing', '/'],
    ['FAQ', '/faq'],
    ['pricing', '/pricing'],
    ['blog', '/blog'],
    ['404', '/pagina-che-non-esiste'],
  ]) {
    await page.goto(url!);
    await hydrated(page);
    await audit.check(page, name!);
  }
  if (mobile) {
    await page.getByRole('button', { name: 'Apri menu' }).click();
    await audit.check(page, 'public menu open');
    await page.keyboard.press('Escape');
  }
  for (const [name, url, heading] of [
    ['login', '/login', 'Accedi'],
    ['register', '/register', 'Registrati'],
    ['forgot password', '/forgot-password', null],
    ['reset password', '/reset-password?token=non-valido', null],
  ] as const) {
    await page.goto(url);
    if (heading) await expect(page.getByRole('button', { name: heading, exact: true })).toBeVisible();
    await audit.check(page, name);
  }
  // The form's own errors, shown after an empty submit.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await audit.check(page, 'login with errors');
}

/** The storefront as a guest: catalogue, cart, checkout, the shopper's order, legal pages, contact form. */
export async function storefront(page: Page, audit: AxeAudit, shop: AuditShop) {
  const home = `/store/${shop.store.slug}`;
  const pages: Array<[string, string]> = [
    ['store home', home],
    ['store products', `${home}/products`],
    ['store search', `${home}/products?search=lampada`],
    ['store category', `${home}/category/${shop.categorySlug}`],
    ['store product with variants', `${home}/products/${shop.lamp.slug}`],
    ['store terms', `${home}/termini`],
    ['store privacy', `${home}/privacy`],
    ['store shipping page', `${home}/spedizioni-resi`],
    ['store 404', '/store/negozio-che-non-esiste'],
    ['store product 404', `${home}/products/prodotto-che-non-esiste`],
    ['store order page', `${home}/ordine/${shop.orderToken}`],
    ['store withdrawal form', `${home}/recesso`],
  ];
  for (const [name, url] of pages) {
    await page.goto(url);
    await hydrated(page);
    await audit.check(page, name);
  }
  await page.goto(`${home}/products/${shop.mug.slug}`);
  await hydrated(page);
  await audit.check(page, 'store product');
  await page.getByRole('button', { name: 'Aggiungi al carrello' }).click();
  await expect(page.getByRole('button', { name: /^Carrello, 1/ })).toBeVisible();
  // Held under the pointer, the toast does not time out (and fade) while axe reads it.
  await page.getByText('Aggiunto al carrello!').hover();
  await audit.check(page, 'store product, added to cart (toast)');
  await page.getByRole('button', { name: /^Carrello, 1/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit.check(page, 'store cart drawer');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: `Scrivi a ${shop.store.name}` }).click();
  await audit.check(page, 'store contact form open');
  await page.goto(`${home}/checkout`);
  await hydrated(page);
  await expect(page.getByText('Tazza Aurora').first()).toBeVisible();
  await audit.check(page, 'store checkout');
  await page.getByRole('button', { name: 'Conferma ordine' }).click();
  await audit.check(page, 'store checkout with errors');
}
