import { randomBytes, randomUUID } from 'node:crypto';
import { paymentsService } from '../src/modules/payments/service.js';
import { discountsService } from '../src/modules/discounts/service.js';
import { invoicesService } from '../src/modules/invoices/service.js';
import { checkoutBody, discountTerms } from './catalog-factory.js';
import { imageForm } from './catalog-fixtures.js';
import { uniqueEmail } from './harness.js';
import { formWith, solidPng } from './images.js';
import { fx, PASSWORD, type Cell, type Role } from './authorization-cells.js';
import { confirmationCodeHash } from '../src/modules/orders/confirmation/service.js';
import { PASSKEYS_MATRIX } from './passkeys-matrix.js';
import { TWO_STEP_MATRIX } from './totp-matrix.js';
import { FRESH_PROOF_MATRIX } from './fresh-proof-matrix.js';
import { TEAM_TWO_STEP_MATRIX } from './team-two-step-matrix.js';
import { AUDIT_MATRIX } from './audit-matrix.js';

/**
 * Who may call each documented operation, written by hand from the product's rules (not read from
 * the permissions table the guard uses). `level` is the least privileged caller allowed:
 * 'public' (anyone), 'user' (any signed-in account), or an access level in the store of the path
 * (staff < admin < owner). `status` is what an allowed caller gets; `expect` overrides a role
 * whose answer legitimately differs; `foreign` is the other-store admin's extra attempt (by
 * default: their own store's id with this store's object ids).
 */
export type Level = 'public' | 'user' | 'staff' | 'admin' | 'owner';
export interface Call {
  path: string;
  body?: unknown;
  form?: FormData;
}
type Build = (c: Cell) => Call | Promise<Call>;
export interface Entry {
  level: Level;
  status: number;
  request: Build;
  expect?: Partial<Record<Role, number>>;
  foreign?: { status: number; request?: Build };
}

const api = (c: Cell, rest = '') => `/api/stores/${c.store.id}${rest}`;
const pub = (c: Cell, rest = '') => `/api/public/stores/${c.store.slug}${rest}`;

const sku = () => `MX-${randomUUID().slice(0, 8).toUpperCase()}`;
let png: Promise<Buffer> | undefined;
const picture = () => (png ??= solidPng(64));
const STRONG = 'una-password-robusta-7';

/** A token for a fresh account (not the caller's): public link routes work for whoever opens them. */
const linkFor =
  (kind: 'email_change' | 'email_verify' | 'email_confirm' | 'password_reset'): Build =>
  async (c) => {
    const subject = await fx.account(c, 'link');
    return { path: '', body: { token: await fx.link(c, subject.id, kind, kind === 'email_change' ? uniqueEmail('cambiata') : undefined) } };
  };
/** Another live session of the account (a second device); returns its id. */
async function liveSession(c: Cell, userId: string) {
  const id = randomUUID();
  await c.server.ctx.db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: new Date().toISOString(),
      revoked_at: null,
      user_agent: null,
      ip_prefix: null,
      device_key: null,
      last_used_at: null,
    })
    .execute();
  return id;
}

/** An order of the cell's store marked paid (cash on delivery: refunds go to an IBAN); returns its id. */
async function paidOrder(c: Cell) {
  const id = await fx.order(c);
  await c.server.ctx.db.updateTable('orders').set({ payment_status: 'paid' }).where('id', '=', id).execute();
  return id;
}

/** A manual refund of 1,00 € already made on a paid order; returns its id. */
async function manualRefund(c: Cell) {
  const orderId = await paidOrder(c);
  const id = randomUUID();
  const at = new Date().toISOString();
  await c.server.ctx.db
    .insertInto('refunds')
    .values({
      id,
      store_id: c.store.id,
      order_id: orderId,
      return_id: null,
      method: 'manual',
      status: 'succeeded',
      items_cents: 0,
      shipping_cents: 0,
      adjustment_cents: 100,
      amount_cents: 100,
      iban: 'IT60X0542811101000000123456',
      note: null,
      stripe_refund_id: null,
      failure_reason: null,
      credit_note_id: null,
      created_by_user_id: null,
      created_at: at,
      updated_at: at,
      succeeded_at: at,
    })
    .execute();
  return id;
}

/** An unread bell entry of the store for one of its members; returns its id. */
async function notificationOf(c: Cell, userId: string) {
  const id = randomUUID();
  await c.server.ctx.db
    .insertInto('notifications')
    .values({
      id,
      store_id: c.store.id,
      user_id: userId,
      kind: 'order',
      title: 'Nuovo ordine #1',
      link: '/dashboard/orders',
      created_at: new Date().toISOString(),
      read_at: null,
    })
    .execute();
  return id;
}
const at =
  (path: string, build: Build): Build =>
  async (c) => ({ ...(await build(c)), path });

