import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, stockEffect, type OrderStatus } from '@vetrina/shared';
import { addMember, client, createStoreFor, createUser, engine, startServer, type Client, type TestServer } from './harness.js';
import { checkoutBody, insertProduct, unitOf } from './catalog-factory.js';

let server: TestServer;
let admin: Awaited<ReturnType<typeof createUser>>;
let store: { id: string; slug: string };
beforeAll(async () => {
  server = await startServer({ ORDER_RATE_LIMIT: '0', ORDER_EMAIL_RATE_LIMIT: '0', UNCONFIRMED_ORDERS_PER_EMAIL: '0' });
  admin = await createUser(server);
  store = await createStoreFor(server, admin.id, 'Emporio Ordini');
});
afterAll(async () => {
  await server.close();
});

async function placeOrder(productId: string, quantity: number, unitPriceCents: number, customer: Record<string, string> = {}, variantId: string | null = null) {
  const body = checkoutBody([{ productId, variantId, quantity, unitPriceCents }]);
  body.customer = { ...body.customer, ...customer };
  const res = await client(server.url).post(`/api/public/stores/${store.slug}/checkout`, body);
  expect(res.status).toBe(201);
  return res.body as { orderId: string; orderNumber: number };
}
const setStatus = (c: Client, orderId: string, status: string) => c.patch(`/api/stores/${store.id}/orders/${orderId}`, { status });

// Small deterministic PRNG so a failing sequence can be replayed.
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}

describe(`inventory follows the order status (${engine})`, () => {
  it('ships, cancels and restores exactly the difference', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 1000, stock: 10 });
    const o = await placeOrder(p.id, 3, 1000);
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 3 });
    expect((await setStatus(admin.client, o.orderId, 'confirmed')).status).toBe(200);
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 3 });
    const shipped = await setStatus(admin.client, o.orderId, 'shipped');
    expect(shipped.body.order.status).toBe('shipped');
    expect(await unitOf(server, p.id)).toEqual({ qty: 7, reserved: 0 });
    await setStatus(admin.client, o.orderId, 'delivered');
    expect(await unitOf(server, p.id)).toEqual({ qty: 7, reserved: 0 });
    await setStatus(admin.client, o.orderId, 'cancelled');
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 0 });
    await setStatus(admin.client, o.orderId, 'processing');
    expect(await unitOf(server, p.id)).toEqual({ qty: 10, reserved: 3 });
  });

  it('any random sequence of status changes leaves qty and reserved consistent with the final status', async () => {
    const rand = rng(20261122);
    for (let run = 0; run < 8; run++) {
      const stock = 5 + Math.floor(rand() * 10);
      const quantity = 1 + Math.floor(rand() * 4);
      const p = await insertProduct(server, store.id, { priceCents: 500, variants: [{ label: 'Unica', stock }] });
      const o = await placeOrder(p.id, quantity, 500, {}, p.variantIds[0]);
      let status: OrderStatus = 'pending';
      for (let step = 0; step < 12; step++) {
        const next = ORDER_STATUSES[Math.floor(rand() * ORDER_STATUSES.length)]!;
        const res = await setStatus(admin.client, o.orderId, next);
        expect(res.status, `run ${run} step ${step} ${status}→${next}`).toBe(200);
        status = next;
        const effect = stockEffect(status);
        const unit = await unitOf(server, p.id, p.variantIds[0]);
        expect(unit).toEqual({ qty: stock - (effect === 'shipped' ? quantity : 0), reserved: effect === 'reserved' ? quantity : 0 });
      }
    }
  });

  it('refuses to revive a cancelled order when its stock has been sold meanwhile, and changes nothing', async () => {
    const p = await insertProduct(server, store.id, { title: 'Ultimo pezzo', priceCents: 100, stock: 1 });
    const first = await placeOrder(p.id, 1, 100);
    await setStatus(admin.client, first.orderId, 'cancelled');
    await placeOrder(p.id, 1, 100);
    const revive = await setStatus(admin.client, first.orderId, 'pending');
    expect(revive.status).toBe(409);
    expect(revive.body.error.message).toBe('Disponibilità insufficiente per "Ultimo pezzo"');
    expect(await unitOf(server, p.id)).toEqual({ qty: 1, reserved: 1 });
    const detail = await admin.client.get(`/api/stores/${store.id}/orders/${first.orderId}`);
    expect(detail.body.order.status).toBe('cancelled');
  });
});

