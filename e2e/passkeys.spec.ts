import type { CDPSession, Page } from '@playwright/test';
import { expect, signInViaUi, signUpViaUi, test } from './fixtures';
import { APP_PORT } from './ports';
import { ageProof } from './proof-age';

// A passkey's relying party is a host name: these pages are opened on localhost, not 127.0.0.1.
test.use({ baseURL: `http://localhost:${APP_PORT}` });

/** Chromium's virtual platform authenticator (DevTools protocol): resident keys, user verified. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Menu account' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logout effettuato')).toBeVisible();
}

test.describe('passkeys', () => {
  test('register a passkey in the profile, sign out, sign in with it alone and as the second step', async ({ page }) => {
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const { email } = await signUpViaUi(page);
    await page.goto('/dashboard/profile');
    const card = page.getByTestId('passkeys-card');
    await expect(card.getByText('Nessuna passkey registrata.')).toBeVisible();

    // A name is needed.
    await card.getByRole('button', { name: 'Aggiungi una passkey' }).click();
    await expect(card.getByText('Dai un nome alla passkey')).toBeVisible();
    await card.getByLabel('Nome della nuova passkey').fill('Portatile di prova');
    await card.getByRole('button', { name: 'Aggiungi una passkey' }).click();
    await expect(page.getByText('Passkey aggiunta')).toBeVisible();
    const row = card.getByTestId('passkey');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Portatile di prova')).toBeVisible();
    await expect(row.getByText('Mai usata')).toBeVisible();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);

    // 'Accedi con una passkey': no e-mail, no password.
    await signOut(page);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Accedi con una passkey' }).click();
    await expect(page.getByText('Configurazione incompleta')).toBeVisible();
    await page.waitForURL(/\/onboarding/);
    await page.goto('/dashboard/profile');
    await expect(card.getByTestId('passkey').getByText(/Ultimo uso:/)).toBeVisible();

    // With a passkey the password alone no longer opens the account: the passkey is the second step.
    await signOut(page);
    await signInViaUi(page, email);
    await expect(page.getByText('Conferma l’accesso con una delle passkey del tuo account.')).toBeVisible();
    await page.getByRole('button', { name: 'Usa una passkey' }).click();
    await expect(page.getByText('Configurazione incompleta')).toBeVisible();
    await page.waitForURL(/\/onboarding/);

    // Rename, then remove: six minutes after the sign-in, the passkey itself confirms who one is.
    await page.goto('/dashboard/profile');
    await card.getByRole('button', { name: 'Rinomina Portatile di prova' }).click();
    await card.getByLabel('Nome della passkey').fill('MacBook');
    await card.getByRole('button', { name: 'Salva' }).click();
    await expect(card.getByTestId('passkey').getByText('MacBook')).toBeVisible();
    ageProof({ email });
    await card.getByRole('button', { name: 'Rimuovi MacBook' }).click();
    await expect(page.getByRole('dialog').getByText('Rimuovere la passkey?')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Rimuovi' }).click();
    const proof = page.getByRole('dialog', { name: 'Conferma la tua identità' });
    await expect(proof).toBeVisible();
    await proof.getByRole('button', { name: 'Usa una passkey' }).click();
    await expect(page.getByText('Passkey rimossa')).toBeVisible();
    await expect(card.getByText('Nessuna passkey registrata.')).toBeVisible();
  });
});