/** An order of the cell's store with one line and, unless told, a return of it ('Richiesto'). */
async function returnFixture(c: Cell, withReturn = true) {
  const db = c.server.ctx.db;
  const orderId = await fx.order(c);
  const itemId = randomUUID();
  await db
    .insertInto('order_items')
    .values({
      id: itemId,
      order_id: orderId,
      product_id: null,
      variant_id: null,
      title: 'Tazza',
      variant_label: null,
      quantity: 2,
      unit_price_cents: 750,
      total_price_cents: 1500,
    })
    .execute();
  if (!withReturn) return { orderId, itemId, returnId: '' };
  const returnId = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('returns')
    .values({
      id: returnId,
      store_id: c.store.id,
      order_id: orderId,
      number: 1,
      origin: 'shopper',
      status: 'requested',
      customer_name: 'Maria Rossi',
      customer_email: 'maria.rossi@example.it',
      reason: null,
      reject_reason: null,
      refund_iban: null,
      request_key: null,
      created_by_user_id: null,
      created_at: now,
      updated_at: now,
      authorized_at: null,
      received_at: null,
      closed_at: null,
    })
    .execute();
  await db.insertInto('return_items').values({ id: randomUUID(), return_id: returnId, store_id: c.store.id, order_item_id: itemId, quantity: 1 }).execute();
  return { orderId, itemId, returnId };
}

/** One of the cell's orders with a line and a page token (the shopper's own secret). */
async function withdrawable(c: Cell) {
  const { orderId, itemId } = await returnFixture(c, false);
  const token = randomBytes(32).toString('base64url');
  await c.server.ctx.db.updateTable('orders').set({ public_token: token }).where('id', '=', orderId).execute();
  return { token, itemId };
}
const returnStep =
  (action: string, body?: unknown): Build =>
  async (c) => ({ path: api(c, `/returns/${(await returnFixture(c)).returnId}/${action}`), body });

/** An invitation of a store the cell's people do not belong to, to the caller (or to someone else). */
async function invitationTo(c: Cell, toCaller: boolean) {
  const host = await fx.foreignStore(c);
  const email = toCaller && c.caller ? c.caller.email : uniqueEmail('altri');
  if (toCaller && c.caller)
    await c.server.ctx.db.updateTable('auth_users').set({ email_verified_at: new Date().toISOString() }).where('id', '=', c.caller.id).execute();
  return fx.invitation(c, host.id, email);
}
const invitationById =
  (action: 'accept' | 'decline', toCaller: boolean): Build =>
  async (c) => ({ path: `/api/invitations/${(await invitationTo(c, toCaller)).id}/${action}` });
const invitationByToken =
  (toCaller: boolean): Build =>
  async (c) => ({ path: '/api/invitations/accept', body: { token: (await invitationTo(c, toCaller)).token } });

const product =
  (rest: (id: string, sku: string) => string, body?: (sku: string) => unknown, variants = false): Build =>
  async (c) => {
    const p = await fx.product(c, variants);
    return { path: api(c, rest(p.id, p.sku)), body: body?.(p.sku) };
  };
/** A discount code of the cell's store, and the path that names it. */
const discount =
  (body?: unknown): Build =>
  async (c) => {
    const d = await discountsService(c.server.ctx).create({ storeId: c.store.id }, discountTerms({ code: `MX${randomUUID().slice(0, 8).toUpperCase()}` }));
    return { path: api(c, `/discounts/${d.id}`), body };
  };
const variant =
  (body?: (sku: string) => unknown): Build =>
  async (c) => {
    const p = await fx.product(c, true);
    return { path: api(c, `/products/${p.id}/variants/${p.variantIds[0]}`), body: body?.(`${p.sku}-0`) };
  };

