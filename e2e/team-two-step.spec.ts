import type { Page } from '@playwright/test';
import { generate } from 'otplib';
import { expect, mailbox, signUpViaApi, test, uniqueEmail } from './fixtures';

/** The authenticator app's code for the key shown on the page. */
const appCode = (key: string) => generate({ secret: key.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) });

/** Turns 'Verifica in due passaggi' on from Profilo → Sicurezza with the key shown ('Chiave'). */
async function turnOnTwoStep(page: Page) {
  const card = page.getByTestId('two-step-card');
  await card.getByRole('button', { name: 'Attiva' }).click();
  const key = (await card.getByTestId('totp-secret').textContent()) ?? '';
  await card.getByLabel('Codice di verifica').fill(await appCode(key));
  await card.getByRole('button', { name: 'Conferma e attiva' }).click();
  await expect(card.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await card.getByRole('button', { name: 'Ho salvato i codici' }).click();
}

test.describe('two-step sign-in required of the team', () => {
  test('the owner turns it on; a staff member without it is sent to set it up, does, and enters the dashboard', async ({ browser }) => {
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    const { session } = await signUpViaApi(owner);
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const storeName = `Bottega Sicura ${Date.now().toString(36)}`;
    const created = await owner.request.post('/api/stores', { data: { name: storeName }, headers });
    expect(created.status()).toBe(201);
    const store = (await created.json()) as { id: string };

    // A staff member joins through the invitation's mailed token.
    const staffEmail = uniqueEmail('staff-2fa');
    expect((await owner.request.post(`/api/stores/${store.id}/team/invitations`, { data: { email: staffEmail, role: 'staff' }, headers })).status()).toBe(201);
    const token = new URL(mailbox.link(await mailbox.waitFor(staffEmail, /Invito a far parte del team/), '/invitations/accept')).searchParams.get('token');
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    const staffAuth = { authorization: `Bearer ${(await signUpViaApi(staff, staffEmail)).session.accessToken}` };
    expect((await staff.request.post('/api/invitations/accept', { data: { token }, headers: staffAuth })).status()).toBe(200);
    expect((await staff.request.put('/api/me/active-store', { data: { storeId: store.id }, headers: staffAuth })).status()).toBe(200);

    // Without two-step of their own, the owner is told what to do first.
    await owner.goto(`/dashboard/stores/${store.id}/settings/sicurezza`);
    const requirement = owner.getByRole('switch', { name: 'Richiedi la verifica in due passaggi al team' });
    await requirement.click();
    await expect(owner.getByRole('alert')).toContainText('Attiva prima la verifica in due passaggi sul tuo account');
    await expect(requirement).toHaveAttribute('aria-checked', 'false');

    await owner.getByRole('link', { name: 'Vai a Profilo → Sicurezza' }).click();
    await owner.waitForURL(/\/dashboard\/profile/);
    await turnOnTwoStep(owner);
    await owner.goto(`/dashboard/stores/${store.id}/settings/sicurezza`);
    await requirement.click();
    await expect(owner.getByText('Verifica in due passaggi richiesta al team')).toBeVisible();
    await expect(requirement).toHaveAttribute('aria-checked', 'true');

    // The staff member opens the dashboard: sent to Profilo → Sicurezza, with the reason.
    await staff.goto('/dashboard/orders');
    await staff.waitForURL(/\/dashboard\/profile/);
    const notice = staff.getByTestId('two-step-required');
    await expect(notice.getByRole('heading', { name: 'Questo store richiede la verifica in due passaggi' })).toBeVisible();
    await expect(notice).toContainText(storeName);
    await turnOnTwoStep(staff);
    await expect(staff.getByText(`ora puoi entrare in «${storeName}»`)).toBeVisible();
    await staff.getByRole('link', { name: 'Vai alla dashboard' }).click();
    await staff.waitForURL(/\/dashboard$/);
    await expect(staff.getByTestId('active-store-name')).toHaveText(storeName);
    await staff.goto('/dashboard/orders');
    await expect(staff.getByRole('heading', { level: 1, name: 'Ordini' })).toBeVisible();
    await expect(staff).toHaveURL(/\/dashboard\/orders$/);

    await ownerContext.close();
    await staffContext.close();
  });
});
