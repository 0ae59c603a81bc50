import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { romeDay } from '@vetrina/shared/shop-day';
import { loadFatturapa, validateFatturaXml } from '../src/modules/invoices/fatturapa.js';
import { invoicesService } from '../src/modules/invoices/service.js';
import { createStoreFor, createUser, engine, client, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, discountTerms, insertProduct } from './catalog-factory.js';
import { validateAgainstXsd } from './fatturapa-xsd.js';
import { insertRefund } from './refund-rows.js';

let server: TestServer;
let owner: Client;
let store: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };
const year = Number(romeDay(new Date()).slice(0, 4));

const business = { kind: 'business', companyName: 'Rossi & Figli S.r.l.', vatNumber: '12345678903', sdiCode: 'ABC1234' };
const sellerDetails = {
  companyName: 'Bottega Note S.r.l.',
  vatNumber: '06363391001',
  taxCode: '',
  street: 'Via Dante 5',
  postalCode: '20121',
  city: 'Milano',
  province: 'MI',
  pec: 'bottega@pec.example.it',
  phone: '',
  email: 'info@bottega.example.it',
};

beforeAll(async () => {
  await loadFatturapa();
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Note');
  expect((await owner.put(`/api/stores/${store.id}/business`, sellerDetails)).status).toBe(200);
  expect((await owner.put(`/api/stores/${store.id}/invoice-settings`, { defaultVatCode: '22', fiscalRegime: 'RF01', autoIssue: false })).status).toBe(200);
  const b = await createUser(server);
  other = await createStoreFor(server, b.id, 'Altro Negozio');
});
afterAll(async () => {
  await server?.close();
});

