import type { Browser, Page } from '@playwright/test';
import { expect, mailbox, PASSWORD, signUpViaApi, test, uniqueEmail } from './fixtures';

/** A signed-in merchant in their own browser, with a store created through the stores API. */
async function merchantWithStore(browser: Browser, storeName: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, session } = await signUpViaApi(page, uniqueEmail('admin'));
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const res = await page.request.post('/api/stores', { data: { name: storeName }, headers: auth });
  expect(res.status()).toBe(201);
  const store = (await res.json()) as { id: string };
  return { context, page, email, auth, storeId: store.id, storeName };
}

async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu account' }).click();
}

test.describe('team and invitations', () => {
  test('the admin invites, the invitee signs up from the mailed link, accepts and joins; the admin sees them', async ({ browser }) => {
    const storeName = `Bottega ${Date.now().toString(36)}`;
    const admin = await merchantWithStore(browser, storeName);
    const inviteeEmail = uniqueEmail('collega');

    await admin.page.goto('/dashboard/team');
    await expect(admin.page.getByRole('heading', { name: 'Team' })).toBeVisible();
    const send = admin.page.getByRole('button', { name: 'Invia invito' });
    await expect(send).toBeDisabled();
    await expect(admin.page.getByRole('radio', { name: /^Staff/ })).toBeChecked();

    await admin.page.getByLabel('Email').fill('non-una-email');
    await send.click();
    await expect(admin.page.getByRole('alert').filter({ hasText: "Inserisci un'email valida" })).toBeVisible();
    await expect(admin.page.getByText('Email non valida')).toBeVisible();

    // Trimmed and lower-cased before it is sent.
    await admin.page.getByLabel('Email').fill(`  ${inviteeEmail.toUpperCase()} `);
    await send.click();
    await expect(admin.page.getByText('Invito inviato!')).toBeVisible();
    const pending = admin.page.getByTestId('pending-invitation');
    await expect(pending).toHaveCount(1);
    await expect(pending).toContainText(inviteeEmail);

    await admin.page.getByLabel('Email').fill(inviteeEmail);
    await send.click();
    await expect(admin.page.getByText('Invito esistente')).toBeVisible();
    await expect(admin.page.getByText('Questa email ha già un invito in sospeso').first()).toBeVisible();

    // The invitee, in another browser, opens the mailed link while signed out.
    const link = mailbox.link(await mailbox.waitFor(inviteeEmail, /Invito a far parte del team/), '/invitations/accept');
    expect(link.startsWith('http://127.0.0.1')).toBe(true);
    const inviteeContext = await browser.newContext();
    const invitee = await inviteeContext.newPage();
    await invitee.goto(link);
    await invitee.waitForURL(/\/login\?redirect=%2Finvitations%2Faccept%3Ftoken%3D/);
    await invitee.getByRole('link', { name: 'Registrati' }).click();
    await invitee.waitForURL(/\/register\?redirect=/);
    await invitee.getByLabel('Email').fill(inviteeEmail);
    await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await invitee.getByRole('button', { name: 'Registrati' }).click();

    await invitee.waitForURL(/\/invitations\/accept\?token=/);
    await expect(invitee.getByRole('heading', { name: 'Invito accettato!' })).toBeVisible();
    await expect(invitee.getByText(`Ora fai parte del team di ${storeName} con il ruolo Staff.`)).toBeVisible();
    await invitee.getByRole('link', { name: 'Vai alla Dashboard' }).click();
    await invitee.waitForURL(/\/dashboard$/);
    await openAccountMenu(invitee);
    await expect(invitee.getByRole('menuitem', { name: storeName })).toBeVisible();
    await invitee.keyboard.press('Escape');

    // Staff see the team (and who owns the store) but not the admin tools.
    await invitee.goto('/dashboard/team');
    await expect(invitee.getByTestId('team-member')).toHaveCount(2);
    await expect(invitee.getByTestId('team-member').filter({ hasText: admin.email })).toContainText('Proprietario');
    await expect(invitee.getByTestId('team-member').filter({ hasText: inviteeEmail })).toContainText('Staff');
    await expect(invitee.getByRole('button', { name: 'Invia invito' })).toHaveCount(0);
    await expect(invitee.getByRole('button', { name: /^Rimuovi/ })).toHaveCount(0);
    await expect(invitee.getByRole('combobox', { name: /^Ruolo di/ })).toHaveCount(0);
    await expect(invitee.getByRole('button', { name: 'Trasferisci la proprietà' })).toHaveCount(0);

    await admin.page.reload();
    await expect(admin.page.getByRole('combobox', { name: `Ruolo di ${inviteeEmail}` })).toHaveValue('staff');
    await expect(admin.page.getByTestId('pending-invitation')).toHaveCount(0);
    // Never oneself (the owner): only the new staff member can be removed.
    await expect(admin.page.getByRole('button', { name: /^Rimuovi/ })).toHaveCount(1);

    admin.page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Sei sicuro di voler rimuovere questo membro?');
      void dialog.accept();
    });
    await admin.page.getByRole('button', { name: `Rimuovi ${inviteeEmail}` }).click();
    await expect(admin.page.getByText('Membro rimosso')).toBeVisible();
    await expect(admin.page.getByTestId('team-member')).toHaveCount(1);

    await inviteeContext.close();
    await admin.context.close();
  });

  test("declines one invitation and accepts another from 'Inviti Ricevuti'; the badge follows", async ({ browser }) => {
    const inviteeEmail = uniqueEmail('ricevente');
    const first = await merchantWithStore(browser, `Primo ${Date.now().toString(36)}`);
    const second = await merchantWithStore(browser, `Secondo ${Date.now().toString(36)}`);
    for (const m of [first, second]) {
      const res = await m.page.request.post(`/api/stores/${m.storeId}/team/invitations`, { data: { email: inviteeEmail }, headers: m.auth });
      expect(res.status()).toBe(201);
    }

    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpViaApi(page, inviteeEmail);
    await page.goto('/dashboard/team');
    await expect(page.getByText('Nessuno store attivo')).toBeVisible();

    await openAccountMenu(page);
    await expect(page.getByTestId('invitations-badge')).toHaveText('2');
    await page.getByRole('menuitem', { name: /Inviti Ricevuti/ }).click();
    await expect(page.getByRole('heading', { name: 'Inviti Ricevuti' })).toBeVisible();
    await expect(page.getByTestId('received-invitation')).toHaveCount(2);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: `Rifiuta l'invito di ${first.storeName}` }).click();
    await expect(page.getByText('Invito rifiutato')).toBeVisible();
    await expect(page.getByTestId('received-invitation')).toHaveCount(1);
    await openAccountMenu(page);
    await expect(page.getByTestId('invitations-badge')).toHaveText('1');
    await page.keyboard.press('Escape');

    // 'Accetta' needs a proved mailbox: the page says so up front, and again when Accetta is refused.
    const proof = page.getByTestId('mailbox-proof');
    await expect(proof).toContainText(`dobbiamo prima sapere che la casella ${inviteeEmail} è tua`);
    await page.getByRole('button', { name: `Accetta l'invito di ${second.storeName}` }).click();
    await expect(proof).toHaveAttribute('role', 'alert');
    await expect(proof).toContainText(`Per accettare l'invito conferma prima il tuo indirizzo email: ti abbiamo inviato un link a ${inviteeEmail}.`);
    await expect(page.getByTestId('received-invitation')).toHaveCount(1);
    const verifySubject = /Conferma il tuo indirizzo email/;
    await mailbox.waitFor(inviteeEmail, verifySubject);

    // Asking again mails a new link; only the newest one works.
    await proof.getByRole('button', { name: 'Invia di nuovo il link' }).click();
    await expect(page.getByText('Email inviata')).toBeVisible();
    await expect(proof).toContainText(`Ti abbiamo inviato un nuovo link a ${inviteeEmail}`);
    const newest = await mailbox.waitFor(inviteeEmail, verifySubject, { count: 2 });
    const [firstMail] = (await mailbox.list(inviteeEmail)).filter((m) => verifySubject.test(m.subject));
    await page.goto(mailbox.link(firstMail!, '/auth/verify-email'));
    await expect(page.getByText('Impossibile confermare l’email')).toBeVisible();
    await expect(page.getByText('Il link non è valido o è scaduto')).toBeVisible();

    const verifyLink = mailbox.link(newest, '/auth/verify-email');
    expect(verifyLink).toContain('&redirect=%2Fdashboard%2Finvitations');
    await page.goto(verifyLink);
    await expect(page.getByText('Email confermata')).toBeVisible();
    await expect(page.getByText(`l’indirizzo ${inviteeEmail} è tuo`)).toBeVisible();
    await page.getByRole('link', { name: 'Torna agli Inviti Ricevuti' }).click();
    await expect(page).toHaveURL(/\/dashboard\/invitations$/);
    await expect(page.getByTestId('received-invitation')).toHaveCount(1);
    await expect(proof).toHaveCount(0);

    await page.getByRole('button', { name: `Accetta l'invito di ${second.storeName}` }).click();
    await expect(page.getByText('Invito accettato!')).toBeVisible();
    await expect(page.getByText('Nessun invito in sospeso')).toBeVisible();
    await openAccountMenu(page);
    await expect(page.getByTestId('invitations-badge')).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: second.storeName })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/dashboard/team');
    await expect(page.getByTestId('team-member')).toHaveCount(2);
    await Promise.all([context.close(), first.context.close(), second.context.close()]);
  });

  test('the owner promotes a member, hands the store over with the password, and only the new owner may delete it', async ({ browser }) => {
    const storeName = `Bottega di famiglia ${Date.now().toString(36)}`;
    const owner = await merchantWithStore(browser, storeName);
    // A staff member who joined through the mailed invitation link.
    const memberEmail = uniqueEmail('socio');
    const invited = await owner.page.request.post(`/api/stores/${owner.storeId}/team/invitations`, { data: { email: memberEmail }, headers: owner.auth });
    expect(invited.status()).toBe(201);
    const link = mailbox.link(await mailbox.waitFor(memberEmail, /Invito a far parte del team/), '/invitations/accept');
    const memberContext = await browser.newContext();
    const member = await memberContext.newPage();
    await signUpViaApi(member, memberEmail);
    await member.goto(link);
    await expect(member.getByRole('heading', { name: 'Invito accettato!' })).toBeVisible();

    const page = owner.page;
    await page.goto('/dashboard/team');
    const ownerRow = page.getByTestId('team-member').filter({ hasText: owner.email });
    const memberRow = page.getByTestId('team-member').filter({ hasText: memberEmail });
    await expect(ownerRow).toContainText('Proprietario');
    await expect(memberRow).not.toContainText('Proprietario');
    // The owner's own role cannot change; the member's can.
    await expect(page.getByRole('combobox', { name: `Ruolo di ${owner.email}` })).toHaveCount(0);
    const memberRole = page.getByRole('combobox', { name: `Ruolo di ${memberEmail}` });
    await expect(memberRole).toHaveValue('staff');

    // The store can only go to an admin: with none, the dialog says how to get one.
    await page.getByRole('button', { name: 'Trasferisci la proprietà' }).click();
    await expect(page.getByRole('dialog')).toContainText('Il nuovo proprietario deve essere già un amministratore dello store');
    await expect(page.getByRole('dialog').getByLabel('Password attuale')).toHaveCount(0);
    await page.getByRole('dialog').getByRole('button', { name: 'Ho capito' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Promoting needs no confirmation; demoting an admin asks first, and cancelling keeps the role.
    await memberRole.selectOption('admin');
    await expect(page.getByText('Ruolo aggiornato')).toBeVisible();
    await expect(memberRole).toHaveValue('admin');
    await memberRole.selectOption('staff');
    const confirm = page.getByRole('alertdialog');
    await expect(confirm.getByText('Togliere il ruolo di amministratore?')).toBeVisible();
    await confirm.getByRole('button', { name: 'Annulla' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(memberRole).toHaveValue('admin');

    // The transfer is confirmed with the password: a wrong one is refused on the field.
    await page.getByRole('button', { name: 'Trasferisci la proprietà' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Nuovo proprietario').locator('option:checked')).toHaveText(memberEmail);
    await dialog.getByLabel('Password attuale').fill('password-sbagliata');
    await dialog.getByRole('button', { name: 'Trasferisci la proprietà' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'La password attuale non è corretta' })).toBeVisible();
    await expect(dialog.getByLabel('Password attuale')).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel('Password attuale').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Trasferisci la proprietà' }).click();
    await expect(page.getByText('Proprietà trasferita')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(memberRow).toContainText('Proprietario');
    await expect(ownerRow).not.toContainText('Proprietario');
    await expect(ownerRow).toContainText('Amministratore');
    // The former owner is an admin like the others now: no role controls, no transfer.
    await expect(page.getByRole('combobox', { name: /^Ruolo di/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Trasferisci la proprietà' })).toHaveCount(0);

    // Only the owner deletes the store.
    await page.goto('/dashboard/stores');
    const formerCard = page.getByTestId('store-card').filter({ hasText: storeName });
    await expect(formerCard).toBeVisible();
    await expect(formerCard).not.toContainText('Proprietario');
    await expect(formerCard.getByRole('button', { name: `Elimina ${storeName}` })).toHaveCount(0);

    await member.goto('/dashboard/stores');
    const newOwnerCard = member.getByTestId('store-card').filter({ hasText: storeName });
    await expect(newOwnerCard).toContainText('Proprietario');
    await expect(newOwnerCard.getByRole('button', { name: `Elimina ${storeName}` })).toBeVisible();
    await member.goto('/dashboard/team');
    await expect(member.getByRole('combobox', { name: `Ruolo di ${owner.email}` })).toHaveValue('admin');
    await expect(member.getByRole('button', { name: 'Trasferisci la proprietà' })).toBeVisible();

    await Promise.all([memberContext.close(), owner.context.close()]);
  });

  test('a link opened by another signed-in account is refused with a way to switch account', async ({ browser }) => {
    const admin = await merchantWithStore(browser, `Terzo ${Date.now().toString(36)}`);
    const invited = uniqueEmail('destinatario');
    await admin.page.request.post(`/api/stores/${admin.storeId}/team/invitations`, { data: { email: invited }, headers: admin.auth });
    const link = mailbox.link(await mailbox.waitFor(invited, /Invito a far parte del team/), '/invitations/accept');

    const context = await browser.newContext();
    const page = await context.newPage();
    await signUpViaApi(page, uniqueEmail('altro'));
    await page.goto(link);
    await expect(page.getByRole('heading', { name: "Errore nell'accettare l'invito" })).toBeVisible();
    await expect(page.getByText(/inviato a un altro indirizzo email/)).toBeVisible();
    await page.getByRole('button', { name: 'Accedi con un altro account' }).click();
    await page.waitForURL(/\/login\?redirect=%2Finvitations%2Faccept/);

    // Signed in, a link without its token is refused at once.
    await signUpViaApi(page, uniqueEmail('senza-token'));
    await page.goto('/invitations/accept');
    await expect(page.getByRole('heading', { name: 'Token non valido' })).toBeVisible();
    await Promise.all([context.close(), admin.context.close()]);
  });
});
