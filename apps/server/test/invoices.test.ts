import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync, strFromU8 } from 'fflate';
import { romeDay } from '@vetrina/shared/shop-day';
import { addMember, client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { loadFatturapa, validateFatturaXml } from '../src/modules/invoices/fatturapa.js';
import { validateAgainstXsd } from './fatturapa-xsd.js';

let server: TestServer;
let owner: Client;
let staff: Client;
let outsider: Client;
let store: { id: string; slug: string; name: string };
const year = Number(romeDay(new Date()).slice(0, 4));
const month = romeDay(new Date()).slice(0, 7);

const business = { kind: 'business', companyName: 'Rossi & Figli S.r.l.', vatNumber: 'IT 1234567890 3', sdiCode: 'abc1234' };
const privateBuyer = { kind: 'private', taxCode: 'rssmra85t10a562s' };
const sellerDetails = {
  companyName: 'Bottega Fatture S.r.l.',
  vatNumber: '06363391001',
  taxCode: '',
  street: 'Via Dante 5',
  postalCode: '20121',
  city: 'Milano',
  province: 'mi',
  pec: 'bottega@pec.example.it',
  phone: '',
  email: 'info@bottega.example.it',
};
const invoiceSettings = {
  defaultVatCode: '22',
  fiscalRegime: 'RF01',
  autoIssue: false,
};

beforeAll(async () => {
  await loadFatturapa();
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Fatture');
  const s = await createUser(server);
  await addMember(server, store.id, s.id, 'staff');
  staff = s.client;
  const o = await createUser(server);
  outsider = o.client;
  await createStoreFor(server, o.id, 'Altro Negozio');
});
afterAll(async () => {
  await server.close();
});

const api = (path = '') => `/api/stores/${store.id}${path}`;
/** A generated file passes the builder's checks and the XML Schema. */
async function expectValid(xml: string) {
  expect(validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
  expect(await validateAgainstXsd(xml)).toEqual({ valid: true, errors: [] });
}
const auth = () => ({ authorization: `Bearer ${owner.token}` });
const checkout = (body: unknown) => client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);

/** An order of one 22% line (24,40 €) and one 10% line (2 × 5,50 €) with shipping 5,99 €. */
async function placeOrder(invoice: unknown = business) {
  const a = await insertProduct(server, store.id, { title: 'Borsa in pelle', priceCents: 2440, stock: 100 });
  const b = await insertProduct(server, store.id, { title: 'Libro di ricette', priceCents: 550, stock: 100, vatCode: '4' });
  const res = await checkout(
    checkoutBody(
      [
        { productId: a.id, quantity: 1, unitPriceCents: 2440 },
        { productId: b.id, quantity: 2, unitPriceCents: 550 },
      ],
      { invoice },
    ),
  );
  expect(res.status).toBe(201);
  return res.body.orderId as string;
}

async function readySeller() {
  expect((await owner.put(api('/business'), sellerDetails)).status).toBe(200);
  expect((await owner.put(api('/invoice-settings'), invoiceSettings)).status).toBe(200);
}

describe(`VAT on every order (${engine})`, () => {
  it('stores per line and in total the taxable amount and the VAT, half up per line, cent-exact', async () => {
    const orderId = await placeOrder();
    const { body } = await owner.get(api(`/orders/${orderId}`));
    const byTitle = Object.fromEntries(body.order.items.map((i: any) => [i.title, i]));
    // 24,40 € at 22%: 2440 × 100 / 122 = 2000 exactly.
    expect(byTitle['Borsa in pelle']).toMatchObject({ vatCode: '22', taxableCents: 2000, vatCents: 440 });
    // 11,00 € at 4%: 1100 × 100 / 104 = 1057,69 → 1058, VAT 42.
    expect(byTitle['Libro di ricette']).toMatchObject({ vatCode: '4', taxableCents: 1058, vatCents: 42 });
    // Shipping follows the store's rate: 599 / 1,22 = 490,98 → 491, VAT 108.
    expect(body.order.vat.summary).toEqual([
      { vatCode: '22', taxableCents: 2000 + 491, vatCents: 440 + 108 },
      { vatCode: '4', taxableCents: 1058, vatCents: 42 },
    ]);
    expect(body.order.vat.taxableCents + body.order.vat.vatCents).toBe(body.order.totalCents);
    expect(body.order.invoiceRequest).toEqual({ kind: 'business', companyName: 'Rossi & Figli S.r.l.', vatNumber: '12345678903', sdiCode: 'ABC1234' });
  });

  it('a product takes its own VAT code from the dashboard; a rate outside the set is refused', async () => {
    const created = await owner.post(api('/products'), { title: 'Pane', priceCents: 300, sku: `PANE-${Date.now()}`, status: 'active', vatCode: '4' });
    expect(created.status).toBe(201);
    expect(created.body.product?.vatCode ?? created.body.vatCode).toBe('4');
    const bad = await owner.post(api('/products'), { title: 'Vino', priceCents: 900, sku: `VINO-${Date.now()}`, vatCode: '7' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Aliquota IVA non valida: scegli 22%, 10%, 5%, 4% o una natura di esenzione');
  });
});

describe(`'Richiedi fattura' at checkout refuses bad data (${engine})`, () => {
  it.each([
    ['a codice fiscale with a wrong check letter', { kind: 'private', taxCode: 'RSSMRA85T10A562T' }, 'Codice fiscale non valido'],
    ['a codice fiscale of the wrong shape', { kind: 'private', taxCode: 'ABC' }, 'Codice fiscale non valido'],
    ['a Partita IVA with a wrong check digit', { ...business, vatNumber: '12345678901' }, 'Partita IVA non valida'],
    ['a codice destinatario of 6 characters', { ...business, sdiCode: 'ABC12' }, 'Il codice destinatario deve avere 7 caratteri (lettere e cifre)'],
    ['a PEC that is not an e-mail', { ...business, sdiCode: '', pec: 'pec-rossi' }, 'PEC non valida'],
    ['neither codice destinatario nor PEC', { ...business, sdiCode: '' }, 'Indica il codice destinatario o la PEC per ricevere la fattura elettronica'],
    ['an unknown kind', { kind: 'ente', taxCode: 'RSSMRA85T10A562S' }, 'Scegli se la fattura è per un privato o per un’azienda'],
  ])('%s: 400 with an Italian message, no order', async (_what, invoice, message) => {
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 5 });
    const res = await checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { invoice }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const orders = await server.ctx.db.selectFrom('order_items').select('id').where('product_id', '=', p.id).execute();
    expect(orders).toHaveLength(0);
  });
});

describe(`issuing invoices (${engine})`, () => {
  it('refuses until the seller is complete, then issues number 1 of the year with a valid FatturaPA and mails the courtesy copy', async () => {
    const orderId = await placeOrder();
    const early = await owner.post(api(`/orders/${orderId}/invoice`));
    expect(early.status).toBe(409);
    expect(early.body.error.message).toMatch(/^Per emettere fatture completa ragione sociale/);

    await readySeller();
    expect((await owner.get(api('/invoice-settings'))).body.settings).toMatchObject({ ready: true });
    const res = await owner.post(api(`/orders/${orderId}/invoice`));
    expect(res.status).toBe(201);
    expect(res.body.invoice).toMatchObject({ kind: 'invoice', number: `${year}/0001`, buyerName: 'Rossi & Figli S.r.l.', refersTo: null, creditedBy: null });
    expect(res.body.invoice.fileName).toMatch(/^IT06363391001_[0-9A-Z]{5}\.xml$/);

    const xml = await fetch(`${server.url}${api(`/invoices/${res.body.invoice.id}/xml`)}`, { headers: auth() });
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-disposition')).toContain(res.body.invoice.fileName);
    const text = await xml.text();
    await expectValid(text);
    expect(text).toContain('<TipoDocumento>TD01</TipoDocumento>');
    expect(text).toContain('<CodiceDestinatario>ABC1234</CodiceDestinatario>');
    expect(text).toContain('Rossi &amp; Figli S.r.l.');

    const mail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Fattura n. ${year}/0001`));
    expect(mail.html).toContain('Copia di cortesia');

    const again = await owner.post(api(`/orders/${orderId}/invoice`));
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Fattura già emessa per questo ordine: per correggerla emetti una nota di credito');
  });

  it('an order without a request, another store and a stranger get clear answers', async () => {
    await readySeller();
    const plain = await placeOrder(null);
    const res = await owner.post(api(`/orders/${plain}/invoice`));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Il cliente non ha richiesto la fattura per questo ordine');
    const withRequest = await placeOrder();
    expect((await outsider.post(api(`/orders/${withRequest}/invoice`))).status).toBe(404);
    const list = await outsider.get(api('/invoices'));
    expect(list.status).toBe(404);
  });

  it('concurrent issuing gives consecutive numbers with no gaps and never two invoices for one order', async () => {
    await readySeller();
    const orders = await Promise.all(Array.from({ length: 8 }, () => placeOrder(privateBuyer)));
    const before = (await owner.get(api('/invoices'))).body.invoices.length;
    const same = await Promise.all(Array.from({ length: 4 }, () => owner.post(api(`/orders/${orders[0]}/invoice`))));
    expect(same.filter((r) => r.status === 201)).toHaveLength(1);
    expect(same.filter((r) => r.status === 409)).toHaveLength(3);
    const rest = await Promise.all(orders.slice(1).map((id) => staff.post(api(`/orders/${id}/invoice`))));
    expect(rest.every((r) => r.status === 201)).toBe(true);
    const seqs = [...same.filter((r) => r.status === 201), ...rest].map((r) => Number(r.body.invoice.number.split('/')[1])).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 8 }, (_, i) => before + 1 + i));
  });

  it('a credit note cancels the invoice, references it, cannot be repeated or credited, and lets the order be invoiced again', async () => {
    await readySeller();
    const orderId = await placeOrder();
    const inv = (await owner.post(api(`/orders/${orderId}/invoice`))).body.invoice;
    const credit = await owner.post(api(`/invoices/${inv.id}/credit-note`));
    expect(credit.status).toBe(201);
    expect(credit.body.invoice).toMatchObject({ kind: 'credit_note', refersTo: { id: inv.id, number: inv.number }, totalCents: inv.totalCents });
    const xml = await (await fetch(`${server.url}${api(`/invoices/${credit.body.invoice.id}/xml`)}`, { headers: auth() })).text();
    await expectValid(xml);
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toMatch(new RegExp(`<DatiFattureCollegate>\\s*<IdDocumento>${inv.number}</IdDocumento>`));

    const twice = await owner.post(api(`/invoices/${inv.id}/credit-note`));
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Nota di credito già emessa per questa fattura');
    const ofCredit = await owner.post(api(`/invoices/${credit.body.invoice.id}/credit-note`));
    expect(ofCredit.status).toBe(400);

    const detail = (await owner.get(api(`/orders/${orderId}`))).body.order;
    expect(detail.invoices.map((i: any) => i.kind)).toEqual(['invoice', 'credit_note']);
    expect(detail.invoices[0].creditedBy).toEqual({ id: credit.body.invoice.id, number: credit.body.invoice.number });
    const reissued = await owner.post(api(`/orders/${orderId}/invoice`));
    expect(reissued.status).toBe(201);
  });

  it('an issued invoice cannot be edited or deleted', async () => {
    await readySeller();
    const orderId = await placeOrder();
    const inv = (await owner.post(api(`/orders/${orderId}/invoice`))).body.invoice;
    const row = await server.ctx.db.selectFrom('invoices').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow();
    for (const res of [
      await owner.put(api(`/invoices/${inv.id}`), { number: '1' }),
      await owner.patch(api(`/invoices/${inv.id}`), {}),
      await owner.del(api(`/invoices/${inv.id}`)),
    ]) {
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe('Una fattura emessa non si può modificare né eliminare: per correggerla emetti una nota di credito');
    }
    expect(await server.ctx.db.selectFrom('invoices').selectAll().where('id', '=', inv.id).executeTakeFirstOrThrow()).toEqual(row);
  });

  it("the month's ZIP holds one valid XML per document and the accountant's CSV", async () => {
    await readySeller();
    const listed = (await owner.get(api(`/invoices?month=${month}`))).body.invoices;
    expect(listed.length).toBeGreaterThan(0);
    const res = await fetch(`${server.url}${api(`/invoices/export?month=${month}`)}`, { headers: auth() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const xmls = Object.keys(files).filter((f) => f.endsWith('.xml'));
    expect(xmls.sort()).toEqual(listed.map((i: any) => i.fileName).sort());
    for (const f of xmls) await expectValid(strFromU8(files[f]!));
    const csv = strFromU8(files[`riepilogo-${month}.csv`]!);
    expect(csv.trim().split('\r\n')).toHaveLength(listed.length + 1);
    expect((await owner.get(api('/invoices?month=2026-13'))).status).toBe(400);
  });

  it('the shopper opens the courtesy copy from the order page link; a wrong token finds nothing', async () => {
    await readySeller();
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 5 });
    const placed = await checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { invoice: privateBuyer }));
    await owner.post(api(`/orders/${placed.body.orderId}/invoice`));
    const page = await client(server.url).get(`/api/public/stores/${store.slug}/orders/${placed.body.orderToken}`);
    expect(page.body.order.invoiceRequested).toBe(true);
    const [copy] = page.body.order.invoices;
    const html = await fetch(server.url + copy.copyUrl);
    expect(html.status).toBe(200);
    expect(await html.text()).toContain(copy.number);
    const wrong = await fetch(server.url + copy.copyUrl.replace(placed.body.orderToken, 'x'.repeat(43)));
    expect(wrong.status).toBe(404);
  });

  it('the seller’s seat on the invoice and its courtesy copy is the one typed in the business details', async () => {
    await readySeller();
    const moved = { ...sellerDetails, street: 'Corso Garibaldi 12', postalCode: '40121', city: 'Bologna', province: 'bo' };
    expect((await owner.put(api('/business'), moved)).status).toBe(200);
    const orderId = await placeOrder(privateBuyer);
    const inv = (await owner.post(api(`/orders/${orderId}/invoice`))).body.invoice;
    const xml = (await owner.get(api(`/invoices/${inv.id}/xml`))).body as string;
    await expectValid(xml);
    expect(xml).toMatch(
      /<CedentePrestatore>[\s\S]*<Sede>\s*<Indirizzo>Corso Garibaldi 12<\/Indirizzo>\s*<CAP>40121<\/CAP>\s*<Comune>Bologna<\/Comune>\s*<Provincia>BO<\/Provincia>/,
    );
    const mail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Fattura n. ${inv.number.replace('/', '\\/')}`));
    expect(mail.html).toContain('Corso Garibaldi 12');
    expect(mail.html).toContain('40121 Bologna (BO)');

    // Without a seat in the business details the store is not ready to invoice.
    expect((await owner.put(api('/business'), { ...sellerDetails, street: '', postalCode: '', city: '', province: '' })).status).toBe(200);
    expect((await owner.get(api('/invoice-settings'))).body.settings.ready).toBe(false);
    const refused = await owner.post(api(`/orders/${await placeOrder(privateBuyer)}/invoice`));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'Per emettere fatture completa ragione sociale, Partita IVA e l’indirizzo della sede in Impostazioni → Dati aziendali',
    );
  });

  it('a billing address of its own goes on the invoice; without one, the shipping address does', async () => {
    await readySeller();
    const billing = { street: 'Via dei Mille 3', postalCode: '10121', city: 'Torino', province: 'to' };
    const orderId = await placeOrder({ ...business, address: billing });
    const detail = (await owner.get(api(`/orders/${orderId}`))).body.order;
    expect(detail.invoiceRequest.address).toEqual({ ...billing, province: 'TO' });
    const inv = (await owner.post(api(`/orders/${orderId}/invoice`))).body.invoice;
    const xml = (await owner.get(api(`/invoices/${inv.id}/xml`))).body as string;
    await expectValid(xml);
    expect(xml).toMatch(
      /<CessionarioCommittente>[\s\S]*<Indirizzo>Via dei Mille 3<\/Indirizzo>\s*<CAP>10121<\/CAP>\s*<Comune>Torino<\/Comune>\s*<Provincia>TO<\/Provincia>/,
    );
    expect(xml).not.toContain('Via Roma 10');

    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 5 });
    const badCap = await checkout(
      checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { invoice: { ...business, address: { ...billing, postalCode: '1012' } } }),
    );
    expect(badCap.status).toBe(400);
    expect(badCap.body.error.message).toBe('Per la fattura serve un CAP italiano di 5 cifre');
  });

  it('issues automatically when an order that asked for one is marked paid, if the store chose so', async () => {
    await readySeller();
    await owner.put(api('/invoice-settings'), { ...invoiceSettings, autoIssue: true });
    const orderId = await placeOrder();
    expect((await owner.get(api(`/orders/${orderId}`))).body.order.invoices).toHaveLength(0);
    expect((await owner.patch(api(`/orders/${orderId}/payment`), { paymentStatus: 'paid' })).status).toBe(200);
    const invoices = (await owner.get(api(`/orders/${orderId}`))).body.order.invoices;
    expect(invoices).toHaveLength(1);
    await owner.put(api('/invoice-settings'), invoiceSettings);
  });
});

describe(`invoice settings (${engine})`, () => {
  it.each([
    // The seat moved to the business details: a client still sending it learns where, nothing is half-saved.
    [
      'the seat it no longer holds',
      { street: 'Via Dante 5', postalCode: '20121', city: 'Milano', province: 'MI' },
      'L’indirizzo della sede ora si inserisce in Impostazioni → Dati aziendali',
    ],
    ['a VAT rate outside the set', { defaultVatCode: '21' }, 'Aliquota IVA non valida: scegli 22%, 10%, 5%, 4% o una natura di esenzione'],
    ['an unknown regime', { fiscalRegime: 'RF99' }, 'Regime fiscale non valido'],
  ])('refuses %s and changes nothing', async (_what, over, message) => {
    const before = (await owner.get(api('/invoice-settings'))).body;
    const res = await owner.put(api('/invoice-settings'), { ...invoiceSettings, ...over });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await owner.get(api('/invoice-settings'))).body).toEqual(before);
  });

  it('staff cannot change them; another store gets 404', async () => {
    expect((await staff.put(api('/invoice-settings'), invoiceSettings)).status).toBe(403);
    expect((await outsider.get(api('/invoice-settings'))).status).toBe(404);
  });
});
