import type { APIRequestContext, Browser } from '@playwright/test';
import sharp from 'sharp';
import { expect, mailbox, PASSWORD, signUpViaApi, uniqueEmail } from './fixtures';

/**
 * A shop with something on every page: a category, a product with a photo and variants, a plain
 * product, a sold-out one, an order, a contact message, a chat, a discount code, a team member, a
 * pending invitation sent and one received. Made once, through the API, for the whole audit.
 */
export interface AuditShop {
  merchant: { email: string; password: string };
  store: { id: string; slug: string; name: string };
  categoryId: string;
  categorySlug: string;
  lamp: { id: string; slug: string };
  mug: { id: string; slug: string };
  orderToken: string;
  orderId: string;
}

type Auth = { authorization: string };

async function post<T>(request: APIRequestContext, path: string, data: unknown, headers?: Auth): Promise<T> {
  const res = await request.post(path, { data, headers });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/** Someone else signed up in a throwaway context: their bearer header and address. */
async function anotherUser(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const { email, session } = await signUpViaApi(page, uniqueEmail(prefix));
  await context.close();
  return { email, auth: { authorization: `Bearer ${session.accessToken}` } };
}

export async function seedAuditShop(browser: Browser): Promise<AuditShop> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const request = page.request;
  const { email, session } = await signUpViaApi(page, uniqueEmail('axe'));
  const auth = { authorization: `Bearer ${session.accessToken}` };
  const tag = Date.now().toString(36);
  const store = await post<AuditShop['store']>(request, '/api/stores', { name: `Bottega Accessibile ${tag}` }, auth);
  const api = (p: string) => `/api/stores/${store.id}${p}`;

  const category = await post<{ id: string; slug: string }>(request, api('/categories'), { name: 'Lampade' }, auth);
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 190, g: 130, b: 60 } } })
    .jpeg()
    .toBuffer();
  const upload = await request.post(api('/product-images'), {
    headers: auth,
    multipart: { files: { name: 'lampada.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const imageIds = ((await upload.json()) as { images: Array<{ id: string }> }).images.map((i) => i.id);
  const lamp = await post<{ id: string; slug: string }>(
    request,
    api('/products'),
    { title: 'Lampada Àurea', description: 'Ottone spazzolato.', priceCents: 8900, sku: `LAMP-${tag}`, categoryId: category.id, status: 'active', imageIds },
    auth,
  );
  for (const [label, delta, stock] of [
    ['Piccola', 0, 4],
    ['Grande', 3000, 2],
  ] as const) {
    await post(
      request,
      api(`/products/${lamp.id}/variants`),
      { label, sku: `LAMP-${label}-${tag}`, priceDeltaCents: delta, stock, attributes: [{ key: 'Misura', value: label }] },
      auth,
    );
  }
  const mug = await post<{ id: string; slug: string }>(
    request,
    api('/products'),
    {
      title: 'Tazza Aurora',
      description: 'Ceramica fatta a mano.',
      priceCents: 2000,
      compareAtCents: 2500,
      sku: `TZ-${tag}`,
      stock: 10,
      categoryId: category.id,
      status: 'active',
    },
    auth,
  );
  await post(
    request,
    api('/products'),
    { title: 'Paralume Esaurito', priceCents: 1500, sku: `SH-${tag}`, stock: 0, categoryId: category.id, status: 'active' },
    auth,
  );
  await post(request, api('/products'), { title: 'Bozza', priceCents: 1000, sku: `DR-${tag}`, stock: 1, status: 'draft' }, auth);

  // A shopper's order (cash on delivery), a guest's contact message, a signed-in visitor's chat.
  const order = await post<{ orderId: string; orderToken: string }>(request, `/api/public/stores/${store.slug}/checkout`, {
    items: [{ productId: mug.id, variantId: null, quantity: 2, unitPriceCents: 2000 }],
    customer: {
      customerName: 'Giulia Bianchi',
      customerEmail: uniqueEmail('cliente'),
      street: 'Via Garibaldi 12',
      city: 'Bologna',
      postalCode: '40121',
      province: 'BO',
      notes: '',
    },
    country: 'Italia',
    subtotalCents: 4000,
    shippingCents: 599,
    totalCents: 4599,
    paymentMethod: 'cod',
    acceptTerms: true,
    idempotencyKey: `axe-${tag}`,
  });
  await post(request, `/api/public/stores/${store.slug}/messages`, {
    customerName: 'Marco Verdi',
    customerEmail: uniqueEmail('contatto'),
    message: 'Spedite in Svizzera?',
  });
  const visitor = await anotherUser(browser, 'visitatore');
  await post(request, `/api/public/stores/${store.slug}/chat`, { message: 'Avete la taglia S?' }, visitor.auth);

  await post(
    request,
    api('/discounts'),
    {
      code: `BENVENUTO${tag}`.slice(0, 20),
      kind: 'percent',
      value: 10,
      minOrderCents: 0,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerEmail: null,
      active: true,
    },
    auth,
  );

  // The team: a staff member who joined, an invitation still pending, and one the merchant received.
  const colleague = await anotherUser(browser, 'collega');
  await post(request, api('/team/invitations'), { email: colleague.email, role: 'staff' }, auth);
  // The mailed link's token proves the mailbox, so the colleague joins without confirming it first.
  const link = mailbox.link(await mailbox.waitFor(colleague.email, /Invito a far parte del team/), '/invitations/accept');
  await post(request, '/api/invitations/accept', { token: new URL(link).searchParams.get('token') }, colleague.auth);
  await post(request, api('/team/invitations'), { email: uniqueEmail('in-attesa'), role: 'admin' }, auth);
  const other = await post<{ id: string }>(request, '/api/stores', { name: `Bottega Vicina ${tag}` }, visitor.auth);
  await post(request, `/api/stores/${other.id}/team/invitations`, { email, role: 'staff' }, visitor.auth);

  await context.close();
  return {
    merchant: { email, password: PASSWORD },
    store,
    categoryId: category.id,
    categorySlug: category.slug,
    lamp,
    mug,
    orderToken: order.orderToken,
    orderId: order.orderId,
  };
}
