import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';

let server: TestServer;
let owner: Client;
let store: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };
let otherOwner: Client;

const details = (over: Record<string, string> = {}) => ({
  companyName: 'Bottega Legale S.r.l.',
  vatNumber: 'IT 0636 3391 001',
  taxCode: 'RSSMRA85T10A562S',
  street: 'Via Dante 5',
  postalCode: '20121',
  city: 'Milano',
  province: 'mi',
  pec: 'bottega@pec.example.it',
  phone: '+39 02 1234567',
  email: 'Info@Bottega.example.it',
  ...over,
});

beforeAll(async () => {
  server = await startServer();
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Legale');
  const b = await createUser(server);
  otherOwner = b.client;
  other = await createStoreFor(server, b.id, 'Altro Negozio');
});
afterAll(async () => {
  await server.close();
});

const api = (path = '') => `/api/stores/${store.id}${path}`;
const publicStore = (slug = store.slug) => client(server.url).get(`/api/public/stores/${slug}`);
const publicPage = (kind: string, slug = store.slug) => client(server.url).get(`/api/public/stores/${slug}/pages/${kind}`);
const html = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, text: await res.text() };
};

describe(`business details (${engine})`, () => {
  it('a new store has none; saved details come back normalised and the storefront shows them', async () => {
    const fresh = await owner.get(api('/business'));
    expect(fresh.status).toBe(200);
    expect(fresh.body.details).toMatchObject({ companyName: '', vatNumber: '', updatedAt: null });
    expect((await publicStore()).body.store.business).toEqual({
      companyName: null,
      vatNumber: null,
      taxCode: null,
      address: null,
      pec: null,
      phone: null,
      email: null,
    });
    // The other store's cached answer must survive this store's change.
    expect((await publicStore(other.slug)).status).toBe(200);

    const saved = await owner.put(api('/business'), details());
    expect(saved.status).toBe(200);
    expect(saved.body.details).toMatchObject({ companyName: 'Bottega Legale S.r.l.', vatNumber: '06363391001', email: 'info@bottega.example.it' });
    expect((await owner.get(api('/business'))).body.details.vatNumber).toBe('06363391001');

    // Seen at once by shoppers: the store's cached answer was dropped, the other store's was not.
    const pub = await publicStore();
    expect(pub.body.store.business).toEqual({
      companyName: 'Bottega Legale S.r.l.',
      vatNumber: '06363391001',
      taxCode: 'RSSMRA85T10A562S',
      address: 'Via Dante 5, 20121 Milano (MI)',
      pec: 'bottega@pec.example.it',
      phone: '+39 02 1234567',
      email: 'info@bottega.example.it',
    });
    expect(server.ctx.publicCache.get(`${other.slug}|store`)).toBeTypeOf('string');
  });

  it.each([
    ['a wrong check digit', { vatNumber: '06363391002' }, 'Partita IVA non valida'],
    ['letters in the P.IVA', { vatNumber: '0636339100A' }, 'Partita IVA non valida'],
    ['a 10-digit P.IVA', { vatNumber: '0636339100' }, 'Partita IVA non valida'],
    ['a wrong codice fiscale', { taxCode: 'RSSMRA85T10A562T' }, 'Codice fiscale non valido'],
    ['a PEC that is no address', { pec: 'pec-della-bottega' }, 'PEC non valida'],
    ['a P.IVA without the company', { companyName: '' }, 'Inserisci la ragione sociale: va indicata insieme alla Partita IVA'],
    ['a seat without its city', { city: '' }, 'Inserisci il comune (2-60 caratteri)'],
    ['a seat with a 4-digit CAP', { postalCode: '2012' }, 'CAP non valido: servono 5 cifre'],
  ])('refuses %s with a clear Italian message and changes nothing', async (_what, over, message) => {
    const before = await owner.get(api('/business'));
    const res = await owner.put(api('/business'), details(over));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await owner.get(api('/business'))).body).toEqual(before.body);
  });

  it('is for the store’s admins only: staff get 403, another store’s owner 404', async () => {
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    expect((await staff.client.get(api('/business'))).status).toBe(403);
    expect((await staff.client.put(api('/business'), details({ companyName: 'Presa Srl' }))).status).toBe(403);
    expect((await staff.client.put(api('/legal-pages/termini'), { markdown: 'Mio testo' })).status).toBe(403);
    expect((await otherOwner.get(api('/business'))).status).toBe(404);
    expect((await otherOwner.put(api('/business'), details({ companyName: 'Presa Srl' }))).status).toBe(404);
    expect((await otherOwner.del(api('/legal-pages/termini'))).status).toBe(404);
    expect((await owner.get(api('/business'))).body.details.companyName).toBe('Bottega Legale S.r.l.');
  });
});

