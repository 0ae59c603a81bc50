import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { MAIL_HTTP_PORT } from './ports';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Reads the mails the real SMTP catcher received during this run. */
export const mailbox = {
  /** The newest mail to `to` whose subject matches, once at least `count` such mails arrived. */
  async waitFor(to: string, subject: RegExp, { count = 1, timeoutMs = 10_000 } = {}): Promise<Mail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mails = (await this.list(to)).filter((m) => subject.test(m.subject));
      const last = mails[mails.length - 1];
      if (last && mails.length >= count) return last;
      if (Date.now() > deadline) throw new Error(`fewer than ${count} mails to ${to} matching ${String(subject)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  },
  async list(to: string): Promise<Mail[]> {
    const res = await fetch(`http://127.0.0.1:${MAIL_HTTP_PORT}/mails?to=${encodeURIComponent(to)}`);
    return (await res.json()) as Mail[];
  },
  /** The first link in the mail that goes to `path`, with its token and any further query (e.g. `&redirect=`). */
  link(mail: Mail, path: string): string {
    const m = mail.text.match(new RegExp(`https?://\\S+${path.replace(/\//g, '\\/')}\\?token=[\\w%-]+(?:&[\\w%=.-]+)*`));
    if (!m) throw new Error(`no ${path} link in: ${mail.text}`);
    return m[0];
  },
};

/** Creates through the API as the signed-in member (`auth`), expecting 201, and returns the answer. */
export async function post<T>(request: APIRequestContext, auth: { authorization: string }, path: string, data: unknown): Promise<T> {
  const res = await request.post(path, { data, headers: auth });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

/** Waits until a server-rendered page is hydrated: its controls answer from then on. */
export const hydrated = (page: Page) => expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);

/** The storefront header's cart button; its accessible name says how many items the cart holds. */
export const cartButton = (page: Page) => page.getByRole('button', { name: /^Carrello/ });

let n = 0;
// The suite runs in several worker processes: the process id keeps two workers' addresses apart
// when they make one in the same millisecond.
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now().toString(36)}${process.pid.toString(36)}${(n++).toString(36)}@example.it`;
export const PASSWORD = 'password-e2e-1';

/** Registers through the real form and waits for the redirect to onboarding. */
export async function signUpViaUi(page: Page, email = uniqueEmail(), password = PASSWORD) {
  await page.goto('/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Registrati' }).click();
  await expect(page.getByText('Registrazione completata!')).toBeVisible();
  await page.waitForURL(/\/onboarding/);
  return { email, password };
}

/** Signs up through the API in the page's own cookie jar: the browser is signed in on next load. */
export async function signUpViaApi(page: Page, email = uniqueEmail(), password = PASSWORD) {
  const res = await page.request.post('/api/auth/signup', { data: { email, password } });
  expect(res.status()).toBe(201);
  return { email, password, session: (await res.json()).session as { accessToken: string; user: { id: string } } };
}

/** What `merchantShopViaApi` creates as the store's one product (its SKU is `${skuPrefix}-${tag}`). */
export interface ShopProduct {
  title: string;
  description: string;
  priceCents: number;
  skuPrefix: string;
  stock: number;
}

/**
 * A merchant signed up in the page's cookie jar, with a store named `${storeName} ${tag}` and one
 * active product, all made through the API.
 */
export async function merchantShopViaApi(page: Page, options: { email: string; storeName: string; product: ShopProduct }) {
  const { session } = await signUpViaApi(page, options.email);
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const storeRes = await page.request.post('/api/stores', { data: { name: `${options.storeName} ${tag}` }, headers });
  expect(storeRes.status()).toBe(201);
  const store = (await storeRes.json()) as { id: string; slug: string; name: string };
  const { skuPrefix, ...product } = options.product;
  const productRes = await page.request.post(`/api/stores/${store.id}/products`, {
    data: { ...product, sku: `${skuPrefix}-${tag}`, status: 'active' },
    headers,
  });
  expect(productRes.status()).toBe(201);
  return { session, headers, tag, store, product: (await productRes.json()) as { id: string } };
}

/** Saves Dati aziendali as a company with a P.IVA and a seat (what packing slips and invoices print). */
export async function saveBusinessDetailsViaApi(page: Page, storeId: string, headers: Record<string, string>) {
  const res = await page.request.put(`/api/stores/${storeId}/business`, {
    data: {
      companyName: 'Bottega Aurora S.r.l.',
      vatNumber: '06363391001',
      taxCode: '',
      street: 'Via Roma 1',
      postalCode: '40121',
      city: 'Bologna',
      province: 'BO',
      pec: '',
      phone: '',
      email: '',
    },
    headers,
  });
  expect(res.status()).toBe(200);
}

export async function signInViaUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
}

export const test = base;
export { expect };
