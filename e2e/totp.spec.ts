import { generate } from 'otplib';
import { expect, signInViaUi, signUpViaUi, test } from './fixtures';

/** The authenticator app's code for the key shown on the page, `steps` periods from now. */
const appCode = (key: string, steps = 0) => generate({ secret: key.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + steps * 30 });

test.describe('two-step sign-in', () => {
  test('turn it on from the key shown, sign out, sign in with the code', async ({ page }) => {
    const { email } = await signUpViaUi(page);
    await page.goto('/dashboard/profile');
    const card = page.getByTestId('two-step-card');
    await expect(card.getByText('Verifica in due passaggi', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Attiva' }).click();
    await expect(card.getByRole('img', { name: /Codice QR/ })).toBeVisible();
    const key = (await card.getByTestId('totp-secret').textContent()) ?? '';
    expect(key.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{16,}$/);

    // A wrong first code leaves it off.
    const code = await appCode(key);
    await card.getByLabel('Codice di verifica').fill(code === '000000' ? '111111' : '000000');
    await card.getByRole('button', { name: 'Conferma e attiva' }).click();
    await expect(card.getByText('Codice non valido o scaduto')).toBeVisible();

    await card.getByLabel('Codice di verifica').fill(code);
    await card.getByRole('button', { name: 'Conferma e attiva' }).click();
    await expect(card.getByText('Salva questi codici di recupero')).toBeVisible();
    await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await expect(card.getByRole('button', { name: 'Scarica i codici' })).toBeVisible();
    await card.getByRole('button', { name: 'Ho salvato i codici' }).click();
    await expect(card.getByText('Attiva', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Disattiva' })).toBeVisible();

    await page.getByRole('button', { name: 'Menu account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logout effettuato')).toBeVisible();

    await signInViaUi(page, email);
    const field = page.getByLabel('Codice di verifica');
    await expect(field).toBeVisible();
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(page.getByRole('button', { name: 'Usa un codice di recupero' })).toBeVisible();
    // The code the first one was confirmed with is spent; the app's next one (one step of drift) works.
    await field.fill(code);
    await page.getByRole('button', { name: 'Verifica', exact: true }).click();
    await expect(page.getByText('Codice non valido o scaduto')).toBeVisible();
    await field.fill(await appCode(key, 1));
    await page.getByRole('button', { name: 'Verifica', exact: true }).click();
    await expect(page.getByText('Configurazione incompleta')).toBeVisible();
    await page.waitForURL(/\/onboarding/);
  });
});