describe(`orders dashboard (${engine})`, () => {
  it('lists newest first with details, filters by status, searches by number and customer, pages', async () => {
    const u = await createUser(server);
    const own = await createStoreFor(server, u.id, 'Negozio Elenco');
    const p = await insertProduct(server, own.id, { title: 'Candela', priceCents: 1500, stock: 50 });
    const place = async (name: string) => {
      const body = checkoutBody([{ productId: p.id, quantity: 2, unitPriceCents: 1500 }]);
      body.customer = { ...body.customer, customerName: name, customerEmail: `${name.toLowerCase().replace(' ', '.')}@example.it` };
      return (await client(server.url).post(`/api/public/stores/${own.slug}/checkout`, body)).body;
    };
    const a = await place('Giulia Bianchi');
    const b = await place('Luca Verdi');
    await place('Anna Neri');
    await u.client.patch(`/api/stores/${own.id}/orders/${b.orderId}`, { status: 'shipped' });

    const all = await u.client.get(`/api/stores/${own.id}/orders`);
    expect(all.body.total).toBe(3);
    expect(all.body.items.map((o: any) => o.customerName)).toEqual(['Anna Neri', 'Luca Verdi', 'Giulia Bianchi']);
    expect(all.body.items[2]).toMatchObject({
      orderNumber: a.orderNumber,
      status: 'pending',
      subtotalCents: 3000,
      shippingCents: 599,
      totalCents: 3599,
      itemCount: 2,
      shippingAddress: { city: 'Milano', country: 'Italia' },
    });

    expect((await u.client.get(`/api/stores/${own.id}/orders?status=shipped`)).body.items.map((o: any) => o.customerName)).toEqual(['Luca Verdi']);
    expect((await u.client.get(`/api/stores/${own.id}/orders?search=%23${a.orderNumber}`)).body.items.map((o: any) => o.customerName)).toEqual([
      'Giulia Bianchi',
    ]);
    expect((await u.client.get(`/api/stores/${own.id}/orders?search=neri`)).body.total).toBe(1);
    expect((await u.client.get(`/api/stores/${own.id}/orders?search=100%25`)).body.total).toBe(0);
    const page2 = await u.client.get(`/api/stores/${own.id}/orders?pageSize=2&page=2`);
    expect(page2.body.items).toHaveLength(1);
    expect((await u.client.get(`/api/stores/${own.id}/orders?status=perso`)).status).toBe(400);

    const detail = await u.client.get(`/api/stores/${own.id}/orders/${a.orderId}`);
    expect(detail.body.order.items).toEqual([expect.objectContaining({ title: 'Candela', quantity: 2, unitPriceCents: 1500, totalPriceCents: 3000 })]);
    expect(detail.body.order.notes).toBe('Citofono Rossi');
  });

  it('lets staff change statuses, and gives outsiders and other stores 404', async () => {
    const p = await insertProduct(server, store.id, { priceCents: 100, stock: 5 });
    const o = await placeOrder(p.id, 1, 100);
    const staff = await createUser(server);
    await addMember(server, store.id, staff.id, 'staff');
    expect((await setStatus(staff.client, o.orderId, 'confirmed')).status).toBe(200);

    const outsider = await createUser(server);
    const outsiderStore = await createStoreFor(server, outsider.id, 'Negozio Estraneo');
    expect((await outsider.client.get(`/api/stores/${store.id}/orders`)).status).toBe(404);
    expect((await outsider.client.get(`/api/stores/${store.id}/orders/${o.orderId}`)).status).toBe(404);
    expect((await setStatus(outsider.client, o.orderId, 'cancelled')).status).toBe(404);
    // Its own store id with our order id: still not found.
    expect((await outsider.client.get(`/api/stores/${outsiderStore.id}/orders/${o.orderId}`)).status).toBe(404);
    expect((await outsider.client.patch(`/api/stores/${outsiderStore.id}/orders/${o.orderId}`, { status: 'cancelled' })).status).toBe(404);
    expect((await client(server.url).get(`/api/stores/${store.id}/orders`)).status).toBe(401);
    expect((await admin.client.get(`/api/stores/${store.id}/orders/${o.orderId}`)).body.order.status).toBe('confirmed');
    expect((await admin.client.patch(`/api/stores/${store.id}/orders/${o.orderId}`, { status: 'confirmed', extra: 1 })).status).toBe(400);
  });
});
