import { expect, mailbox, signInViaUi, signUpViaUi, test, uniqueEmail, PASSWORD } from './fixtures';

test.describe('accounts', () => {
  test('register, log out, log in with a wrong then the right password', async ({ page }) => {
    const { email } = await signUpViaUi(page);

    await page.getByRole('button', { name: 'Menu account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logout effettuato')).toBeVisible();
    await expect(page.getByText('Ci vediamo presto!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Inizia gratis' }).first()).toBeVisible();

    await signInViaUi(page, email, 'password-sbagliata');
    await expect(page.getByText('Errore nel login')).toBeVisible();
    await expect(page.getByText('Credenziali non valide')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    // No store yet: the spec sends the user to set one up.
    await expect(page.getByText('Configurazione incompleta')).toBeVisible();
    await page.waitForURL(/\/onboarding/);
  });

  test('shows the validation messages of the spec', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email').fill('non-una-email');
    await page.getByLabel('Password', { exact: true }).fill('corta');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.getByText('Email non valida')).toBeVisible();
    await expect(page.getByText('La password deve contenere almeno 8 caratteri')).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('Email').fill('qualcuno@example.it');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await expect(page.getByText('La password è obbligatoria')).toBeVisible();
  });

  test('refuses a common password at sign-up, under the password field', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Email').fill(uniqueEmail('comune'));
    await page.getByLabel('Password', { exact: true }).fill('password1');
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.getByText('Errore nella registrazione')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Questa password è troppo comune' })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(page).toHaveURL(/\/register$/);

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Registrati' }).click();
    await expect(page.getByText('Registrazione completata!')).toBeVisible();
  });

  test('keeps the session across a reload and protects the dashboard', async ({ page, context }) => {
    await signUpViaUi(page);
    await page.goto('/dashboard/profile');
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Il Tuo Profilo' })).toBeVisible();

    const other = await context.browser()!.newContext();
    const anonymous = await other.newPage();
    await anonymous.goto('/dashboard/profile');
    await anonymous.waitForURL(/\/login\?redirect=/);
    await expect(anonymous.getByRole('heading', { name: 'Bentornato' })).toBeVisible();
    await other.close();
  });

  test('changes the e-mail with the current password, only after the mailed link is opened', async ({ page, browser }) => {
    const { email } = await signUpViaUi(page);
    // The same account signed in on another device.
    const otherDevice = await browser.newContext();
    const otherPage = await otherDevice.newPage();
    expect((await otherPage.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    const newEmail = uniqueEmail('nuova');
    await page.goto('/dashboard/profile');
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    await page.getByLabel('Nuova email').fill(newEmail);
    await page.getByRole('button', { name: 'Aggiorna email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'La password è obbligatoria' })).toBeVisible();

    // A wrong password is refused on its field and nothing is mailed.
    await page.getByLabel('Password attuale').fill('password-sbagliata');
    await page.getByRole('button', { name: 'Aggiorna email' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'La password attuale non è corretta' })).toBeVisible();
    await expect(page.getByLabel('Password attuale')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Password attuale').fill(PASSWORD);
    await page.getByRole('button', { name: 'Aggiorna email' }).click();
    await expect(page.getByText('Email aggiornata')).toBeVisible();
    await expect(page.getByLabel('Password attuale')).toHaveValue('');
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveText(email);

    // The current address is warned, with a way to react if it was not its owner.
    const warning = await mailbox.waitFor(email, /Richiesta di cambio email/);
    expect(warning.text).toContain(newEmail);
    const mail = await mailbox.waitFor(newEmail, /nuova email/i);
    expect((await mailbox.list(newEmail)).length).toBe(1);
    await page.goto(mailbox.link(mail, '/auth/confirm-email'));
    await expect(page.getByText(`Da ora accedi con ${newEmail}.`)).toBeVisible();
    await page.getByRole('link', { name: 'Vai al profilo' }).click();
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);

    // The browser that opened the link stays signed in; the other device is signed out.
    await otherPage.goto('/dashboard/profile');
    await otherPage.waitForURL(/\/login\?redirect=/);
    await otherDevice.close();
  });

  test('resets the password through /reset-password and signs in', async ({ page }) => {
    const { email } = await signUpViaUi(page);
    await page.goto('/dashboard/profile');
    await page.getByRole('button', { name: 'Reimposta password' }).click();
    await expect(page.getByText('Email inviata')).toBeVisible();

    const mail = await mailbox.waitFor(email, /password/i);
    await page.goto(mailbox.link(mail, '/reset-password'));
    // A common password is refused under the field, and the link still works afterwards.
    await page.getByLabel('Nuova password').fill('password1');
    await page.getByLabel('Conferma password').fill('password1');
    await page.getByRole('button', { name: 'Salva nuova password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Questa password è troppo comune' })).toBeVisible();
    await expect(page.getByLabel('Nuova password')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Nuova password').fill('nuova-password-42');
    await page.getByLabel('Conferma password').fill('nuova-password-42');
    await page.getByRole('button', { name: 'Salva nuova password' }).click();
    await page.waitForURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Menu account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    // Signing out lands on the home page; the sign-in starts once that navigation is over.
    await expect(page.getByText('Logout effettuato')).toBeVisible();
    await signInViaUi(page, email, PASSWORD);
    await expect(page.getByText('Credenziali non valide')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('nuova-password-42');
    await page.getByRole('button', { name: 'Accedi', exact: true }).click();
    await page.waitForURL(/\/onboarding|\/dashboard/);
  });

  test('forgot-password from the login page sends the reset mail', async ({ page }) => {
    const { email } = await signUpViaUi(page);
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Password dimenticata?' }).click();
    // The login page has an Email field too: type once the reset page has replaced it (on a slow
    // machine the address went into the login form, and the reset form was sent empty).
    await expect(page.getByRole('heading', { name: 'Password dimenticata?' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Invia link' }).click();
    await expect(page.getByText(`Se esiste un account per`)).toBeVisible();
    await mailbox.waitFor(email, /password/i);
  });
});

test('unknown paths show the 404 page with a link home', async ({ page }) => {
  await page.goto('/questa-pagina-non-esiste');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Torna alla home' }).click();
  await expect(page).toHaveURL(/\/$/);
});
