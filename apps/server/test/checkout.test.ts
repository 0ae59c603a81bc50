import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';

let server: TestServer;
let store: { id: string; slug: string };
let adminEmail: string;
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0' });
  const admin = await createUser(server);
  adminEmail = admin.email;
  store = await createStoreFor(server, admin.id, 'Bottega Checkout');
});
afterAll(async () => {
  await server.close();
});

const checkout = (body: unknown, slug = store.slug) => client(server.url).post(`/api/public/stores/${slug}/checkout`, body);

describe(`checkout never oversells (${engine})`, () => {
  it('100 concurrent checkouts of 1 unit against stock 10 make exactly 10 orders', async () => {
    const p = await insertProduct(server, store.id, { title: 'Maglia rara', priceCents: 2500, variants: [{ label: 'M', stock: 10 }] });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => checkout(checkoutBody([{ productId: p.id, variantId: p.variantIds[0], quantity: 1, unitPriceCents: 2500 }]))),
    );
    const ok = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(90);
    expect(refused[0]!.body.error.message).toBe('Disponibilità insufficiente per "Maglia rara"');
    const unit = await unitOf(server, p.id, p.variantIds[0]);
    expect(unit.qty - unit.reserved).toBe(0);
    expect(unit.reserved).toBe(10);
    const numbers = ok.map((r) => r.body.orderNumber).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
  });

  it('with mixed quantities reserves exactly what the accepted orders hold', async () => {
    const p = await insertProduct(server, store.id, { title: 'Tazza', priceCents: 800, stock: 25 });
    const qtys = Array.from({ length: 40 }, (_, i) => (i % 4) + 1);
    const results = await Promise.all(qtys.map((q) => checkout(checkoutBody([{ productId: p.id, quantity: q, unitPriceCents: 800 }]))));
    const accepted = qtys.filter((_, i) => results[i]!.status === 201).reduce((a, b) => a + b, 0);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const unit = await unitOf(server, p.id);
    expect(unit.reserved).toBe(accepted);
    expect(unit.qty).toBe(25);
    expect(accepted).toBeLessThanOrEqual(25);
    expect(25 - accepted).toBeLessThan(4);
  });

  it('refuses a multi-line order whole when one line is short', async () => {
    const a = await insertProduct(server, store.id, { title: 'Zaino', priceCents: 4000, stock: 5 });
    const b = await insertProduct(server, store.id, { title: 'Borraccia', priceCents: 1200, stock: 1 });
    const res = await checkout(checkoutBody([{ productId: a.id, quantity: 2, unitPriceCents: 4000 }, { productId: b.id, quantity: 2, unitPriceCents: 1200 }]));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Disponibilità insufficiente per "Borraccia"');
    expect(await unitOf(server, a.id)).toEqual({ qty: 5, reserved: 0 });
    expect(await unitOf(server, b.id)).toEqual({ qty: 1, reserved: 0 });
  });

  it('gives sequential order numbers per store starting at 1001', async () => {
    const admin = await createUser(server);
    const fresh = await createStoreFor(server, admin.id, 'Negozio Numeri');
    const p = await insertProduct(server, fresh.id, { priceCents: 100, stock: 50 });
    const results = await Promise.all(Array.from({ length: 12 }, () => checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 100 }]), fresh.slug)));
    expect(results.map((r) => r.body.orderNumber).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => 1001 + i));
  });
});

describe(`the server computes every price (${engine})`, () => {
  it('refuses a total the shopper did not see, and reserves nothing', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 5000, stock: 3 });
    const body = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 5000 }]);
    const res = await checkout({ ...body, totalCents: 100 + 599, subtotalCents: 100 });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('I prezzi sono cambiati: controlla il carrello aggiornato e conferma di nuovo l’ordine.');
    expect(await unitOf(server, p.id)).toEqual({ qty: 3, reserved: 0 });
  });

  it("stores the catalogue's prices, variant deltas included, not the client's unit prices", async () => {
    const p = await insertProduct(server, store.id, { priceCents: 2000, variants: [{ label: 'XL', deltaCents: 500, stock: 4 }, { label: 'XS', deltaCents: -300, stock: 4 }] });
    const body = checkoutBody([
      { productId: p.id, variantId: p.variantIds[0], quantity: 2, unitPriceCents: 2500 },
      { productId: p.id, variantId: p.variantIds[1], quantity: 1, unitPriceCents: 1700 },
    ]);
    body.items[0]!.unitPriceCents = 1; // lies about the unit price but shows the real total
    const res = await checkout(body);
    expect(res.status).toBe(201);
    expect(res.body.totalCents).toBe(2 * 2500 + 1700 + 599);
    const items = await server.ctx.db.selectFrom('order_items').selectAll().where('order_id', '=', res.body.orderId).orderBy('variant_label').execute();
    expect(items.map((i) => [i.variant_label, i.unit_price_cents, i.total_price_cents])).toEqual([
      ['XL', 2500, 5000],
      ['XS', 1700, 1700],
    ]);
  });

  it('merges repeated lines of the same product and variant', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 300, stock: 10 });
    const res = await checkout(checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 300 }, { productId: p.id, quantity: 3, unitPriceCents: 300 }]));
    expect(res.status).toBe(201);
    expect((await unitOf(server, p.id)).reserved).toBe(5);
  });

  it("refuses draft products, another store's products and a missing variant choice", async () => {
    const draft = await insertProduct(server, store.id, { title: 'Bozza segreta', status: 'draft', priceCents: 100 });
    const other = await createUser(server);
    const otherStore = await createStoreFor(server, other.id, 'Altro Negozio');
    const foreign = await insertProduct(server, otherStore.id, { title: 'Di un altro', priceCents: 100 });
    const withVariants = await insertProduct(server, store.id, { title: 'Scarpe', priceCents: 100, variants: [{ label: '42', stock: 1 }] });
    for (const productId of [draft.id, foreign.id]) {
      const res = await checkout(checkoutBody([{ productId, quantity: 1, unitPriceCents: 100 }]));
      expect(res.status).toBe(409);
      expect(res.body.error.message).toMatch(/non è più disponibile/);
    }
    const noVariant = await checkout(checkoutBody([{ productId: withVariants.id, quantity: 1, unitPriceCents: 100 }]));
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.error.message).toBe('Seleziona una variante per "Scarpe"');
    const wrongVariant = await checkout(checkoutBody([{ productId: draft.id, variantId: withVariants.variantIds[0], quantity: 1, unitPriceCents: 100 }]));
    expect(wrongVariant.status).toBe(409);
    expect((await unitOf(server, foreign.id)).reserved).toBe(0);
  });
});

