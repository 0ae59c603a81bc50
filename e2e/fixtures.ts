import { test as base, expect, type Page } from '@playwright/test';
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

let n = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now().toString(36)}${(n++).toString(36)}@example.it`;
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

export async function signInViaUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Accedi' }).click();
}

export const test = base;
export { expect };
