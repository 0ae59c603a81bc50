import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatEuro, paymentMsg } from '@vetrina/shared';
import { clock } from '../src/lib/clock.js';
import { discountAttemptKey } from '../src/modules/discounts/attempts.js';
import { addMember, client, createStoreFor, createUser, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, discountTerms, insertProduct } from './catalog-factory.js';

let server: TestServer;
let owner: Client;
let staff: Client;
let store: { id: string; slug: string; name: string };
let other: { id: string; slug: string; name: string };

const SHIPPING = {
  domestic: { rateCents: 490, freeAboveCents: 5000 },
  countries: [
    { code: 'FR', rateCents: 1500, freeAboveCents: null },
    { code: 'AT', rateCents: 1200, freeAboveCents: 9000 },
  ],
};

beforeAll(async () => {
  server = await startServer({
    ORDER_RATE_LIMIT: '0',
    ORDER_EMAIL_RATE_LIMIT: '0',
    UNCONFIRMED_ORDERS_PER_EMAIL: '0',
    PUBLIC_URL: 'https://negozi.example.it',
  });
  const a = await createUser(server);
  owner = a.client;
  store = await createStoreFor(server, a.id, 'Bottega Spedizioni');
  const s = await createUser(server);
  staff = s.client;
  await addMember(server, store.id, s.id, 'staff');
  const b = await createUser(server);
  other = await createStoreFor(server, b.id, 'Altro Negozio');
});
afterAll(async () => {
  await server.close();
});
afterEach(() => clock.reset());

const checkout = (body: unknown, slug = store.slug) => client(server.url).post(`/api/public/stores/${slug}/checkout`, body);
const product = (priceCents: number, stock = 50, storeId = store.id) =>
  insertProduct(server, storeId, { title: `Articolo ${Math.random().toString(36).slice(2, 7)}`, priceCents, stock });

/** A checkout body with the totals a shopper's page would show for these numbers. */
function body(
  productId: string,
  priceCents: number,
  o: { qty?: number; shipping: number; discount?: number; code?: string; country?: string; email?: string; method?: string },
) {
  const qty = o.qty ?? 1;
  const goods = priceCents * qty - (o.discount ?? 0);
  return checkoutBody([{ productId, quantity: qty, unitPriceCents: priceCents }], {
    shippingCents: o.shipping,
    totalCents: goods + o.shipping,
    ...(o.code ? { discountCode: o.code, discountCents: o.discount ?? 0 } : {}),
    ...(o.country ? { country: o.country } : {}),
    ...(o.method ? { paymentMethod: o.method } : {}),
    ...(o.email ? { customer: { ...checkoutBody([]).customer, customerEmail: o.email } } : {}),
  });
}