describe(`idempotency, validation and mails (${engine})`, () => {
  it('a double click or a retry creates one order', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 999, stock: 10 });
    const body = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 999 }]);
    const [a, b] = await Promise.all([checkout(body), checkout(body)]);
    const retry = await checkout(body);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBe(201);
    expect(retry.status).toBe(200);
    expect(new Set([a.body.orderNumber, b.body.orderNumber, retry.body.orderNumber]).size).toBe(1);
    expect((await unitOf(server, p.id)).reserved).toBe(1);
  });

  it('answers every field rule with the spec message', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 100, stock: 10 });
    const base = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 100 }]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ customerName: 'A' }, 'Il nome deve essere almeno 2 caratteri'],
      [{ customerEmail: 'non-valida' }, 'Email non valida'],
      [{ street: 'Via' }, 'Indirizzo troppo corto'],
      [{ city: 'X' }, 'Città non valida'],
      [{ postalCode: '12' }, 'CAP non valido'],
      [{ postalCode: '12345678901' }, 'CAP non valido'],
      [{ notes: 'x'.repeat(501) }, 'Le note possono contenere al massimo 500 caratteri'],
    ];
    for (const [patch, message] of cases) {
      const res = await checkout({ ...base, customer: { ...base.customer, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const empty = await checkout({ ...base, items: [] });
    expect(empty.body.error.message).toBe('Carrello vuoto');
    const qty = await checkout({ ...base, items: [{ productId: p.id, quantity: 100 }] });
    expect(qty.body.error.message).toBe('La quantità deve essere un numero intero tra 1 e 99');
    const lines = await checkout({ ...base, items: Array.from({ length: 51 }, () => ({ productId: p.id, quantity: 1 })) });
    expect(lines.body.error.message).toBe('Il carrello può contenere al massimo 50 prodotti diversi');
    expect((await checkout({ ...base, country: 'Francia' })).status).toBe(400);
    expect((await checkout(base, 'store-che-non-esiste')).status).toBe(404);
    expect((await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, undefined, { raw: '{"items": [' })).status).toBe(400);
    expect((await unitOf(server, p.id)).reserved).toBe(0);
  });

  it('mails the customer a confirmation and the admins a new-order notice', async () => {
    const p = await insertProduct(server, store.id, { title: 'Lampada', priceCents: 4550, stock: 2 });
    const res = await checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 4550 }], {}));
    expect(res.status).toBe(201);
    const n = res.body.orderNumber;
    const customerMail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Ordine #${n} confermato`));
    expect(customerMail.text).toContain('1 × Lampada');
    expect(customerMail.text.replace(/\s/g, ' ')).toContain('Totale: 51,49 €');
    const adminMail = await server.smtp.waitFor(adminEmail, new RegExp(`Nuovo ordine #${n}`));
    expect(adminMail.text).toContain('/dashboard/orders');
  });
});

describe(`order rate limit (${engine})`, () => {
  it('answers 429 past the configured number of orders per client and store', async () => {
    const limited = await startServer({ ORDER_RATE_LIMIT: '2' });
    try {
      const u = await createUser(limited);
      const s = await createStoreFor(limited, u.id, 'Negozio Limitato');
      const p = await insertProduct(limited, s.id, { priceCents: 100, stock: 10 });
      const c = client(limited.url);
      const send = () => c.post(`/api/public/stores/${s.slug}/checkout`, checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 100 }]));
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.body.error.message).toBe('Hai raggiunto il limite di ordini. Riprova tra qualche ora.');
      expect(third.body.error.title).toBe('Troppi tentativi');
    } finally {
      await limited.close();
    }
  });
});