describe(`legal pages (${engine})`, () => {
  it('start as templates filled with the store’s details, the 14-day withdrawal and its shipping rates', async () => {
    const res = await owner.get(api('/legal-pages'));
    expect(res.status).toBe(200);
    expect(res.body.pages.map((p: { kind: string; title: string }) => [p.kind, p.title])).toEqual([
      ['termini', 'Termini e condizioni'],
      ['privacy', 'Privacy'],
      ['spedizioni-resi', 'Spedizioni e resi'],
    ]);
    const [terms, privacy, shipping] = res.body.pages;
    expect(terms.customised).toBe(false);
    expect(terms.markdown).toContain('Bottega Legale S.r.l.');
    expect(terms.markdown).toContain('Partita IVA: 06363391001');
    expect(terms.markdown).toContain('**14 giorni**');
    expect(terms.markdown).toContain('artt. 52–59 del Codice del Consumo');
    expect(terms.markdown).toContain('**2 anni**');
    expect(terms.markdown).toContain('Contrassegno');
    expect(privacy.markdown).toContain('Titolare del trattamento');
    expect(privacy.markdown).toContain('Garante per la protezione dei dati personali');
    expect(shipping.markdown).toMatch(/\| Italia \| 5,99\s€ \|/);
    expect(terms.html).toContain('<h2>7. Diritto di recesso</h2>');

    const pub = await publicPage('termini');
    expect(pub.status).toBe(200);
    expect(pub.body.page).toMatchObject({ kind: 'termini', title: 'Termini e condizioni', updatedAt: null });
    expect(pub.body.page.html).toContain('Bottega Legale S.r.l.');
  });

  it('the merchant edits a page and restores the template', async () => {
    const saved = await owner.put(api('/legal-pages/spedizioni-resi'), { markdown: '## Spedizioni\n\nSpediamo in 48 ore con **corriere espresso**.' });
    expect(saved.status).toBe(200);
    expect(saved.body.page).toMatchObject({ customised: true, kind: 'spedizioni-resi' });
    expect(saved.body.page.html).toContain('<strong>corriere espresso</strong>');
    expect((await publicPage('spedizioni-resi')).body.page.html).toContain('Spediamo in 48 ore');

    const reset = await owner.del(api('/legal-pages/spedizioni-resi'));
    expect(reset.status).toBe(200);
    expect(reset.body.page.customised).toBe(false);
    expect(reset.body.page.markdown).toContain('## Dove spediamo e quanto costa');
    expect((await publicPage('spedizioni-resi')).body.page.html).not.toContain('Spediamo in 48 ore');
  });

  it('refuses an empty text and unknown pages, changing nothing', async () => {
    const empty = await owner.put(api('/legal-pages/privacy'), { markdown: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Il testo della pagina non può essere vuoto');
    expect((await owner.get(api('/legal-pages/privacy'))).body.page.customised).toBe(false);
    const unknown = await owner.put(api('/legal-pages/cookie'), { markdown: 'Testo' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Pagina non trovata');
    expect((await publicPage('cookie')).status).toBe(404);
    expect((await publicPage('termini', 'negozio-che-non-esiste')).status).toBe(404);
  });

  it('never publishes live HTML or script links from the Markdown', async () => {
    const hostile = '# Termini\n\n<script>alert(1)</script>\n\n[clicca](javascript:alert(1)) e <img src=x onerror=alert(2)> e [sito](https://example.it)';
    const saved = await owner.put(api('/legal-pages/termini'), { markdown: hostile });
    expect(saved.status).toBe(200);
    const preview = await owner.post(api('/legal-pages/preview'), { markdown: hostile });
    expect(preview.status).toBe(200);
    for (const out of [saved.body.page.html, preview.body.html, (await publicPage('termini')).body.page.html]) {
      expect(out).not.toContain('<script');
      expect(out).not.toContain('<img');
      expect(out).not.toContain('href="javascript:');
      expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(out).toContain('<a href="https://example.it" rel="nofollow noopener">sito</a>');
    }

    // The real page a shopper opens, rendered on the server.
    const page = await html(`/store/${store.slug}/termini`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Termini e condizioni · Bottega Legale</title>');
    expect(page.text).not.toContain('<script>alert(1)</script>');
    expect(page.text).not.toMatch(/<img[^>]*onerror/);
    expect(page.text).not.toMatch(/href="javascript:/i);
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('the storefront pages are server-rendered with their title, the footer details and links; unknown stores are 404', async () => {
    await owner.del(api('/legal-pages/termini'));
    const privacy = await html(`/store/${store.slug}/privacy`);
    expect(privacy.status).toBe(200);
    expect(privacy.text).toContain('<title>Privacy · Bottega Legale</title>');
    expect(privacy.text).toContain('<meta name="description" content="Come Bottega Legale tratta i dati personali');
    expect(privacy.text).toContain('Titolare del trattamento');
    expect(privacy.text).toContain('P.IVA 06363391001');
    expect(privacy.text).toContain(`href="/store/${store.slug}/termini"`);
    const terms = await html(`/store/${store.slug}/termini`);
    expect(terms.text).toContain('14 giorni');
    expect((await html('/store/negozio-che-non-esiste/termini')).status).toBe(404);
  });
});