const orderRow = (id: string) => server.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('shipping settings', () => {
  it('a store that never set them ships to Italy only at 5,99 €', async () => {
    const res = await client(server.url).get(`/api/public/stores/${other.slug}`);
    expect(res.body.store.shipping).toEqual([{ code: 'IT', name: 'Italia', rateCents: 599, freeAboveCents: null }]);
    const p = await product(1000, 5, other.id);
    const placed = await checkout(body(p.id, 1000, { shipping: 599 }), other.slug);
    expect(placed.status).toBe(201);
    expect((await orderRow(placed.body.orderId)).shipping_cents).toBe(599);
  });

  it('refuses bad rates, unknown or repeated countries, and changes nothing', async () => {
    const before = await owner.get(`/api/stores/${store.id}/shipping`);
    const bad = [
      [{ ...SHIPPING, domestic: { rateCents: -1, freeAboveCents: null } }, 'La tariffa deve essere tra'],
      [{ ...SHIPPING, domestic: { rateCents: 500, freeAboveCents: 0 } }, 'La soglia deve essere tra'],
      [{ ...SHIPPING, countries: [{ code: 'US', rateCents: 100, freeAboveCents: null }] }, 'Paese non valido'],
      [{ ...SHIPPING, countries: [{ code: 'IT', rateCents: 100, freeAboveCents: null }] }, 'Paese non valido'],
      [{ ...SHIPPING, countries: [SHIPPING.countries[0], SHIPPING.countries[0]] }, 'Ogni paese può comparire una sola volta'],
    ] as const;
    for (const [input, message] of bad) {
      const res = await owner.put(`/api/stores/${store.id}/shipping`, input);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(message);
    }
    expect((await owner.get(`/api/stores/${store.id}/shipping`)).body).toEqual(before.body);
  });

  it('staff read the rates but cannot change them; the owner can', async () => {
    expect((await staff.get(`/api/stores/${store.id}/shipping`)).status).toBe(200);
    expect((await staff.put(`/api/stores/${store.id}/shipping`, SHIPPING)).status).toBe(403);
    const saved = await owner.put(`/api/stores/${store.id}/shipping`, SHIPPING);
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual(SHIPPING);
    // The storefront shows the new destinations at once (its cached store data was dropped).
    const pub = await client(server.url).get(`/api/public/stores/${store.slug}`);
    expect(pub.body.store.shipping.map((d: { name: string }) => d.name)).toEqual(['Italia', 'Austria', 'Francia']);
  });

  it('charges the rate below the free-shipping threshold and nothing from it, to the cent', async () => {
    const p = await product(4999);
    const below = await checkout(body(p.id, 4999, { shipping: 490 }));
    expect(below.status).toBe(201);
    expect((await orderRow(below.body.orderId)).shipping_cents).toBe(490);
    const q = await product(5000);
    const at = await checkout(body(q.id, 5000, { shipping: 0 }));
    expect(at.status).toBe(201);
    const row = await orderRow(at.body.orderId);
    expect([row.shipping_cents, row.total_cents]).toEqual([0, 5000]);
    // A shopper shown the old flat rate is told the total changed, and nothing is created.
    const stale = await checkout(body(p.id, 4999, { shipping: 599 }));
    expect(stale.status).toBe(409);
  });

  it('prices each enabled country with its own rate and threshold; others are refused', async () => {
    const p = await product(3000);
    const fr = await checkout(body(p.id, 3000, { shipping: 1500, country: 'Francia', qty: 4 }));
    expect(fr.status).toBe(201);
    const frRow = await orderRow(fr.body.orderId);
    expect([frRow.shipping_country, frRow.shipping_cents]).toEqual(['Francia', 1500]);
    const at = await checkout(body(p.id, 3000, { shipping: 0, country: 'Austria', qty: 3 }));
    expect(at.status).toBe(201);
    expect((await orderRow(at.body.orderId)).shipping_cents).toBe(0);
    for (const country of ['Germania', 'Stati Uniti']) {
      const res = await checkout(body(p.id, 3000, { shipping: 1500, country }));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Non spediamo in questo paese');
    }
    const lower = await checkout(body(p.id, 3000, { shipping: 490, country: 'italia' }));
    expect(lower.status).toBe(400);
  });

  it('a change of rates or of payment methods applies to the very next checkout', async () => {
    const p = await product(2000);
    expect((await checkout(body(p.id, 2000, { shipping: 490 }))).status).toBe(201);
    const raised = { ...SHIPPING, domestic: { rateCents: 750, freeAboveCents: 5000 } };
    expect((await owner.put(`/api/stores/${store.id}/shipping`, raised)).status).toBe(200);
    expect((await checkout(body(p.id, 2000, { shipping: 490 }))).status).toBe(409);
    expect((await checkout(body(p.id, 2000, { shipping: 750 }))).status).toBe(201);

    const transferOnly = {
      bankTransfer: { enabled: true, iban: 'IT60X0542811101000000123456', holder: 'Bottega Srl', bank: '', deadlineDays: 3 },
      cod: { enabled: false, surchargeCents: 0, maxTotalCents: null },
      pickup: { enabled: false, address: '', hours: '' },
      card: { enabled: false },
    };
    expect((await owner.put(`/api/stores/${store.id}/payments`, transferOnly)).status).toBe(200);
    const cod = await checkout(body(p.id, 2000, { shipping: 750, method: 'cod' }));
    expect(cod.status).toBe(400);
    expect(cod.body.error.message).toBe(paymentMsg.unavailable);
    const transfer = await checkout(body(p.id, 2000, { shipping: 750, method: 'bank_transfer' }));
    expect(transfer.status).toBe(201);
    expect((await orderRow(transfer.body.orderId)).payment_method).toBe('bank_transfer');

    // A new name is the one the next order's mail carries.
    expect((await owner.patch(`/api/stores/${store.id}`, { name: 'Bottega Rinominata' })).status).toBe(200);
    const email = 'nome.nuovo@example.it';
    const renamed = await checkout(body(p.id, 2000, { shipping: 750, method: 'bank_transfer', email }));
    expect(renamed.status).toBe(201);
    await server.smtp.waitFor(email, new RegExp(`Ordine #${renamed.body.orderNumber} confermato — Bottega Rinominata`));

    // Back as the other tests expect them.
    expect((await owner.patch(`/api/stores/${store.id}`, { name: store.name })).status).toBe(200);
    expect((await owner.put(`/api/stores/${store.id}/shipping`, SHIPPING)).status).toBe(200);
    const codBack = {
      ...transferOnly,
      cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
      bankTransfer: { ...transferOnly.bankTransfer, enabled: false },
    };
    expect((await owner.put(`/api/stores/${store.id}/payments`, codBack)).status).toBe(200);
    expect((await checkout(body(p.id, 2000, { shipping: 490 }))).status).toBe(201);
  });

  it('pickup in the shop ships nothing whatever the country rates', async () => {
    const settings = {
      bankTransfer: { enabled: false, iban: '', holder: '', bank: '', deadlineDays: 5 },
      cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
      pickup: { enabled: true, address: 'Via Dante 5, Milano', hours: 'Lun-Sab 9-19' },
      card: { enabled: false },
    };
    expect((await owner.put(`/api/stores/${store.id}/payments`, settings)).status).toBe(200);
    const p = await product(1000);
    const res = await checkout(body(p.id, 1000, { shipping: 0, method: 'pickup' }));
    expect(res.status).toBe(201);
    expect((await orderRow(res.body.orderId)).shipping_cents).toBe(0);
  });

  it('the confirmation mail shows the shipping the order was charged', async () => {
    const p = await product(1200);
    const email = 'spedizione.mail@example.it';
    const res = await checkout(body(p.id, 1200, { shipping: 1500, country: 'Francia', email }));
    expect(res.status).toBe(201);
    const mail = await server.smtp.waitFor(email, new RegExp(`Conferma il tuo ordine #${res.body.orderNumber}`));
    expect(mail.text).toContain(formatEuro(1500));
    expect(mail.text).toContain('Francia');
  });
});