const api = (path: string) => `/api/stores/${store.id}${path}`;
const credit = (refundId: string, storeId = store.id) => invoicesService(server.ctx).creditNoteForRefund(storeId, refundId, null);
const xmlOf = async (id: string) => (await owner.get(api(`/invoices/${id}/xml`))).body as string;
async function expectValid(xml: string) {
  expect(validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
  expect(await validateAgainstXsd(xml)).toEqual({ valid: true, errors: [] });
}

/** 2 × 19,90 € at 22% and 12,50 € at 4%, 10% off (5,23 €), shipping 5,99 €: 53,06 €, invoiced. */
async function invoicedOrder() {
  const a = await insertProduct(server, store.id, { title: 'Tazza smaltata', priceCents: 1990, stock: 50 });
  const b = await insertProduct(server, store.id, { title: 'Quaderno di ricette', priceCents: 1250, stock: 50, vatCode: '4' });
  const code = discountTerms();
  expect((await owner.post(api('/discounts'), code)).status).toBe(201);
  const placed = await client(server.url).post(
    `/api/public/stores/${store.slug}/checkout`,
    checkoutBody(
      [
        { productId: a.id, quantity: 2, unitPriceCents: 1990 },
        { productId: b.id, quantity: 1, unitPriceCents: 1250 },
      ],
      { invoice: business, discountCode: code.code, discountCents: 523, totalCents: 5230 - 523 + 599 },
    ),
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const orderId = placed.body.orderId as string;
  const invoice = await owner.post(api(`/orders/${orderId}/invoice`));
  expect(invoice.status).toBe(201);
  const items = await server.ctx.db.selectFrom('order_items').select(['id', 'title']).where('order_id', '=', orderId).execute();
  const id = (title: string) => items.find((i) => i.title === title)!.id;
  return { orderId, invoice: invoice.body.invoice, cup: id('Tazza smaltata'), book: id('Quaderno di ricette') };
}

describe(`credit notes for refunds (${engine})`, () => {
  it('a refund by line of a discounted order gives a valid TD04 of exactly its amount, numbered after the invoices with no gap', async () => {
    const o = await invoicedOrder();
    const seq = (n: string) => Number(n.split('/')[1]);

    // One cup of two: 3980 less its share of the discount (398) = 3582, half of it 1791.
    const first = await insertRefund(server, { storeId: store.id, orderId: o.orderId, lines: [{ orderItemId: o.cup, quantity: 1 }] });
    expect(first.totalCents).toBe(1791);
    const note = await credit(first.id);
    expect(note).toMatchObject({ kind: 'credit_note', totalCents: 1791, refersTo: { id: o.invoice.id, number: o.invoice.number } });
    expect(seq(note!.number)).toBe(seq(o.invoice.number) + 1);
    const xml = await xmlOf(note!.id);
    await expectValid(xml);
    expect(xml).toContain('<TipoDocumento>TD04</TipoDocumento>');
    expect(xml).toMatch(new RegExp(`<DatiFattureCollegate>\\s*<IdDocumento>${o.invoice.number}</IdDocumento>`));
    expect(xml).toContain('<ImportoTotaleDocumento>17.91</ImportoTotaleDocumento>');
    // 17,91 € at 22%: 1468 + 323.
    expect(xml).toMatch(/<AliquotaIVA>22.00<\/AliquotaIVA>\s*<ImponibileImporto>14.68<\/ImponibileImporto>\s*<Imposta>3.23<\/Imposta>/);
    await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Nota di credito n. ${note!.number}`));

    // Asked again for the same refund: the same note, no new number.
    expect((await credit(first.id))!.id).toBe(note!.id);

    // The rest: the other cup, the book, shipping, less 1,00 € kept back.
    const second = await insertRefund(server, {
      storeId: store.id,
      orderId: o.orderId,
      lines: [
        { orderItemId: o.cup, quantity: 1 },
        { orderItemId: o.book, quantity: 1 },
      ],
      shippingCents: 599,
      adjustmentCents: -100,
    });
    const rest = await credit(second.id);
    expect(rest!.totalCents).toBe(second.totalCents);
    expect(first.totalCents + second.totalCents).toBe(5306 - 100);
    expect(seq(rest!.number)).toBe(seq(note!.number) + 1);
    const restXml = await xmlOf(rest!.id);
    await expectValid(restXml);
    // The book at 4%: 1250 less its share of the discount (125) = 1125; shipping at the invoice's 22%.
    expect(restXml).toMatch(/<Descrizione>Quaderno di ricette<\/Descrizione>\s*<Quantita>1.00<\/Quantita>\s*<PrezzoUnitario>10.82<\/PrezzoUnitario>/);
    expect(restXml).toMatch(/<Descrizione>Spese di spedizione<\/Descrizione>[\s\S]*?<PrezzoTotale>4.91<\/PrezzoTotale>\s*<AliquotaIVA>22.00<\/AliquotaIVA>/);
    expect(restXml).toContain('<Descrizione>Rettifica del rimborso</Descrizione>');

    // The invoice stands (partly credited): the order keeps it, and a whole credit note is refused.
    const invoices = (await owner.get(api(`/orders/${o.orderId}`))).body.order.invoices;
    expect(invoices.map((i: { kind: string }) => i.kind)).toEqual(['invoice', 'credit_note', 'credit_note']);
    expect(invoices[0].creditedBy).toBeNull();
    const whole = await owner.post(api(`/invoices/${o.invoice.id}/credit-note`));
    expect(whole.status).toBe(409);
    expect(whole.body.error.message).toBe('Nota di credito già emessa per questa fattura');

    // Numbers of the year run without gaps through invoices and credit notes alike.
    const all = await server.ctx.db.selectFrom('invoices').select('seq').where('store_id', '=', store.id).where('year', '=', year).orderBy('seq').execute();
    expect(all.map((r) => Number(r.seq))).toEqual(all.map((_, i) => i + 1));
    const next = await invoicedOrder();
    expect(seq(next.invoice.number)).toBe(seq(rest!.number) + 1);
  });

  it('concurrent asks for one refund give one credit note; no invoice, a pending refund or a cancelled invoice give none', async () => {
    const o = await invoicedOrder();
    const r = await insertRefund(server, { storeId: store.id, orderId: o.orderId, lines: [{ orderItemId: o.book, quantity: 1 }] });
    const notes = await Promise.all([credit(r.id), credit(r.id), credit(r.id)]);
    expect(new Set(notes.map((n) => n!.id)).size).toBe(1);
    const count = await server.ctx.db.selectFrom('invoices').select('id').where('refund_id', '=', r.id).execute();
    expect(count).toHaveLength(1);

    const pending = await insertRefund(server, { storeId: store.id, orderId: o.orderId, lines: [{ orderItemId: o.cup, quantity: 1 }], status: 'pending' });
    expect(await credit(pending.id)).toBeNull();

    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 5 });
    const plain = await client(server.url).post(
      `/api/public/stores/${store.slug}/checkout`,
      checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }]),
    );
    const items = await server.ctx.db.selectFrom('order_items').select('id').where('order_id', '=', plain.body.orderId).execute();
    const uninvoiced = await insertRefund(server, { storeId: store.id, orderId: plain.body.orderId, lines: [{ orderItemId: items[0]!.id, quantity: 1 }] });
    expect(await credit(uninvoiced.id)).toBeNull();

    const cancelled = await invoicedOrder();
    expect((await owner.post(api(`/invoices/${cancelled.invoice.id}/credit-note`))).status).toBe(201);
    const late = await insertRefund(server, { storeId: store.id, orderId: cancelled.orderId, lines: [{ orderItemId: cancelled.book, quantity: 1 }] });
    expect(await credit(late.id)).toBeNull();

    // A whole credit note and a refund's at once: one of them, never both, and no number lost.
    const raced = await invoicedOrder();
    const racing = await insertRefund(server, { storeId: store.id, orderId: raced.orderId, lines: [{ orderItemId: raced.book, quantity: 1 }] });
    const [whole, part] = await Promise.all([owner.post(api(`/invoices/${raced.invoice.id}/credit-note`)), credit(racing.id)]);
    expect([whole.status === 201, part !== null].filter(Boolean)).toHaveLength(1);
    if (whole.status !== 201) expect(whole.body.error.message).toBe('Nota di credito già emessa per questa fattura');
    const seqs = await server.ctx.db.selectFrom('invoices').select('seq').where('store_id', '=', store.id).where('year', '=', year).orderBy('seq').execute();
    expect(seqs.map((r) => Number(r.seq))).toEqual(seqs.map((_, i) => i + 1));

    // Another store's refund id: not found, nothing issued.
    await expect(credit(r.id, other.id)).rejects.toMatchObject({ status: 404, message: 'Rimborso non trovato' });
  });
});
