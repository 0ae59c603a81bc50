import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';

const LIMIT_MESSAGE = 'Hai raggiunto il limite di ordini. Riprova tra qualche ora.';

async function shop(server: TestServer, name: string) {
  const u = await createUser(server);
  const store = await createStoreFor(server, u.id, name);
  const product = await insertProduct(server, store.id, { priceCents: 100, stock: 50 });
  const scarce = await insertProduct(server, store.id, { priceCents: 100, stock: 0 });
  return { store, product, scarce };
}

describe(`order quota per client IP (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ ORDER_RATE_LIMIT: '2' });
  });
  afterAll(async () => {
    await server.close();
  });

  it('counts only created orders and refuses the third with 429', async () => {
    const { store, product, scarce } = await shop(server, 'Negozio Limitato');
    const c = client(server.url);
    const send = (body: unknown) => c.post(`/api/public/stores/${store.slug}/checkout`, body);
    const order = (extra: Record<string, unknown> = {}) => checkoutBody([{ productId: product.id, quantity: 1, unitPriceCents: 100 }], extra);

    // Refused attempts: out of stock, a total the shopper did not see, a product not on sale, bad input.
    for (let i = 0; i < 3; i++) {
      expect((await send(checkoutBody([{ productId: scarce.id, quantity: 1, unitPriceCents: 100 }]))).status).toBe(409);
      expect((await send(order({ totalCents: 1 }))).status).toBe(409);
      expect((await send(checkoutBody([{ productId: crypto.randomUUID(), quantity: 1, unitPriceCents: 100 }]))).status).toBe(409);
      expect((await send({ ...order(), customer: { ...order().customer, postalCode: '1' } })).status).toBe(400);
    }

    const first = order();
    expect((await send(first)).status).toBe(201);
    expect((await send(order())).status).toBe(201);
    const third = await send(order());
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: 'rate_limited', message: LIMIT_MESSAGE, title: 'Troppi tentativi' });
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await unitOf(server, product.id)).toEqual({ qty: 50, reserved: 2 });

    // A retry of an order already created is answered, not counted.
    const retry = await send(first);
    expect(retry.status).toBe(200);
    // The quota is per store.
    const other = await shop(server, 'Altro Negozio');
    const elsewhere = await c.post(
      `/api/public/stores/${other.store.slug}/checkout`,
      checkoutBody([{ productId: other.product.id, quantity: 1, unitPriceCents: 100 }]),
    );
    expect(elsewhere.status).toBe(201);
  });
});

describe(`order quota per customer e-mail (${engine})`, () => {
  let server: TestServer;
  beforeAll(async () => {
    // With REDIS_TEST_URL (the PostgreSQL run) the quotas live in Redis, as with several instances.
    const redis: Record<string, string> = process.env.REDIS_TEST_URL ? { REDIS_URL: process.env.REDIS_TEST_URL } : {};
    server = await startServer({ TRUST_PROXY: '1', ORDER_RATE_LIMIT: '2', ORDER_EMAIL_RATE_LIMIT: '2', ...redis });
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses the third order of one e-mail from different addresses, and nobody else', async () => {
    const { store, product } = await shop(server, 'Negozio Email');
    const c = client(server.url);
    const send = (ip: string, email: string) =>
      c.post(
        `/api/public/stores/${store.slug}/checkout`,
        checkoutBody([{ productId: product.id, quantity: 1, unitPriceCents: 100 }], { customer: { ...checkoutBody([]).customer, customerEmail: email } }),
        {
          headers: { 'x-forwarded-for': ip },
        },
      );

    expect((await send('203.0.113.1', 'giulia.bianchi@example.it')).status).toBe(201);
    expect((await send('203.0.113.2', 'giulia.bianchi@example.it')).status).toBe(201);
    const third = await send('203.0.113.3', 'Giulia.Bianchi@Example.it');
    expect(third.status).toBe(429);
    expect(third.body.error.message).toBe(LIMIT_MESSAGE);

    // The refused attempt took nothing from 203.0.113.3: two other shoppers there still order.
    expect((await send('203.0.113.3', 'luca.verdi@example.it')).status).toBe(201);
    expect((await send('203.0.113.3', 'anna.neri@example.it')).status).toBe(201);
    // …and the address's own limit still holds.
    expect((await send('203.0.113.3', 'paolo.gialli@example.it')).status).toBe(429);
    expect(await unitOf(server, product.id)).toEqual({ qty: 50, reserved: 4 });
  });
});
