import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';

let server: TestServer;
let owner: Client;
let store: { id: string; slug: string };
let log = '';

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')));
  server = await startServer({ LOG_LEVEL: 'info', ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' }, { logStream });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Registro');
});
afterAll(async () => {
  await server.close();
});

const api = (path: string) => `/api/stores/${store.id}${path}`;

describe(`no token reaches a log line (${engine})`, () => {
  it('the order page, its API, the invoice copy and a wrong address under them are logged without the token', async () => {
    expect(
      (
        await owner.put(api('/business'), {
          companyName: 'Bottega Registro S.r.l.',
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
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 5 });
    const shopper = client(server.url);
    const placed = await shopper.post(
      `/api/public/stores/${store.slug}/checkout`,
      checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 1000 }], { invoice: { kind: 'private', taxCode: 'rssmra85t10a562s' } }),
    );
    expect(placed.status).toBe(201);
    const token = placed.body.orderToken as string;
    expect(token.length).toBeGreaterThan(20);
    expect((await owner.post(api(`/orders/${placed.body.orderId}/invoice`))).status).toBe(201);

    // What the shopper's mails link to: the order page, which reads its order, and the invoice copy.
    const page = await fetch(`${server.url}/store/${store.slug}/ordine/${token}`);
    expect(page.status).toBe(200);
    const order = await shopper.get(`/api/public/stores/${store.slug}/orders/${token}`);
    expect(order.status).toBe(200);
    const [copy] = order.body.order.invoices;
    expect(copy.copyUrl).toContain(token);
    expect((await fetch(server.url + copy.copyUrl)).status).toBe(200);
    // A mistyped link under the token, and a reset link's query.
    expect((await fetch(`${server.url}/api/public/stores/${store.slug}/orders/${token}/altro`)).status).toBe(404);
    expect((await fetch(`${server.url}/reset-password?token=${token}`)).status).toBe(200);

    await new Promise((r) => setTimeout(r, 100));
    expect(log).toContain(`/store/${store.slug}/ordine/[redatto]`);
    expect(log).toContain(`/api/public/stores/${store.slug}/orders/[redatto]`);
    expect(log).not.toContain(token);
  });
});
