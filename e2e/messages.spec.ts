import type { Browser } from '@playwright/test';
import { expect, hydrated, mailbox, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A merchant signed in in their own browser with a store made through the API. */
async function merchantWithStore(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { session } = await signUpViaApi(page, uniqueEmail('negozio-chat'));
  const res = await page.request.post('/api/stores', {
    data: { name: `Bottega Chat ${Date.now().toString(36)}` },
    headers: { authorization: `Bearer ${session.accessToken}` },
  });
  expect(res.status()).toBe(201);
  const store = (await res.json()) as { id: string; slug: string; name: string };
  return { context, page, store };
}

test.describe('messages and live chat', () => {
  test('a signed-in visitor chats with the store and both see each other live', async ({ browser }) => {
    const merchant = await merchantWithStore(browser);
    await merchant.page.goto('/dashboard/messages');
    await expect(merchant.page.getByRole('heading', { name: 'Messaggi' })).toBeVisible();

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await signUpViaApi(visitor, uniqueEmail('cliente-chat'));
    await visitor.goto(`/store/${merchant.store.slug}`);
    // The merchant sees the visitor in the Online counter.
    await expect(merchant.page.getByTestId('online-counter')).toContainText('Online: 1');

    await visitor.getByRole('button', { name: `Scrivi a ${merchant.store.name}` }).click();
    await visitor.getByRole('textbox', { name: 'Messaggio', exact: true }).fill('Ciao, avete la taglia S?');
    await visitor.getByRole('button', { name: 'Invia' }).click();
    await expect(visitor.getByText('Ciao, avete la taglia S?')).toBeVisible();

    // Live on the merchant's side: the sidebar total and the conversation list, without reloading.
    await expect(merchant.page.getByTestId('sidebar-messages-badge')).toHaveText('1');
    await merchant.page.getByRole('tab', { name: /Chat dal vivo/ }).click();
    await merchant.page.getByRole('button', { name: /Ciao, avete la taglia S\?/ }).click();
    await expect(merchant.page.getByTestId('sidebar-messages-badge')).toHaveCount(0);
    await merchant.page.getByRole('textbox', { name: 'Messaggio', exact: true }).fill('Sì, arriva domani!');
    await merchant.page.getByRole('button', { name: 'Invia' }).click();

    // The reply reaches the visitor live, and is there again after a reload.
    await expect(visitor.getByText('Sì, arriva domani!')).toBeVisible();
    await visitor.reload();
    await hydrated(visitor);
    await visitor.getByRole('button', { name: `Scrivi a ${merchant.store.name}` }).click();
    await expect(visitor.getByText('Sì, arriva domani!')).toBeVisible();
    await expect(visitor.getByText('Ciao, avete la taglia S?')).toBeVisible();
    await visitorContext.close();
    await merchant.context.close();
  });

  test('a guest sends the contact form; the merchant sees "Nuovo" live and replies by e-mail', async ({ browser }) => {
    const merchant = await merchantWithStore(browser);
    await merchant.page.goto('/dashboard/messages');
    await expect(merchant.page.getByText('Nessun messaggio')).toBeVisible();

    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/store/${merchant.store.slug}`);
    // The button is in the server's HTML before its handler exists: click once the page is hydrated.
    await hydrated(guest);
    await guest.getByRole('button', { name: `Scrivi a ${merchant.store.name}` }).click();
    await expect(guest.getByRole('link', { name: 'Accedi' })).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(`/store/${merchant.store.slug}`)}`);
    await guest.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(guest.getByText('Campi mancanti')).toBeVisible();
    await guest.getByLabel('Nome').fill('Giorgia Blu');
    await guest.getByLabel('Email').fill('giorgia-non-valida');
    await guest.getByRole('textbox', { name: 'Messaggio', exact: true }).fill('<b>Fate spedizioni</b> in Svizzera?');
    await guest.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(guest.getByText('Inserisci un indirizzo email valido.')).toBeVisible();
    const email = uniqueEmail('giorgia');
    await guest.getByLabel('Email').fill(email);
    await guest.getByRole('button', { name: 'Invia messaggio' }).click();
    await expect(guest.getByText('Messaggio inviato!')).toBeVisible();

    // Appears live with 'Nuovo'; the text is shown as typed, never as HTML.
    const card = merchant.page.getByRole('button', { name: /Giorgia Blu/ });
    await expect(card).toBeVisible();
    await expect(card.getByText('Nuovo')).toBeVisible();
    await expect(card.getByText('<b>Fate spedizioni</b> in Svizzera?')).toBeVisible();
    await card.click();
    await expect(card.getByText('Nuovo')).toHaveCount(0);
    await merchant.page.getByLabel('Rispondi').fill('Sì, in 3-5 giorni lavorativi.');
    await merchant.page.getByRole('button', { name: 'Invia risposta' }).click();
    await expect(merchant.page.getByText('Risposta inviata')).toBeVisible();
    const mail = await mailbox.waitFor(email, /Risposta da/);
    expect(mail.text).toContain('Sì, in 3-5 giorni lavorativi.');
    await guestContext.close();
    await merchant.context.close();
  });
});
