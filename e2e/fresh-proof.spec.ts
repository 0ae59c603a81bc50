import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, merchantShopViaApi, PASSWORD, test, uniqueEmail } from './fixtures';
import { ageProof } from './proof-age';

// Issue 49, point 4: changing the IBAN more than five minutes after signing in asks 'Conferma la
// tua identità'; the change then goes through and the orders page warns of it.

const FIRST_IBAN = 'IT60 X054 2811 1010 0000 0123 456';
const NEW_IBAN = 'IT15A0542811101000000129012';

/** A merchant whose store takes bank transfers to FIRST_IBAN, set up through the API. */
async function merchantWithIban(page: Page) {
  const email = uniqueEmail('conferma');
  const { session, headers, store } = await merchantShopViaApi(page, {
    email,
    storeName: 'Bottega Conferma',
    product: { title: 'Vaso Aurora', description: 'Ceramica.', priceCents: 2500, skuPrefix: 'VA', stock: 3 },
  });
  const res = await page.request.put(`/api/stores/${store.id}/payments`, {
    headers,
    data: {
      bankTransfer: { enabled: true, iban: FIRST_IBAN, holder: 'Bottega Srl', bank: 'Banca Esempio', deadlineDays: 2 },
      cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
      pickup: { enabled: false, address: '', hours: '' },
      card: { enabled: false, secretKey: '', webhookSecret: '' },
    },
  });
  expect(res.status()).toBe(200);
  return { email, userId: session.user.id, store, headers };
}

test.describe("'Conferma la tua identità'", () => {
  test('an IBAN change after five minutes asks for the password, then is saved and shown on the orders page', async ({ page }) => {
    const { email, userId, store } = await merchantWithIban(page);
    ageProof({ userId });

    await page.goto(`/dashboard/stores/${store.id}/settings/pagamenti`);
    const bank = page.getByTestId('payment-bank-transfer');
    const iban = bank.getByLabel('IBAN');
    // The form shows the IBAN in groups of four.
    const typed = () => iban.inputValue().then((v) => v.replace(/\s/g, ''));
    await expect.poll(typed).toBe(FIRST_IBAN.replace(/\s/g, ''));
    await bank.getByLabel('IBAN').fill(NEW_IBAN);
    await page.getByRole('button', { name: 'Salva pagamenti' }).click();

    const dialog = page.getByRole('dialog', { name: 'Conferma la tua identità' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
    // No authenticator on this account: no code to offer.
    await expect(dialog.getByRole('button', { name: 'Usa un codice di verifica' })).toHaveCount(0);

    // Cancelling leaves the form as typed, with a clear message.
    await dialog.getByRole('button', { name: 'Annulla' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Modifica non salvata: serve la conferma della tua identità/)).toBeVisible();
    await expect.poll(typed).toBe(NEW_IBAN);

    // A wrong password is refused in the dialog; the right one saves the change.
    await page.getByRole('button', { name: 'Salva pagamenti' }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('non-è-la-mia-password');
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog.getByText('La password attuale non è corretta')).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();

    await page.reload();
    await expect.poll(typed).toBe(NEW_IBAN);

    await page.goto('/dashboard/orders');
    const banner = page.getByTestId('iban-change');
    await expect(banner).toContainText("L'IBAN è stato modificato il");
    await expect(banner).toContainText(`da ${email}`);
    await banner.getByRole('link', { name: 'Controlla i metodi di pagamento' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/stores/${store.id}/settings/pagamenti$`));
  });

  test('with an authenticator on, the dialog takes a code instead of the password', async ({ page }) => {
    const { userId, store, headers } = await merchantWithIban(page);
    // 'Verifica in due passaggi' turned on through the API, with the key it answers.
    const enrolled = await page.request.post('/api/auth/factors', { headers, data: { factorType: 'totp' } });
    expect(enrolled.status()).toBe(201);
    const { factor, totp } = (await enrolled.json()) as { factor: { id: string }; totp: { secret: string } };
    const codeAt = (steps: number) => generate({ secret: totp.secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const confirmed = await page.request.post(`/api/auth/factors/${factor.id}/verify`, { headers, data: { code: await codeAt(0) } });
    expect(confirmed.status()).toBe(200);
    ageProof({ userId });

    await page.goto(`/dashboard/stores/${store.id}/settings/pagamenti`);
    const bank = page.getByTestId('payment-bank-transfer');
    await bank.getByLabel('Intestatario').fill('Bottega Nuova Srl');
    await page.getByRole('button', { name: 'Salva pagamenti' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conferma la tua identità' });
    await dialog.getByRole('button', { name: 'Usa un codice di verifica' }).click();
    const field = dialog.getByLabel('Codice di verifica');
    await expect(field).toBeFocused();
    // The confirming code spent its step: the next one is within the allowed drift.
    await field.fill(await codeAt(1));
    await dialog.getByRole('button', { name: 'Conferma' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Modifiche salvate')).toBeVisible();
    await page.reload();
    await expect(bank.getByLabel('Intestatario')).toHaveValue('Bottega Nuova Srl');
  });
});
