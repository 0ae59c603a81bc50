import { expect, signUpViaApi, test, uniqueEmail } from './fixtures';

test.describe('business details and legal pages', () => {
  test('the merchant fills Dati aziendali; the storefront footer shows them and links the terms', async ({ page, browser }) => {
    const { session } = await signUpViaApi(page, uniqueEmail('aziendali'));
    const headers = { authorization: `Bearer ${session.accessToken}` };
    const storeRes = await page.request.post('/api/stores', { data: { name: `Bottega Legale ${Date.now().toString(36)}` }, headers });
    expect(storeRes.status()).toBe(201);
    const store = (await storeRes.json()) as { id: string; slug: string; name: string };

    // Impostazioni → Dati aziendali: a wrong P.IVA is refused in Italian, then the right one is saved.
    await page.goto(`/dashboard/stores/${store.id}/settings/dati-aziendali`);
    const form = page.getByRole('form', { name: 'Dati aziendali' });
    await form.getByLabel('Ragione sociale').fill('Bottega Legale S.r.l.');
    await form.getByLabel('Partita IVA').fill('06363391002');
    await form.getByLabel('Sede legale: indirizzo').fill('Via Dante 5');
    await form.getByLabel('CAP').fill('20121');
    await form.getByLabel('Comune').fill('Milano');
    await form.getByLabel('Provincia').fill('mi');
    await form.getByLabel('PEC').fill('bottega@pec.example.it');
    await form.getByLabel('Email di contatto').fill('info@bottega.example.it');
    await page.getByRole('button', { name: 'Salva dati aziendali' }).click();
    await expect(form.getByText('Partita IVA non valida')).toBeVisible();
    await form.getByLabel('Partita IVA').fill('IT 0636 3391 001');
    await page.getByRole('button', { name: 'Salva dati aziendali' }).click();
    await expect(page.getByText('Dati aziendali salvati')).toBeVisible();
    await expect(form.getByLabel('Partita IVA')).toHaveValue('06363391001');

    // The shopper sees who sells in the footer, and opens the terms from there.
    const shopper = await browser.newContext();
    const shop = await shopper.newPage();
    await shop.goto(`/store/${store.slug}`);
    const footer = shop.getByRole('contentinfo');
    await expect(footer.getByText('Bottega Legale S.r.l.')).toBeVisible();
    await expect(footer.getByText('P.IVA 06363391001')).toBeVisible();
    await expect(footer.getByText('Via Dante 5, 20121 Milano (MI)')).toBeVisible();
    await expect(footer.getByRole('link', { name: 'info@bottega.example.it' })).toHaveAttribute('href', 'mailto:info@bottega.example.it');
    await footer.getByRole('link', { name: 'Termini e condizioni' }).click();
    await expect(shop).toHaveURL(new RegExp(`/store/${store.slug}/termini$`));
    await expect(shop.getByRole('heading', { level: 1, name: 'Termini e condizioni' })).toBeVisible();
    await expect(shop.getByRole('heading', { name: '7. Diritto di recesso' })).toBeVisible();
    await expect(shop.getByText(/entro 14 giorni dal giorno in cui tu/)).toBeVisible();
    await expect(shop).toHaveTitle(`Termini e condizioni · ${store.name}`);
    await shopper.close();

    // The merchant rewrites the shipping page (its own section); raw HTML shows as text, never runs.
    await page.getByRole('navigation', { name: 'Sezioni delle impostazioni' }).getByRole('link', { name: 'Pagine legali' }).click();
    const legal = page.getByTestId('legal-page-spedizioni-resi');
    await legal.getByRole('button', { name: 'Modifica' }).click();
    await legal.getByLabel('Testo di “Spedizioni e resi” (Markdown)').fill('## Consegna\n\nSpediamo in **48 ore**. <script>alert(1)</script>');
    await legal.getByRole('tab', { name: 'Anteprima' }).click();
    await expect(legal.getByText('48 ore')).toBeVisible();
    await legal.getByRole('button', { name: 'Salva pagina' }).click();
    await expect(legal.getByText('Personalizzata')).toBeVisible();

    const again = await browser.newContext();
    const reader = await again.newPage();
    let alerted = false;
    reader.on('dialog', (d) => {
      alerted = true;
      void d.dismiss();
    });
    await reader.goto(`/store/${store.slug}/spedizioni-resi`);
    await expect(reader.getByRole('heading', { name: 'Consegna' })).toBeVisible();
    await expect(reader.getByText('<script>alert(1)</script>')).toBeVisible();
    expect(alerted).toBe(false);
    await again.close();
  });
});