/** The cell's store ready to invoice, and an order of it that asked for an invoice; returns the order's id. */
async function invoiceableOrder(c: Cell): Promise<string> {
  const { db } = c.server.ctx;
  const now = new Date().toISOString();
  await db
    .insertInto('store_business_details')
    .values({
      store_id: c.store.id,
      company_name: 'Matrice S.r.l.',
      vat_number: '06363391001',
      tax_code: '',
      address: 'Via Roma 1, 20121 Milano (MI)',
      street: 'Via Roma 1',
      postal_code: '20121',
      city: 'Milano',
      province: 'MI',
      pec: '',
      phone: '',
      email: '',
      updated_at: now,
    })
    .onConflict((oc) => oc.column('store_id').doNothing())
    .execute();
  await db
    .insertInto('store_invoice_settings')
    .values({
      store_id: c.store.id,
      default_vat_code: '22',
      fiscal_regime: 'RF01',
      auto_issue: 0,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('store_id').doNothing())
    .execute();
  const id = await fx.order(c);
  await db
    .updateTable('orders')
    .set({ invoice_request: JSON.stringify({ kind: 'private', taxCode: 'RSSMRA85T10A562S' }), public_token: randomBytes(32).toString('base64url') })
    .where('id', '=', id)
    .execute();
  return id;
}
/** An issued invoice of the cell's store, and the path that names it. */
const invoice =
  (rest = '', body?: unknown): Build =>
  async (c) => {
    const issued = await invoicesService(c.server.ctx).issue(c.store.id, await invoiceableOrder(c));
    return { path: api(c, `/invoices/${issued.id}${rest}`), body };
  };

export const MATRIX: Record<string, Entry> = {
  // Accounts and sessions.
  'POST /api/auth/signup': {
    level: 'public',
    status: 201,
    request: () => ({ path: '/api/auth/signup', body: { email: uniqueEmail('nuovo'), password: STRONG } }),
  },
  'POST /api/auth/login': {
    level: 'public',
    status: 200,
    request: async (c) => ({ path: '/api/auth/login', body: { email: (await fx.account(c, 'accesso')).email, password: PASSWORD } }),
  },
  // Only the refresh cookie of a signed-in browser renews a session.
  'POST /api/auth/refresh': { level: 'public', status: 200, expect: { anonymous: 401 }, request: () => ({ path: '/api/auth/refresh' }) },
  'POST /api/auth/logout': { level: 'public', status: 204, request: () => ({ path: '/api/auth/logout', body: { scope: 'local' } }) },
  'GET /api/auth/user': { level: 'user', status: 200, request: () => ({ path: '/api/auth/user' }) },
  'POST /api/auth/email-change': {
    level: 'user',
    status: 202,
    request: () => ({ path: '/api/auth/email-change', body: { email: uniqueEmail('nuova'), password: PASSWORD } }),
  },
  'POST /api/auth/email-change/confirm': { level: 'public', status: 200, request: at('/api/auth/email-change/confirm', linkFor('email_change')) },
  'POST /api/auth/verify-email': { level: 'public', status: 200, request: at('/api/auth/verify-email', linkFor('email_verify')) },
  'POST /api/auth/verify-email/send': { level: 'user', status: 202, request: () => ({ path: '/api/auth/verify-email/send', body: {} }) },
  'POST /api/auth/recover': {
    level: 'public',
    status: 202,
    request: async (c) => ({ path: '/api/auth/recover', body: { email: (await fx.account(c, 'smemorato')).email } }),
  },
  'POST /api/auth/reset-password': {
    level: 'public',
    status: 200,
    request: async (c) => ({ path: '/api/auth/reset-password', body: { ...((await linkFor('password_reset')(c)).body as object), password: STRONG } }),
  },
  'GET /api/auth/sessions': { level: 'user', status: 200, request: () => ({ path: '/api/auth/sessions' }) },
  // Ending one of the caller's own other sessions; someone else's session is not found and stays live.
  'DELETE /api/auth/sessions/{sessionId}': {
    level: 'user',
    status: 204,
    request: async (c) => ({ path: `/api/auth/sessions/${await liveSession(c, c.caller?.id ?? c.owner.id)}` }),
    foreign: { status: 404, request: async (c) => ({ path: `/api/auth/sessions/${await liveSession(c, c.owner.id)}` }) },
  },
  'POST /api/auth/confirm': { level: 'public', status: 200, request: at('/api/auth/confirm', linkFor('email_confirm')) },
  ...TWO_STEP_MATRIX,
  ...FRESH_PROOF_MATRIX,
  ...TEAM_TWO_STEP_MATRIX,
  ...PASSKEYS_MATRIX,
  ...AUDIT_MATRIX,
  'GET /api/me': { level: 'user', status: 200, request: () => ({ path: '/api/me' }) },
  // The outsider belongs to no store: there is none to make active.
  'PUT /api/me/active-store': {
    level: 'user',
    status: 200,
    expect: { outsider: 404 },
    request: (c) => ({ path: '/api/me/active-store', body: { storeId: c.otherStoreId ?? c.store.id } }),
    foreign: { status: 404, request: (c) => ({ path: '/api/me/active-store', body: { storeId: c.store.id } }) },
  },
  // An account from before profiles existed: the caller has no profile row yet.
  'POST /api/me/profile': {
    level: 'user',
    status: 201,
    request: async (c) => {
      if (c.caller) await c.server.ctx.db.deleteFrom('users').where('id', '=', c.caller.id).execute();
      return { path: '/api/me/profile', body: {} };
    },
  },

  'GET /api/me/notification-preferences': { level: 'user', status: 200, request: () => ({ path: '/api/me/notification-preferences' }) },
  'PUT /api/me/notification-preferences': {
    level: 'user',
    status: 200,
    request: () => ({ path: '/api/me/notification-preferences', body: { orderEmails: false, messageEmails: true } }),
  },

  // Storefront, public files and themes.
  'GET /api/public/stores/{slug}': { level: 'public', status: 200, request: (c) => ({ path: pub(c) }) },
  'GET /api/public/stores/{slug}/products': { level: 'public', status: 200, request: async (c) => (await fx.product(c), { path: pub(c, '/products') }) },
  'GET /api/public/stores/{slug}/suggestions': { level: 'public', status: 200, request: (c) => ({ path: pub(c, '/suggestions?q=prodotto') }) },
  'GET /api/public/stores/{slug}/products/{productRef}': {
    level: 'public',
    status: 200,
    request: async (c) => ({ path: pub(c, `/products/${(await fx.product(c)).id}`) }),
  },
  // A code of the store: the check answers what it takes off; no code of another store is ever found.
  'POST /api/public/stores/{slug}/discounts/check': {
    level: 'public',
    status: 200,
    request: async (c) => {
      const code = `PUB${randomUUID().slice(0, 8).toUpperCase()}`;
      await discountsService(c.server.ctx).create({ storeId: c.store.id }, discountTerms({ code }));
      return { path: pub(c, '/discounts/check'), body: { code, subtotalCents: 5000 } };
    },
  },
  'POST /api/public/stores/{slug}/checkout': {
    level: 'public',
    status: 201,
    request: async (c) => ({ path: pub(c, '/checkout'), body: checkoutBody([{ productId: (await fx.product(c)).id, quantity: 1, unitPriceCents: 1500 }]) }),
  },
  'GET /api/public/stores/{slug}/pages/{kind}': { level: 'public', status: 200, request: (c) => ({ path: pub(c, '/pages/termini') }) },
  'GET /api/public/stores/{slug}/payment-methods': { level: 'public', status: 200, request: (c) => ({ path: pub(c, '/payment-methods') }) },
  // The withdrawal form: the order by its page token (the shopper's own secret).
  'POST /api/public/stores/{slug}/withdrawals/lookup': {
    level: 'public',
    status: 200,
    request: async (c) => ({ path: pub(c, '/withdrawals/lookup'), body: { token: (await withdrawable(c)).token } }),
  },
  'POST /api/public/stores/{slug}/withdrawals': {
    level: 'public',
    status: 201,
    request: async (c) => {
      const o = await withdrawable(c);
      return {
        path: pub(c, '/withdrawals'),
        body: {
          order: { token: o.token },
          name: 'Maria Rossi',
          email: 'maria.rossi@example.it',
          lines: [{ orderItemId: o.itemId, quantity: 1 }],
          requestKey: randomUUID(),
        },
      };
    },
  },
  'GET /api/public/stores/{slug}/orders/{token}': {
    level: 'public',
    status: 200,
    request: async (c) => {
      const token = randomBytes(32).toString('base64url');
      await c.server.ctx.db
        .updateTable('orders')
        .set({ public_token: token })
        .where('id', '=', await fx.order(c))
        .execute();
      return { path: pub(c, `/orders/${token}`) };
    },
  },
  'POST /api/public/stores/{slug}/orders/{token}/confirmation': {
    level: 'public',
    status: 200,
    request: async (c) => {
      const token = randomBytes(32).toString('base64url');
      const code = randomBytes(32).toString('base64url');
      await c.server.ctx.db
        .updateTable('orders')
        .set({ public_token: token, confirmation: 'awaiting', confirmation_code_hash: confirmationCodeHash(code) })
        .where('id', '=', await fx.order(c))
        .execute();
      return { path: pub(c, `/orders/${token}/confirmation`), body: { code } };
    },
  },
  // Anyone may knock (Stripe does); without a valid signature nothing happens.
  'POST /api/public/payments/stripe/{storeId}/webhook': {
    level: 'public',
    status: 400,
    request: async (c) => {
      await paymentsService(c.server.ctx).save(
        { storeId: c.store.id, role: 'admin', isOwner: true, user: { email: 'titolare@example.it' } },
        {
          bankTransfer: { enabled: false, iban: '', holder: '', bank: '', deadlineDays: 5 },
          cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
          pickup: { enabled: false, address: '', hours: '' },
          card: { enabled: true, secretKey: 'sk_test_MatriceChiave0123456789', webhookSecret: 'whsec_MatriceSegreto0123456789' },
        },
      );
      return { path: `/api/public/payments/stripe/${c.store.id}/webhook`, body: { id: 'evt_x', type: 'checkout.session.completed' } };
    },
  },
  'POST /api/public/stores/{slug}/messages': {
    level: 'public',
    status: 201,
    request: (c) => ({ path: pub(c, '/messages'), body: { customerName: 'Luca Bianchi', customerEmail: 'luca@example.it', message: 'Avete la taglia M?' } }),
  },
  'GET /api/public/stores/{slug}/chat': { level: 'user', status: 200, request: (c) => ({ path: pub(c, '/chat') }) },
  'POST /api/public/stores/{slug}/chat': {
    level: 'user',
    status: 201,
    request: (c) => ({ path: pub(c, '/chat'), body: { message: 'Buongiorno, è disponibile?' } }),
  },
  'GET /files/{*}': { level: 'public', status: 200, request: async (c) => ({ path: await fx.file(c) }) },
  'GET /api/themes': { level: 'public', status: 200, request: () => ({ path: '/api/themes' }) },

  // Probes for load balancers (health.test.ts has their failure answers).
  'GET /healthz': { level: 'public', status: 200, request: () => ({ path: '/healthz' }) },
  'GET /readyz': { level: 'public', status: 200, request: () => ({ path: '/readyz' }) },
  // Files for search engines (the numbered sitemap pages exist only past 50,000 URLs: seo-data.test.ts).
  'GET /robots.txt': { level: 'public', status: 200, request: () => ({ path: '/robots.txt' }) },
  'GET /sitemap.xml': { level: 'public', status: 200, request: () => ({ path: '/sitemap.xml' }) },
  'GET /sitemap-site.xml': { level: 'public', status: 200, request: () => ({ path: '/sitemap-site.xml' }) },
  'GET /store/{slug}/sitemap.xml': {
    level: 'public',
    status: 200,
    request: async (c) => (await fx.product(c), { path: `/store/${c.store.slug}/sitemap.xml` }),
  },

  // Stores.
  'POST /api/stores': { level: 'user', status: 201, request: () => ({ path: '/api/stores', body: { name: 'Bottega Nuova' } }) },
  'GET /api/stores': { level: 'user', status: 200, request: () => ({ path: '/api/stores' }) },
  'GET /api/stores/{storeId}': { level: 'staff', status: 200, request: (c) => ({ path: api(c) }) },
  'PATCH /api/stores/{storeId}': { level: 'admin', status: 200, request: (c) => ({ path: api(c), body: { name: 'Nome cambiato' } }) },
  'DELETE /api/stores/{storeId}': { level: 'owner', status: 204, request: (c) => ({ path: api(c) }) },
  'PUT /api/stores/{storeId}/logo': {
    level: 'admin',
    status: 200,
    request: async (c) => ({ path: api(c, '/logo'), form: formWith([{ data: await picture() }]) }),
  },
  'DELETE /api/stores/{storeId}/logo': { level: 'admin', status: 200, request: async (c) => (await fx.logo(c), { path: api(c, '/logo') }) },

  // Team.
  'GET /api/stores/{storeId}/team/members': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/team/members') }) },
  // Admins remove staff; the target is one more staff member.
  'DELETE /api/stores/{storeId}/team/members/{memberId}': {
    level: 'admin',
    status: 204,
    request: async (c) => ({ path: api(c, `/team/members/${(await fx.member(c, 'staff')).memberId}`) }),
  },
  'PATCH /api/stores/{storeId}/team/members/{memberId}': {
    level: 'owner',
    status: 200,
    request: async (c) => ({ path: api(c, `/team/members/${(await fx.member(c, 'staff')).memberId}`), body: { role: 'admin' } }),
  },
  'POST /api/stores/{storeId}/team/ownership': {
    level: 'owner',
    status: 200,
    request: (c) => ({ path: api(c, '/team/ownership'), body: { memberId: c.admin.memberId, password: PASSWORD } }),
    foreign: { status: 404 },
  },
  'GET /api/stores/{storeId}/team/invitations': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/team/invitations') }) },
  'POST /api/stores/{storeId}/team/invitations': {
    level: 'admin',
    status: 201,
    request: (c) => ({ path: api(c, '/team/invitations'), body: { email: uniqueEmail('invitato'), role: 'staff' } }),
  },
  'DELETE /api/stores/{storeId}/team/invitations/{invitationId}': {
    level: 'admin',
    status: 204,
    request: async (c) => ({ path: api(c, `/team/invitations/${(await fx.invitation(c, c.store.id, uniqueEmail('attesa'))).id}`) }),
  },
  // Received invitations: each caller answers their own; someone else's is refused.
  'GET /api/invitations': { level: 'user', status: 200, request: () => ({ path: '/api/invitations' }) },
  'POST /api/invitations/accept': { level: 'user', status: 200, request: invitationByToken(true), foreign: { status: 403, request: invitationByToken(false) } },
  'POST /api/invitations/{invitationId}/accept': {
    level: 'user',
    status: 200,
    request: invitationById('accept', true),
    foreign: { status: 404, request: invitationById('accept', false) },
  },
  'POST /api/invitations/{invitationId}/decline': {
    level: 'user',
    status: 204,
    request: invitationById('decline', true),
    foreign: { status: 404, request: invitationById('decline', false) },
  },

  // Orders.
  'GET /api/stores/{storeId}/orders': { level: 'staff', status: 200, request: async (c) => (await fx.order(c), { path: api(c, '/orders') }) },
  'GET /api/stores/{storeId}/stats': { level: 'staff', status: 200, request: async (c) => (await fx.order(c), { path: api(c, '/stats?period=7d') }) },
  'PUT /api/stores/{storeId}/stats/low-stock': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/stats/low-stock'), body: { lowStockThreshold: 5 } }),
  },
  // 'Primi passi' on the home: every member reads it, who edits the settings ticks and hides it.
  'GET /api/stores/{storeId}/setup': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/setup') }) },
  'PUT /api/stores/{storeId}/setup/visited': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/setup/visited') }) },
  'PUT /api/stores/{storeId}/setup/dismissed': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/setup/dismissed'), body: { dismissed: true } }),
  },
  'POST /api/public/stores/{slug}/visit': { level: 'public', status: 204, request: (c) => ({ path: pub(c, '/visit') }) },
  'GET /api/stores/{storeId}/customers': { level: 'staff', status: 200, request: async (c) => (await fx.order(c), { path: api(c, '/customers?search=a') }) },
  'GET /api/stores/{storeId}/customers/{customerKey}': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/customers/${await fx.order(c)}`) }),
  },
  'GET /api/stores/{storeId}/export/customers.csv': {
    level: 'staff',
    status: 200,
    request: (c) => ({ path: api(c, '/export/customers.csv') }),
    foreign: { status: 200 },
  },
  'GET /api/stores/{storeId}/orders/{orderId}': { level: 'staff', status: 200, request: async (c) => ({ path: api(c, `/orders/${await fx.order(c)}`) }) },
  'GET /api/stores/{storeId}/orders/{orderId}/refunds': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/orders/${await fx.order(c)}/refunds`) }),
  },
  'POST /api/stores/{storeId}/orders/{orderId}/refunds': {
    level: 'admin',
    status: 201,
    request: async (c) => ({ path: api(c, `/orders/${await paidOrder(c)}/refunds`), body: { adjustmentCents: 100, iban: 'IT60X0542811101000000123456' } }),
  },
  'POST /api/stores/{storeId}/refunds/{refundId}/retry': {
    level: 'admin',
    // Only a failed card refund may be retried: a manual one that succeeded is refused (nothing changes).
    status: 409,
    request: async (c) => ({ path: api(c, `/refunds/${await manualRefund(c)}/retry`) }),
  },
  'PATCH /api/stores/{storeId}/orders/{orderId}/payment': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/orders/${await fx.order(c)}/payment`), body: { paymentStatus: 'paid' } }),
  },
  'POST /api/stores/{storeId}/orders/{orderId}/notes': {
    level: 'staff',
    status: 201,
    request: async (c) => ({ path: api(c, `/orders/${await fx.order(c)}/notes`), body: { body: 'Cliente richiamato: consegna al mattino.' } }),
  },
  'POST /api/stores/{storeId}/orders/{orderId}/confirmation': {
    level: 'staff',
    status: 200,
    request: async (c) => {
      const id = await fx.order(c);
      await c.server.ctx.db.updateTable('orders').set({ confirmation: 'awaiting' }).where('id', '=', id).execute();
      return { path: api(c, `/orders/${id}/confirmation`) };
    },
  },
  'GET /api/stores/{storeId}/shipping': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/shipping') }) },
  'PUT /api/stores/{storeId}/shipping': {
    level: 'admin',
    status: 200,
    request: (c) => ({
      path: api(c, '/shipping'),
      body: { domestic: { rateCents: 490, freeAboveCents: 5000 }, countries: [{ code: 'FR', rateCents: 1500, freeAboveCents: null }] },
    }),
  },
  'GET /api/stores/{storeId}/returns-settings': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/returns-settings') }) },
  'PUT /api/stores/{storeId}/returns-settings': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/returns-settings'), body: { address: 'Via Roma 1, Milano', returnShippingPaidBy: 'store', instructions: '' } }),
  },
  'GET /api/stores/{storeId}/payments': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/payments') }) },
  'PUT /api/stores/{storeId}/payments': {
    level: 'admin',
    status: 200,
    request: (c) => ({
      path: api(c, '/payments'),
      // IBAN, holder and Stripe keys are the owner's alone (abuse-money.test.ts): an admin saves the rest.
      body: {
        bankTransfer: { enabled: false, iban: '', holder: '', bank: 'Banca Esempio', deadlineDays: 5 },
        cod: { enabled: true, surchargeCents: 0, maxTotalCents: null },
        pickup: { enabled: false, address: '', hours: '' },
        card: { enabled: false },
      },
    }),
  },
  'GET /api/stores/{storeId}/discounts': { level: 'staff', status: 200, request: async (c) => (await discount()(c), { path: api(c, '/discounts') }) },
  'POST /api/stores/{storeId}/discounts': {
    level: 'admin',
    status: 201,
    request: (c) => ({ path: api(c, '/discounts'), body: discountTerms({ code: 'BENVENUTO10' }) }),
  },
  'PUT /api/stores/{storeId}/discounts/{discountId}': { level: 'admin', status: 200, request: discount(discountTerms({ code: 'ESTATE20' })) },
  'DELETE /api/stores/{storeId}/discounts/{discountId}': { level: 'admin', status: 204, request: discount() },
  // Business details and legal pages (Impostazioni → Dati aziendali, Pagine legali).
  'GET /api/stores/{storeId}/business': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/business') }) },
  'PUT /api/stores/{storeId}/business': {
    level: 'admin',
    status: 200,
    request: (c) => ({
      path: api(c, '/business'),
      body: {
        companyName: 'Bottega Srl',
        vatNumber: '06363391001',
        taxCode: '',
        street: '',
        postalCode: '',
        city: '',
        province: '',
        pec: '',
        phone: '',
        email: '',
      },
    }),
  },
  'GET /api/stores/{storeId}/legal-pages': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/legal-pages') }) },
  'POST /api/stores/{storeId}/legal-pages/preview': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/legal-pages/preview'), body: { markdown: '## Resi' } }),
  },
  // {kind} names a page every store has, not another store's object: on their own store it is theirs.
  'GET /api/stores/{storeId}/legal-pages/{kind}': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/legal-pages/termini') }),
    foreign: { status: 200 },
  },
  'PUT /api/stores/{storeId}/legal-pages/{kind}': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/legal-pages/privacy'), body: { markdown: '## Privacy\n\nTesto.' } }),
    foreign: { status: 200 },
  },
  'DELETE /api/stores/{storeId}/legal-pages/{kind}': {
    level: 'admin',
    status: 200,
    request: (c) => ({ path: api(c, '/legal-pages/privacy') }),
    foreign: { status: 200 },
  },
  'PATCH /api/stores/{storeId}/orders/{orderId}': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/orders/${await fx.order(c)}`), body: { status: 'confirmed' } }),
  },
  'POST /api/stores/{storeId}/orders/bulk': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, '/orders/bulk'), body: { action: 'status', ids: [await fx.order(c)], status: 'confirmed' } }),
    foreign: { status: 404 },
  },
  // Returns ('Resi', docs/decisions/0051-returns.md): every member reads and moves them.
  'GET /api/stores/{storeId}/returns': {
    level: 'staff',
    status: 200,
    request: async (c) => (await returnFixture(c), { path: api(c, '/returns?status=requested') }),
  },
  'GET /api/stores/{storeId}/returns/{returnId}': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/returns/${(await returnFixture(c)).returnId}`) }),
  },
  'GET /api/stores/{storeId}/orders/{orderId}/returns': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/orders/${(await returnFixture(c)).orderId}/returns`) }),
  },
  'POST /api/stores/{storeId}/orders/{orderId}/returns': {
    level: 'staff',
    status: 201,
    request: async (c) => {
      const { orderId, itemId } = await returnFixture(c, false);
      return { path: api(c, `/orders/${orderId}/returns`), body: { lines: [{ orderItemId: itemId, quantity: 1 }] } };
    },
  },
  'POST /api/stores/{storeId}/returns/{returnId}/authorize': { level: 'staff', status: 200, request: returnStep('authorize') },
  'POST /api/stores/{storeId}/returns/{returnId}/receive': { level: 'staff', status: 200, request: returnStep('receive', { restock: [] }) },
  'POST /api/stores/{storeId}/returns/{returnId}/reject': { level: 'staff', status: 200, request: returnStep('reject', { reason: 'Prodotto usato' }) },
  'PUT /api/stores/{storeId}/orders/{orderId}/shipment': {
    level: 'staff',
    status: 200,
    request: async (c) => {
      const id = await fx.order(c);
      await c.server.ctx.db.updateTable('orders').set({ status: 'shipped' }).where('id', '=', id).execute();
      return { path: api(c, `/orders/${id}/shipment`), body: { carrier: 'brt', trackingNumber: '0123456789' } };
    },
  },

  // Messages and chat (dashboard side).
  'GET /api/stores/{storeId}/messages': { level: 'staff', status: 200, request: async (c) => (await fx.contact(c), { path: api(c, '/messages') }) },
  'GET /api/stores/{storeId}/messages/unread': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/messages/unread') }) },
  'POST /api/stores/{storeId}/messages/{messageId}/read': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/messages/${await fx.contact(c)}/read`) }),
  },
  'POST /api/stores/{storeId}/messages/{messageId}/reply': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/messages/${await fx.contact(c)}/reply`), body: { response: 'Sì, è disponibile.' } }),
  },
  'GET /api/stores/{storeId}/chats': { level: 'staff', status: 200, request: async (c) => (await fx.chat(c), { path: api(c, '/chats') }) },
  'GET /api/stores/{storeId}/chats/{userId}': { level: 'staff', status: 200, request: async (c) => ({ path: api(c, `/chats/${await fx.chat(c)}`) }) },
  'POST /api/stores/{storeId}/chats/{userId}': {
    level: 'staff',
    status: 201,
    request: async (c) => ({ path: api(c, `/chats/${await fx.chat(c)}`), body: { message: 'Certo, ecco le taglie.' } }),
  },
  'POST /api/stores/{storeId}/chats/{userId}/read': {
    level: 'staff',
    status: 204,
    request: async (c) => ({ path: api(c, `/chats/${await fx.chat(c)}/read`) }),
  },
  'GET /api/stores/{storeId}/presence': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/presence') }) },
  // The bell: each member reads and marks only their own; another store's ids are not found.
  'GET /api/stores/{storeId}/notifications': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/notifications') }) },
  'POST /api/stores/{storeId}/notifications/read': {
    level: 'staff',
    status: 200,
    request: async (c) => ({
      path: api(c, '/notifications/read'),
      body: { ids: [await notificationOf(c, c.caller && c.role !== 'outsider' && c.role !== 'otherAdmin' ? c.caller.id : c.owner.id)] },
    }),
    foreign: {
      status: 404,
      request: async (c) => ({ path: `/api/stores/${c.otherStoreId}/notifications/read`, body: { ids: [await notificationOf(c, c.owner.id)] } }),
    },
  },

  // Invoices (docs/decisions/0030-invoices.md). Issued documents are never edited: every allowed caller gets 409.
  'GET /api/stores/{storeId}/invoice-settings': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/invoice-settings') }) },
  'PUT /api/stores/{storeId}/invoice-settings': {
    level: 'admin',
    status: 200,
    request: (c) => ({
      path: api(c, '/invoice-settings'),
      body: { defaultVatCode: '22', fiscalRegime: 'RF01', autoIssue: false },
    }),
  },
  'POST /api/stores/{storeId}/orders/{orderId}/invoice': {
    level: 'staff',
    status: 201,
    request: async (c) => ({ path: api(c, `/orders/${await invoiceableOrder(c)}/invoice`) }),
  },
  'POST /api/stores/{storeId}/invoices/{invoiceId}/credit-note': { level: 'staff', status: 201, request: invoice('/credit-note') },
  'GET /api/stores/{storeId}/invoices': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/invoices') }), foreign: { status: 200 } },
  'GET /api/stores/{storeId}/invoices/export': {
    level: 'staff',
    status: 200,
    request: (c) => ({ path: api(c, '/invoices/export') }),
    foreign: { status: 200 },
  },
  'GET /api/stores/{storeId}/invoices/{invoiceId}/xml': { level: 'staff', status: 200, request: invoice('/xml') },
  'GET /api/stores/{storeId}/invoices/{invoiceId}/copy': { level: 'staff', status: 200, request: invoice('/copy') },
  'PUT /api/stores/{storeId}/invoices/{invoiceId}': { level: 'staff', status: 409, request: invoice('', { number: '1' }) },
  'PATCH /api/stores/{storeId}/invoices/{invoiceId}': { level: 'staff', status: 409, request: invoice('', {}) },
  'DELETE /api/stores/{storeId}/invoices/{invoiceId}': { level: 'staff', status: 409, request: invoice() },
  'GET /api/public/stores/{slug}/orders/{token}/invoices/{invoiceId}': {
    level: 'public',
    status: 200,
    request: async (c) => {
      const orderId = await invoiceableOrder(c);
      const issued = await invoicesService(c.server.ctx).issue(c.store.id, orderId);
      const o = await c.server.ctx.db.selectFrom('orders').select('public_token').where('id', '=', orderId).executeTakeFirstOrThrow();
      return { path: pub(c, `/orders/${o.public_token}/invoices/${issued.id}`) };
    },
  },

  // CSV export and import (docs/decisions/0022-csv.md): no object ids, so another store's admin acts on their own store.
  'GET /api/stores/{storeId}/export/products.csv': {
    level: 'staff',
    status: 200,
    request: (c) => ({ path: api(c, '/export/products.csv') }),
    foreign: { status: 200 },
  },
  'GET /api/stores/{storeId}/export/orders.csv': {
    level: 'staff',
    status: 200,
    request: (c) => ({ path: api(c, '/export/orders.csv?from=2026-01-01&to=2026-01-31') }),
    foreign: { status: 200 },
  },
  'POST /api/stores/{storeId}/import/products': {
    level: 'staff',
    status: 200,
    request: (c) => {
      const form = new FormData();
      const code = sku();
      const text = `Handle,Title,Variant SKU,Variant Price\r\n${code.toLowerCase()},Importato,${code},9.90\r\n`;
      form.append('file', new Blob([text], { type: 'text/csv' }), 'prodotti.csv');
      return { path: api(c, '/import/products?mode=apply'), form };
    },
    foreign: { status: 200 },
  },

  // Catalogue.
  'GET /api/stores/{storeId}/products': { level: 'staff', status: 200, request: async (c) => (await fx.product(c), { path: api(c, '/products') }) },
  'POST /api/stores/{storeId}/products': {
    level: 'staff',
    status: 201,
    request: (c) => ({ path: api(c, '/products'), body: { title: 'Borsa a tracolla', priceCents: 2500, sku: sku() } }),
  },
  'GET /api/stores/{storeId}/products/{productId}': { level: 'staff', status: 200, request: product((id) => `/products/${id}`) },
  'PUT /api/stores/{storeId}/products/{productId}': {
    level: 'staff',
    status: 200,
    request: product(
      (id) => `/products/${id}`,
      (s) => ({ title: 'Borsa rinnovata', priceCents: 1800, sku: s, status: 'active' }),
    ),
  },
  'DELETE /api/stores/{storeId}/products/{productId}': { level: 'staff', status: 204, request: product((id) => `/products/${id}`) },
  'POST /api/stores/{storeId}/products/{productId}/duplicate': { level: 'staff', status: 201, request: product((id) => `/products/${id}/duplicate`) },
  // Bulk actions (docs/decisions/0027-back-office-tables.md): the ids travel in the body; another store's admin gets 404 for them.
  'POST /api/stores/{storeId}/products/bulk': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, '/products/bulk'), body: { action: 'status', ids: [(await fx.product(c)).id], status: 'draft' } }),
    foreign: { status: 404 },
  },
  'GET /api/stores/{storeId}/products/{productId}/variants': {
    level: 'staff',
    status: 200,
    request: product((id) => `/products/${id}/variants`, undefined, true),
  },
  'POST /api/stores/{storeId}/products/{productId}/variants': {
    level: 'staff',
    status: 201,
    request: product(
      (id) => `/products/${id}/variants`,
      () => ({ label: 'Taglia L', sku: sku(), stock: 2 }),
    ),
  },
  'PUT /api/stores/{storeId}/products/{productId}/variants/{variantId}': {
    level: 'staff',
    status: 200,
    request: variant((s) => ({ label: 'Taglia M/L', sku: s, stock: 4 })),
  },
  'DELETE /api/stores/{storeId}/products/{productId}/variants/{variantId}': { level: 'staff', status: 204, request: variant() },
  'GET /api/stores/{storeId}/categories': { level: 'staff', status: 200, request: async (c) => (await fx.category(c), { path: api(c, '/categories') }) },
  'POST /api/stores/{storeId}/categories': { level: 'staff', status: 201, request: (c) => ({ path: api(c, '/categories'), body: { name: 'Scarpe' } }) },
  'GET /api/stores/{storeId}/categories/{categoryId}': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/categories/${await fx.category(c)}`) }),
  },
  'PUT /api/stores/{storeId}/categories/{categoryId}': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/categories/${await fx.category(c)}`), body: { name: 'Borse e zaini' } }),
  },
  'DELETE /api/stores/{storeId}/categories/{categoryId}': {
    level: 'staff',
    status: 204,
    request: async (c) => ({ path: api(c, `/categories/${await fx.category(c)}`) }),
  },
  'GET /api/stores/{storeId}/inventory': { level: 'staff', status: 200, request: async (c) => (await fx.product(c), { path: api(c, '/inventory') }) },
  'PATCH /api/stores/{storeId}/inventory/{inventoryId}': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/inventory/${await fx.inventoryId(c, (await fx.product(c)).id)}`), body: { qty: 7 } }),
  },
  'GET /api/stores/{storeId}/inventory/{inventoryId}/history': {
    level: 'staff',
    status: 200,
    request: async (c) => ({ path: api(c, `/inventory/${await fx.inventoryId(c, (await fx.product(c)).id)}/history`) }),
  },
  'GET /api/stores/{storeId}/skus/next': { level: 'staff', status: 200, request: (c) => ({ path: api(c, '/skus/next') }) },
  'GET /api/stores/{storeId}/skus/check': { level: 'staff', status: 200, request: (c) => ({ path: api(c, `/skus/check?sku=${sku()}`) }) },
  'POST /api/stores/{storeId}/product-images': {
    level: 'staff',
    status: 201,
    request: async (c) => ({ path: api(c, '/product-images?target=product'), form: imageForm([{ bytes: await picture() }]) }),
  },
  'DELETE /api/stores/{storeId}/product-images/{imageId}': {
    level: 'staff',
    status: 204,
    request: async (c) => ({ path: api(c, `/product-images/${await fx.stagedImage(c)}`) }),
  },
  // Replaces the whole catalogue: admins and the owner only.
  'POST /api/stores/{storeId}/sample-data': { level: 'admin', status: 200, request: (c) => ({ path: api(c, '/sample-data') }) },
};