describe('terms and conditions', () => {
  it('an order without the accepted terms is refused and nothing is created', async () => {
    const p = await product(1000, 3);
    for (const acceptTerms of [undefined, false, 'si']) {
      const b: Record<string, unknown> = body(p.id, 1000, { shipping: 490 });
      if (acceptTerms === undefined) delete b.acceptTerms;
      else b.acceptTerms = acceptTerms;
      const res = await checkout(b);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Per ordinare devi accettare i termini e le condizioni');
    }
    const n = await server.ctx.db.selectFrom('order_items').select('id').where('product_id', '=', p.id).execute();
    expect(n).toHaveLength(0);
    const ok = await checkout(body(p.id, 1000, { shipping: 490 }));
    expect(ok.status).toBe(201);
    expect((await orderRow(ok.body.orderId)).terms_accepted_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});

describe('discount codes at checkout', () => {
  // Every test here tries codes from one address at one store: each gets the whole guessing budget
  // (the budget itself is tested below and in abuse-checkout.test.ts).
  beforeEach(() => server.ctx.limiter.reset(discountAttemptKey(store.id, '127.0.0.1')));
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await owner.post(`/api/stores/${store.id}/discounts`, { ...discountTerms(), ...over });
    expect(res.status).toBe(201);
    return res.body.discount as { id: string; code: string };
  };
  const check = (c: string, subtotalCents: number, email?: string, slug = store.slug) =>
    client(server.url).post(`/api/public/stores/${slug}/discounts/check`, { code: c, subtotalCents, ...(email ? { email } : {}) });

  it('a percentage code is its own line, counted once, on the order, its page and its mail', async () => {
    const d = await create({ kind: 'percent', value: 15 });
    const p = await product(2999);
    // 15% of 59,98 € = 8,997 → 9,00 € (half up); goods 50,98 € reach free shipping.
    const checked = await check(d.code.toLowerCase(), 5998);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ discount: { code: d.code, kind: 'percent', value: 15 }, discountCents: 900 });
    const email = 'sconto.percentuale@example.it';
    const res = await checkout(body(p.id, 2999, { qty: 2, shipping: 0, discount: 900, code: ` ${d.code.toLowerCase()} `, email }));
    expect(res.status).toBe(201);
    const row = await orderRow(res.body.orderId);
    expect([row.subtotal_cents, row.discount_cents, row.shipping_cents, row.total_cents, row.discount_code]).toEqual([5998, 900, 0, 5098, d.code]);
    const page = await client(server.url).get(`/api/public/stores/${store.slug}/orders/${res.body.orderToken}`);
    expect(page.body.order).toMatchObject({ discountCents: 900, discount: { code: d.code, kind: 'percent', value: 15 }, totalCents: 5098 });
    const mail = await server.smtp.waitFor(email, new RegExp(`Conferma il tuo ordine #${res.body.orderNumber}`));
    expect(mail.text).toContain(`Sconto ${d.code} (-15%)`);
    expect(mail.text).toContain(`−${formatEuro(900)}`);
    const codes = await owner.get(`/api/stores/${store.id}/discounts`);
    expect(codes.body.items.find((x: { id: string }) => x.id === d.id).uses).toBe(1);
  });

  it('a fixed amount never takes off more than the goods', async () => {
    const d = await create({ kind: 'fixed', value: 2500 });
    const p = await product(1000);
    const res = await checkout(body(p.id, 1000, { shipping: 490, discount: 1000, code: d.code }));
    expect(res.status).toBe(201);
    expect((await orderRow(res.body.orderId)).total_cents).toBe(490);
  });

  it('says why a code does not apply, on the check and on the order, and creates nothing', async () => {
    const p = await product(2000, 100);
    const now = Date.now();
    const cases: [string, number, string, number][] = [
      ['NONESISTE', 2000, 'Codice non valido', 400],
      [(await create({ active: false })).code, 2000, 'Codice non valido', 400],
      [(await create({ startsAt: new Date(now + 86_400_000).toISOString() })).code, 2000, 'Codice non valido', 400],
      [(await create({ endsAt: new Date(now - 1000).toISOString() })).code, 2000, 'Codice scaduto', 400],
      [(await create({ minOrderCents: 5000 })).code, 4999, `Ordine minimo di ${formatEuro(5000)} per questo codice`, 400],
      ['SALDI 10', 2000, 'Codice non valido', 400],
      ['SCONTO🎉', 2000, 'Codice non valido', 400],
    ];
    const before = await server.ctx.db.selectFrom('orders').select('id').where('store_id', '=', store.id).execute();
    for (const [c, subtotal, message, status] of cases) {
      const checked = await check(c, subtotal);
      expect([checked.status, checked.body.error.message]).toEqual([status, message]);
      const qty = subtotal / 2000 >= 1 ? Math.round(subtotal / 2000) : 1;
      const res = await checkout(body(p.id, 2000, { qty, shipping: 490, discount: 200, code: c }));
      expect([res.status, res.body.error.message]).toEqual([status, message]);
    }
    // The minimum is on the goods before the discount: exactly 50,00 € is enough.
    const min = await create({ minOrderCents: 5000, kind: 'fixed', value: 500 });
    expect((await check(min.code, 5000)).status).toBe(200);
    const after = await server.ctx.db.selectFrom('orders').select('id').where('store_id', '=', store.id).execute();
    expect(after).toHaveLength(before.length);
    // Another store's code is not this store's.
    expect((await check(min.code, 5000, undefined, other.slug)).body.error.message).toBe('Codice non valido');
  });

  it('a code ends exactly at its end time', async () => {
    const endsAt = new Date(Date.now() + 60_000).toISOString();
    const d = await create({ endsAt });
    expect((await check(d.code, 1000)).status).toBe(200);
    clock.advance(61_000);
    expect((await check(d.code, 1000)).body.error.message).toBe('Codice scaduto');
  });

  it('N concurrent orders for the last use: exactly one gets the discount', async () => {
    const d = await create({ kind: 'fixed', value: 300, maxUses: 1 });
    const p = await product(1000, 200);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, k) => checkout(body(p.id, 1000, { shipping: 490, discount: 300, code: d.code, email: `corsa${k}@example.it` }))),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([a.status, a.body.error.message]).toEqual([409, 'Codice esaurito']);
    const row = await server.ctx.db.selectFrom('discount_codes').select('uses').where('id', '=', d.id).executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
    const withCode = await server.ctx.db.selectFrom('orders').select('id').where('discount_code', '=', d.code).execute();
    expect(withCode).toHaveLength(1);
    // Stock was taken only by the one order.
    const unit = await server.ctx.db.selectFrom('inventory').select(['reserved']).where('product_id', '=', p.id).executeTakeFirstOrThrow();
    expect(unit.reserved).toBe(1);
    expect((await check(d.code, 1000)).body.error.message).toBe('Codice esaurito');
  });

  it('uses per e-mail hold under concurrent orders of one shopper', async () => {
    const d = await create({ maxUsesPerEmail: 1, value: 20 });
    const p = await product(1000, 200);
    const email = 'una.volta@example.it';
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(body(p.id, 1000, { shipping: 490, discount: 200, code: d.code, email }))));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    for (const a of refused) expect(a.body.error.message).toBe('Hai già usato questo codice il numero massimo di volte consentito');
    expect((await check(d.code, 1000, email)).status).toBe(409);
    // Someone else may still use it, and the e-mail's case does not matter.
    expect((await check(d.code, 1000, 'altra.persona@example.it')).status).toBe(200);
    expect((await check(d.code, 1000, 'UNA.VOLTA@example.it')).status).toBe(409);
  });

  it('a total that ignores the discount is refused as a changed price', async () => {
    const d = await create({ kind: 'fixed', value: 100 });
    const p = await product(1000);
    const res = await checkout(body(p.id, 1000, { shipping: 490, discount: 0, code: d.code }));
    expect(res.status).toBe(409);
    expect((await server.ctx.db.selectFrom('discount_codes').select('uses').where('id', '=', d.id).executeTakeFirstOrThrow()).uses).toBe(0);
  });

  it('limits how many codes one address can try', async () => {
    const fresh = await startServer();
    try {
      const u = await createUser(fresh);
      const s = await createStoreFor(fresh, u.id, 'Negozio Tentativi');
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await client(fresh.url).post(`/api/public/stores/${s.slug}/discounts/check`, { code: `PROVA${i}`, subtotalCents: 1000 })).status);
      expect(statuses.slice(0, 30).every((x) => x === 400)).toBe(true);
      expect(statuses[30]).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
