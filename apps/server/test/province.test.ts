import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITALIAN_PROVINCES } from '@vetrina/shared';
import { client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { loadFatturapa, validateFatturaXml } from '../src/modules/invoices/fatturapa.js';
import { validateAgainstXsd } from './fatturapa-xsd.js';

let server: TestServer;
let owner: Client;
let store: { id: string; slug: string; name: string };

beforeAll(async () => {
  await loadFatturapa();
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Province');
  expect(
    (
      await owner.put(`/api/stores/${store.id}/shipping`, {
        domestic: { rateCents: 599, freeAboveCents: null },
        countries: [{ code: 'FR', rateCents: 1500, freeAboveCents: null }],
      })
    ).status,
  ).toBe(200);
});
afterAll(async () => {
  await server.close();
});

const api = (path = '') => `/api/stores/${store.id}${path}`;
const checkout = (body: unknown) => client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
const orderCount = async () => (await server.ctx.db.selectFrom('orders').select('id').where('store_id', '=', store.id).execute()).length;

/** A checkout of one 20 € lamp with the customer's fields changed by `customer`. */
async function body(customer: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const p = await insertProduct(server, store.id, { title: 'Lampada', priceCents: 2000, stock: 50 });
  const b = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 2000 }], extra);
  return { ...b, customer: { ...b.customer, ...customer } };
}

describe(`'Provincia' at checkout (${engine})`, () => {
  it('lists the 107 provinces of ISTAT by sigla, Sud Sardegna included', () => {
    expect(ITALIAN_PROVINCES).toHaveLength(107);
    expect(new Set(ITALIAN_PROVINCES.map((p) => p.code)).size).toBe(107);
    expect(ITALIAN_PROVINCES).toContainEqual({ code: 'SU', name: 'Sud Sardegna' });
    expect(ITALIAN_PROVINCES).toContainEqual({ code: 'MI', name: 'Milano' });
  });

  it('goes from checkout to the order, both order pages, the mail, the invoice XML and its courtesy copy', async () => {
    const res = await checkout(
      await body(
        { street: 'Via Garibaldi 12', city: 'Sassari', postalCode: '07100', province: 'ss', customerEmail: 'giulia.province@example.it' },
        { invoice: { kind: 'private', taxCode: 'RSSMRA85T10A562S' } },
      ),
    );
    expect(res.status).toBe(201);
    const dashboard = await owner.get(api(`/orders/${res.body.orderId}`));
    expect(dashboard.body.order.shippingAddress).toEqual({
      street: 'Via Garibaldi 12',
      city: 'Sassari',
      postalCode: '07100',
      province: 'SS',
      country: 'Italia',
    });
    const list = await owner.get(api('/orders'));
    expect(list.body.items.find((o: { id: string }) => o.id === res.body.orderId).shippingAddress.province).toBe('SS');
    const page = await client(server.url).get(`/api/public/stores/${store.slug}/orders/${res.body.orderToken}`);
    expect(page.status).toBe(200);
    expect(page.body.order.shippingAddress.province).toBe('SS');

    const mail = await server.smtp.waitFor('giulia.province@example.it', new RegExp(`ordine #${res.body.orderNumber}`));
    expect(mail.text).toContain('Via Garibaldi 12, 07100 Sassari (SS), Italia');

    expect(
      (
        await owner.put(api('/business'), {
          companyName: 'Bottega Province S.r.l.',
          vatNumber: '06363391001',
          taxCode: '',
          street: 'Via Dante 5',
          postalCode: '20121',
          city: 'Milano',
          province: 'MI',
          pec: 'bottega@pec.example.it',
          phone: '',
          email: 'info@bottega.example.it',
        })
      ).status,
    ).toBe(200);
    const settings = {
      defaultVatCode: '22',
      fiscalRegime: 'RF01',
      autoIssue: false,
    };
    expect((await owner.put(api('/invoice-settings'), settings)).status).toBe(200);
    const issued = await owner.post(api(`/orders/${res.body.orderId}/invoice`));
    expect(issued.status).toBe(201);
    const xml = await (
      await fetch(`${server.url}${api(`/invoices/${issued.body.invoice.id}/xml`)}`, { headers: { authorization: `Bearer ${owner.token}` } })
    ).text();
    expect(validateFatturaXml(xml)).toEqual({ valid: true, errors: [] });
    expect(await validateAgainstXsd(xml)).toEqual({ valid: true, errors: [] });
    const buyer = /<CessionarioCommittente>[\s\S]*<\/CessionarioCommittente>/.exec(xml)?.[0] ?? '';
    expect(buyer).toMatch(/<Sede>[\s\S]*<Comune>Sassari<\/Comune>\s*<Provincia>SS<\/Provincia>/);
    const copy = await server.smtp.waitFor('giulia.province@example.it', /Fattura n\./);
    expect(copy.html).toContain('07100 Sassari (SS)');
  });

  it('is required for Italy, and a sigla not in the list is refused; nothing is saved', async () => {
    const before = await orderCount();
    for (const [customer, message] of [
      [{ province: undefined }, 'Seleziona la provincia'],
      [{ province: '' }, 'Seleziona la provincia'],
      [{ province: 'XX' }, 'Provincia non valida: scegli una sigla dall’elenco delle province italiane (es. MI)'],
      [{ province: 'Milano' }, 'Provincia non valida: scegli una sigla dall’elenco delle province italiane (es. MI)'],
      [{ province: 12 }, 'Provincia non valida: scegli una sigla dall’elenco delle province italiane (es. MI)'],
    ] as const) {
      const res = await checkout(await body(customer));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.field).toBe('customer.province');
    }
    expect(await orderCount()).toBe(before);
  });

  it('is not asked abroad: an order to France has no province', async () => {
    const p = await insertProduct(server, store.id, { title: 'Vaso', priceCents: 3000, stock: 5 });
    const b = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 3000 }], { country: 'Francia', shippingCents: 1500, totalCents: 4500 });
    const res = await checkout({ ...b, customer: { ...b.customer, province: undefined, postalCode: '75001', city: 'Parigi' } });
    expect(res.status).toBe(201);
    expect((await owner.get(api(`/orders/${res.body.orderId}`))).body.order.shippingAddress.province).toBeNull();
  });
});
