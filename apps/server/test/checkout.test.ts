import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createStoreFor, createUser, engine, startServer, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';

let server: TestServer;
let store: { id: string; slug: string };
let adminEmail: string;
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
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
    const res = await checkout(
      checkoutBody([
        { productId: a.id, quantity: 2, unitPriceCents: 4000 },
        { productId: b.id, quantity: 2, unitPriceCents: 1200 },
      ]),
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Disponibilità insufficiente per "Borraccia"');
    expect(await unitOf(server, a.id)).toEqual({ qty: 5, reserved: 0 });
    expect(await unitOf(server, b.id)).toEqual({ qty: 1, reserved: 0 });
  });

  it('carts naming two products in opposite orders, sent at once, neither deadlock nor oversell, and a refused one leaves nothing', async () => {
    const a = await insertProduct(server, store.id, { title: 'Lanterna', priceCents: 1500, stock: 12 });
    const b = await insertProduct(server, store.id, { title: 'Coperta', priceCents: 3000, stock: 12 });
    const lineA = { productId: a.id, quantity: 1, unitPriceCents: 1500 };
    const lineB = { productId: b.id, quantity: 1, unitPriceCents: 3000 };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => checkout(checkoutBody(i % 2 ? [lineA, lineB] : [lineB, lineA]))));
    expect(results.map((r) => r.status).sort()).toEqual([...Array<number>(12).fill(201), ...Array<number>(28).fill(409)]);
    expect(await unitOf(server, a.id)).toEqual({ qty: 12, reserved: 12 });
    expect(await unitOf(server, b.id)).toEqual({ qty: 12, reserved: 12 });
    // Only the accepted orders exist, each whole: two lines, two stock movements, two mails.
    const orders = await server.ctx.db.selectFrom('order_items').select(['order_id']).where('product_id', 'in', [a.id, b.id]).execute();
    const accepted = results.filter((r) => r.status === 201).map((r) => r.body.orderId as string);
    expect(new Set(orders.map((o) => o.order_id))).toEqual(new Set(accepted));
    expect(orders).toHaveLength(24);
    const moves = await server.ctx.db
      .selectFrom('stock_movements')
      .select('order_id')
      .where('product_id', 'in', [a.id, b.id])
      .where('reason', '=', 'order')
      .execute();
    expect(moves).toHaveLength(24);
    expect(new Set(moves.map((m) => m.order_id))).toEqual(new Set(accepted));
  });

  it('writes a cart of eleven lines whole: every line, its stock and its movement (rows go eight to a statement)', async () => {
    const owner = await createUser(server);
    const shop = await createStoreFor(server, owner.id, 'Negozio Carrello Lungo');
    const products = [];
    for (let i = 0; i < 11; i++) products.push(await insertProduct(server, shop.id, { title: `Articolo ${i + 1}`, priceCents: 100 + i, stock: 5 }));
    const res = await checkout(
      checkoutBody(
        products.map((p, i) => ({ productId: p.id, quantity: 1 + (i % 3), unitPriceCents: 100 + i })),
        {},
      ),
      shop.slug,
    );
    expect(res.status).toBe(201);
    const detail = await owner.client.get(`/api/stores/${shop.id}/orders/${res.body.orderId}`);
    expect(detail.status).toBe(200);
    expect(detail.body.order.items.map((l: { title: string; quantity: number }) => `${l.title}×${l.quantity}`).sort()).toEqual(
      products.map((_, i) => `Articolo ${i + 1}×${1 + (i % 3)}`).sort(),
    );
    for (const [i, p] of products.entries()) expect(await unitOf(server, p.id)).toEqual({ qty: 5, reserved: 1 + (i % 3) });
    const moves = await server.ctx.db
      .selectFrom('stock_movements')
      .select(['product_id', 'reserved_change'])
      .where('order_id', '=', res.body.orderId)
      .execute();
    expect(moves).toHaveLength(11);
    expect(moves.reduce((s, m) => s + m.reserved_change, 0)).toBe(products.reduce((s, _, i) => s + 1 + (i % 3), 0));
  });

  it('gives sequential order numbers per store starting at 1001', async () => {
    const admin = await createUser(server);
    const fresh = await createStoreFor(server, admin.id, 'Negozio Numeri');
    const p = await insertProduct(server, fresh.id, { priceCents: 100, stock: 50 });
    const results = await Promise.all(
      Array.from({ length: 12 }, () => checkout(checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 100 }]), fresh.slug)),
    );
    expect(results.map((r) => r.body.orderNumber).sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => 1001 + i));
  });

  it('a retry, a payment method not offered and a country not shipped to take no order number', async () => {
    const admin = await createUser(server);
    const fresh = await createStoreFor(server, admin.id, 'Negozio Senza Buchi');
    const p = await insertProduct(server, fresh.id, { priceCents: 100, stock: 50 });
    const line = [{ productId: p.id, quantity: 1, unitPriceCents: 100 }];
    const first = checkoutBody(line);
    expect((await checkout(first, fresh.slug)).body.orderNumber).toBe(1001);
    const retry = await checkout(first, fresh.slug);
    expect([retry.status, retry.body.orderNumber]).toEqual([200, 1001]);
    expect((await checkout(checkoutBody(line, { paymentMethod: 'bank_transfer' }), fresh.slug)).status).toBe(400);
    expect((await checkout(checkoutBody(line, { country: 'Germania' }), fresh.slug)).status).toBe(400);
    const next = await checkout(checkoutBody(line), fresh.slug);
    expect([next.status, next.body.orderNumber]).toEqual([201, 1002]);
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
    const p = await insertProduct(server, store.id, {
      priceCents: 2000,
      variants: [
        { label: 'XL', deltaCents: 500, stock: 4 },
        { label: 'XS', deltaCents: -300, stock: 4 },
      ],
    });
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
    const res = await checkout(
      checkoutBody([
        { productId: p.id, quantity: 2, unitPriceCents: 300 },
        { productId: p.id, quantity: 3, unitPriceCents: 300 },
      ]),
    );
    expect(res.status).toBe(201);
    expect((await unitOf(server, p.id)).reserved).toBe(5);
  });

  it("refuses draft, archived, deleted and another store's products without naming them", async () => {
    const draft = await insertProduct(server, store.id, { title: 'Bozza segreta', status: 'draft', priceCents: 100 });
    const archived = await insertProduct(server, store.id, { title: 'Collezione ritirata', status: 'archived', priceCents: 100 });
    const draftWithVariants = await insertProduct(server, store.id, {
      title: 'Lancio di autunno',
      status: 'draft',
      priceCents: 100,
      variants: [{ label: 'S', stock: 3 }],
    });
    const other = await createUser(server);
    const otherStore = await createStoreFor(server, other.id, 'Altro Negozio');
    const foreign = await insertProduct(server, otherStore.id, { title: 'Di un altro', priceCents: 100 });
    const lines = [
      { productId: draft.id },
      { productId: archived.id },
      { productId: foreign.id },
      { productId: crypto.randomUUID() },
      { productId: draftWithVariants.id, variantId: draftWithVariants.variantIds[0] },
      { productId: draftWithVariants.id, variantId: crypto.randomUUID() },
    ];
    for (const line of lines) {
      const res = await checkout(checkoutBody([{ ...line, quantity: 1, unitPriceCents: 100 }]));
      expect(res.status, JSON.stringify(line)).toBe(409);
      expect(res.body.error).toEqual({
        code: 'unavailable',
        title: 'Prodotto non disponibile',
        message: 'Prodotto non disponibile: un articolo del carrello non è più in vendita. Toglilo dal carrello e riprova.',
      });
      expect(JSON.stringify(res.body)).not.toMatch(/Bozza|ritirata|altro|autunno/i);
    }
    expect((await unitOf(server, foreign.id)).reserved).toBe(0);
    expect((await unitOf(server, draftWithVariants.id, draftWithVariants.variantIds[0])).reserved).toBe(0);
  });

  it('names an active product whose variant is gone, and asks for a missing variant choice', async () => {
    const shoes = await insertProduct(server, store.id, { title: 'Scarpe', priceCents: 100, variants: [{ label: '42', stock: 1 }] });
    const noVariant = await checkout(checkoutBody([{ productId: shoes.id, quantity: 1, unitPriceCents: 100 }]));
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.error.message).toBe('Seleziona una variante per "Scarpe"');
    const goneVariant = await checkout(checkoutBody([{ productId: shoes.id, variantId: crypto.randomUUID(), quantity: 1, unitPriceCents: 100 }]));
    expect(goneVariant.status).toBe(409);
    expect(goneVariant.body.error.message).toBe('La variante scelta per "Scarpe" non è più disponibile');
    expect((await unitOf(server, shoes.id, shoes.variantIds[0])).reserved).toBe(0);
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

  it('a burst of the same checkout leaves one of everything: stock history, mails, bell', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 1250, stock: 10 });
    const body = checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 1250 }]);
    // Sent at once, several reach the order's writes together; all but one are refused there whole.
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(body)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    const { orderId, orderNumber } = answers.find((a) => a.status === 201)!.body;
    const { db } = server.ctx;
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 2 });
    const moves = await db.selectFrom('stock_movements').select(['order_id', 'reserved_change']).where('product_id', '=', p.id).execute();
    expect(moves).toEqual([{ order_id: orderId, reserved_change: 2 }]);
    const bell = await db.selectFrom('notifications').select('user_id').where('link', '=', `/dashboard/orders?search=${orderNumber}`).execute();
    expect(bell).toHaveLength(1);
    await server.smtp.waitFor(adminEmail, new RegExp(`Nuovo ordine #${orderNumber}`));
    await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Conferma il tuo ordine #${orderNumber}`));
    // Sent mails leave the outbox; none of this order's is left there, and none went twice.
    await expect.poll(async () => (await db.selectFrom('mail_queue').select('id').where('subject', 'like', `%#${orderNumber} %`).execute()).length).toBe(0);
    const sent = server.smtp.mails.filter((m) => m.subject.includes(`#${orderNumber} `));
    expect(sent.map((m) => m.subject).sort()).toEqual([
      `Conferma il tuo ordine #${orderNumber} — Bottega Checkout`,
      `Nuovo ordine #${orderNumber} su Bottega Checkout`,
    ]);
  });

  it('refuses a key used before with a different cart or customer, and changes nothing', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 700, stock: 10 });
    const q = await insertProduct(server, store.id, { priceCents: 300, stock: 10 });
    const first = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 700 }]);
    const created = await checkout(first);
    expect(created.status).toBe(201);
    const reused = [
      checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 700 }], { idempotencyKey: first.idempotencyKey }),
      checkoutBody([{ productId: q.id, quantity: 1, unitPriceCents: 300 }], { idempotencyKey: first.idempotencyKey }),
      { ...first, customer: { ...first.customer, street: 'Via Verdi 3' } },
      { ...first, customer: { ...first.customer, customerEmail: 'altra.persona@example.it' } },
    ];
    for (const body of reused) {
      const res = await checkout(body);
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'idempotency_conflict',
        message: 'Questa chiave di idempotenza è già stata usata per un ordine diverso: ricarica la pagina e riprova.',
      });
    }
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 1 });
    expect(await unitOf(server, q.id)).toEqual({ qty: 10, reserved: 0 });
    const orders = await server.ctx.db.selectFrom('orders').select('id').where('idempotency_key', '=', first.idempotencyKey).execute();
    expect(orders).toHaveLength(1);
    // The same request again (lines in another order, e-mail in another case) is still the same order.
    const again = await checkout({ ...first, items: [...first.items].reverse(), customer: { ...first.customer, customerEmail: 'Maria.Rossi@Example.it' } });
    expect(again.status).toBe(200);
    expect(again.body.orderId).toBe(created.body.orderId);
  });

  it('refuses the losers of different carts sent at once with one key', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 500, stock: 30 });
    const key = `race-${crypto.randomUUID()}`;
    const quantities = [1, 2, 3, 4, 5, 6];
    const results = await Promise.all(
      quantities.map((quantity) => checkout(checkoutBody([{ productId: p.id, quantity, unitPriceCents: 500 }], { idempotencyKey: key }))),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'idempotency_conflict')).toHaveLength(5);
    const winner = results.findIndex((r) => r.status === 201);
    expect((await unitOf(server, p.id)).reserved).toBe(quantities[winner]);
  });

  it('answers an order from before fingerprints with that order, as before', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 400, stock: 10 });
    const first = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 400 }]);
    const created = await checkout(first);
    await server.ctx.db.updateTable('orders').set({ idempotency_fingerprint: null }).where('id', '=', created.body.orderId).execute();
    const other = await checkout(checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 400 }], { idempotencyKey: first.idempotencyKey }));
    expect(other.status).toBe(200);
    expect(other.body.orderId).toBe(created.body.orderId);
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
    const customerMail = await server.smtp.waitFor('maria.rossi@example.it', new RegExp(`Conferma il tuo ordine #${n}`));
    expect(customerMail.text).toContain('1 × Lampada');
    expect(customerMail.text.replace(/\s/g, ' ')).toContain('Totale: 51,49 €');
    const adminMail = await server.smtp.waitFor(adminEmail, new RegExp(`Nuovo ordine #${n}`));
    expect(adminMail.text).toContain('/dashboard/orders');
  });
});
