import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from '../src/lib/password.js';
import { hashToken, newToken } from '../src/lib/ids.js';
import { oneTimeLinks, type LinkKind } from '../src/modules/auth/links.js';
import { sessionsService } from '../src/modules/auth/sessions.js';
import type { Database } from '../src/db/schema.js';
import type { Db } from '../src/db/index.js';
import { insertProduct } from './catalog-factory.js';
import { client, uniqueEmail, type Client, type TestServer } from './harness.js';

/** The six callers of the matrix. */
export const ROLES = ['anonymous', 'outsider', 'otherAdmin', 'staff', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** Every account of the matrix knows this password (hashed once per run). */
export const PASSWORD = 'password-sicura-1';
let passwordHash: Promise<string> | undefined;

export interface Account {
  id: string;
  email: string;
  /** The store_members row, for accounts that belong to the cell's store. */
  memberId?: string;
}

/**
 * One cell of the matrix: a fresh store with its owner, an admin and a staff member, and the
 * caller of this cell (null when anonymous). Nothing is shared between cells.
 */
export interface Cell {
  server: TestServer;
  role: Role;
  store: { id: string; slug: string };
  owner: Account;
  admin: Account;
  staff: Account;
  caller: Account | null;
  /** The store the other-store admin owns (only in their cells). */
  otherStoreId: string | null;
  http: Client;
  /** Everything the cell created, for the fingerprint of a refused call. */
  storeIds: string[];
  accountIds: string[];
}

const iso = () => new Date().toISOString();

type Tracked = Pick<Cell, 'storeIds' | 'accountIds'>;

async function insertAccount(db: Db, cell: Tracked, prefix: string): Promise<Account> {
  passwordHash ??= hashPassword(PASSWORD);
  const account = { id: randomUUID(), email: uniqueEmail(prefix) };
  const now = iso();
  await db
    .insertInto('auth_users')
    .values({
      id: account.id,
      email: account.email,
      password_hash: await passwordHash,
      email_confirmed_at: now,
      email_verified_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.insertInto('users').values({ id: account.id, email: account.email, active_store_id: null, created_at: now }).execute();
  cell.accountIds.push(account.id);
  return account;
}

async function insertStore(db: Db, cell: Tracked, owner: Account, members: Array<[Account, 'admin' | 'staff']>) {
  const id = randomUUID();
  const slug = `matrice-${id.slice(0, 12)}`;
  await db
    .insertInto('stores')
    .values({
      id,
      name: 'Negozio della matrice',
      slug,
      logo_url: null,
      colors: JSON.stringify({ primary: '#8B5CF6', secondary: '#F97316', accent: '#10B981' }),
      theme_id: 'theme-moderno',
      owner_id: owner.id,
      created_at: iso(),
    })
    .execute();
  for (const [account, role] of [[owner, 'admin'] as const, ...members]) {
    account.memberId = randomUUID();
    await db.insertInto('store_members').values({ id: account.memberId, store_id: id, user_id: account.id, role, created_at: iso() }).execute();
  }
  cell.storeIds.push(id);
  return { id, slug };
}

/** A fresh cell for one operation and one caller, signed in with a session of its own. */
export async function newCell(server: TestServer, role: Role): Promise<Cell> {
  const tracked: Tracked = { storeIds: [], accountIds: [] };
  // One transaction: a single commit per cell keeps PostgreSQL fast.
  const people = await server.ctx.db.transaction().execute(async (trx) => {
    const [owner, admin, staff] = [
      await insertAccount(trx, tracked, 'owner'),
      await insertAccount(trx, tracked, 'admin'),
      await insertAccount(trx, tracked, 'staff'),
    ];
    const store = await insertStore(trx, tracked, owner, [
      [admin, 'admin'],
      [staff, 'staff'],
    ]);
    let caller: Account | null = null;
    let otherStoreId: string | null = null;
    if (role === 'staff' || role === 'admin' || role === 'owner') caller = { staff, admin, owner }[role];
    else if (role === 'outsider') caller = await insertAccount(trx, tracked, 'outsider');
    else if (role === 'otherAdmin') {
      caller = await insertAccount(trx, tracked, 'altro');
      otherStoreId = (await insertStore(trx, tracked, caller, [])).id;
    }
    return { owner, admin, staff, store, caller, otherStoreId };
  });
  const { caller } = people;
  const http = client(server.url);
  if (caller) {
    const issued = await sessionsService(server.ctx).start({ ...caller, created_at: iso() }, 'matrice');
    http.useSession(issued.session);
    // As a browser holds it after signing in (the refresh route reads only this cookie).
    if (issued.refreshToken) http.jar.set('vetrina_rt', issued.refreshToken);
  }
  return { server, ...tracked, ...people, role, http };
}

/** Fixtures an operation needs, created directly in the database (no HTTP, no password hashing). */
export const fx = {
  account: (c: Cell, prefix = 'cliente') => insertAccount(c.server.ctx.db, c, prefix),

  /** A store the cell's people do not belong to (to invite them somewhere). */
  async foreignStore(c: Cell) {
    const db = c.server.ctx.db;
    return insertStore(db, c, await insertAccount(db, c, 'ospite'), []);
  },

  /** One more member of the cell's store (the target of team operations). */
  async member(c: Cell, role: 'admin' | 'staff') {
    const account = await insertAccount(c.server.ctx.db, c, 'membro');
    account.memberId = randomUUID();
    await c.server.ctx.db
      .insertInto('store_members')
      .values({ id: account.memberId, store_id: c.store.id, user_id: account.id, role, created_at: iso() })
      .execute();
    return account;
  },

  /** The store shows a logo stored among its files. */
  async logo(c: Cell) {
    const url = await c.server.ctx.storage.put(`stores/${c.store.id}/logo/${randomUUID()}.webp`, Buffer.from('RIFF0000WEBP'), 'image/webp');
    await c.server.ctx.db.updateTable('stores').set({ logo_url: url }).where('id', '=', c.store.id).execute();
  },

  product: (c: Cell, variants = false) =>
    insertProduct(c.server, c.store.id, {
      title: 'Prodotto della matrice',
      priceCents: 1500,
      stock: 5,
      ...(variants ? { variants: [{ label: 'Taglia M', stock: 3 }] } : {}),
    }),

  async inventoryId(c: Cell, productId: string) {
    return (await c.server.ctx.db.selectFrom('inventory').select('id').where('product_id', '=', productId).executeTakeFirstOrThrow()).id;
  },

  async category(c: Cell) {
    const id = randomUUID();
    await c.server.ctx.db
      .insertInto('categories')
      .values({ id, store_id: c.store.id, name: 'Borse', slug: `borse-${id.slice(0, 6)}`, created_at: iso() })
      .execute();
    return id;
  },

  /** A pending order without lines (a status change then moves no stock). */
  async order(c: Cell) {
    const id = randomUUID();
    const now = iso();
    await c.server.ctx.db
      .insertInto('orders')
      .values({
        id,
        store_id: c.store.id,
        order_number: 1001,
        status: 'pending',
        customer_name: 'Maria Rossi',
        customer_email: 'maria.rossi@example.it',
        customer_phone: null,
        shipping_street: 'Via Roma 10',
        shipping_city: 'Milano',
        shipping_postal_code: '20121',
        shipping_country: 'Italia',
        subtotal_cents: 1500,
        shipping_cents: 599,
        total_cents: 2099,
        notes: null,
        idempotency_key: null,
        idempotency_fingerprint: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  },

  /** A pending invitation of `storeId` to `email`, with the token its mail would carry. */
  async invitation(c: Cell, storeId: string, email: string) {
    const id = randomUUID();
    const token = newToken();
    const now = Date.now();
    await c.server.ctx.db
      .insertInto('store_invitations')
      .values({
        id,
        store_id: storeId,
        email,
        role: 'staff',
        invited_by: null,
        status: 'pending',
        token_hash: hashToken(token),
        expires_at: new Date(now + 7 * 86_400_000).toISOString(),
        created_at: new Date(now).toISOString(),
      })
      .execute();
    return { id, token };
  },

  async contact(c: Cell) {
    const id = randomUUID();
    const now = iso();
    await c.server.ctx.db
      .insertInto('store_messages')
      .values({
        id,
        store_id: c.store.id,
        customer_name: 'Luca Bianchi',
        customer_email: 'luca.bianchi@example.it',
        message: 'Avete la taglia M?',
        response: null,
        status: 'pending',
        is_read: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return id;
  },

  /** A visitor who wrote to the store in chat; returns the visitor's user id. */
  async chat(c: Cell) {
    const visitor = await insertAccount(c.server.ctx.db, c, 'visitatore');
    await c.server.ctx.db
      .insertInto('chat_messages')
      .values({ id: randomUUID(), store_id: c.store.id, user_id: visitor.id, message: 'Buongiorno!', sender_type: 'customer', is_read: 0, created_at: iso() })
      .execute();
    return visitor.id;
  },

  /** A stored file of the store; returns its public URL. */
  file: (c: Cell, name = 'foto') =>
    c.server.ctx.storage.put(`stores/${c.store.id}/products/${name}-${randomUUID()}.webp`, Buffer.from('RIFF0000WEBP'), 'image/webp'),

  /** An uploaded product image not yet attached to a product, with its files. */
  async stagedImage(c: Cell) {
    const id = randomUUID();
    const key = `stores/${c.store.id}/products/${id}.webp`;
    const thumbKey = `stores/${c.store.id}/products/${id}-thumb.webp`;
    const url = await c.server.ctx.storage.put(key, Buffer.from('RIFF0000WEBP'), 'image/webp');
    const thumbUrl = await c.server.ctx.storage.put(thumbKey, Buffer.from('RIFF0000WEBP'), 'image/webp');
    await c.server.ctx.db
      .insertInto('product_images')
      .values({
        id,
        store_id: c.store.id,
        product_id: null,
        variant_id: null,
        position: 0,
        url,
        thumb_url: thumbUrl,
        storage_key: key,
        thumb_key: thumbKey,
        created_at: iso(),
      })
      .execute();
    return id;
  },

  /** A mailed one-time link of `kind` for the account; returns its token. */
  async link(c: Cell, userId: string, kind: LinkKind, newEmail?: string) {
    const url = await oneTimeLinks(c.server.ctx).create(userId, kind, newEmail ? { newEmail } : {});
    return new URL(url).searchParams.get('token') ?? '';
  },
};

const ALL_TABLES: Array<keyof Database> = [
  'themes',
  'auth_users',
  'users',
  'sessions',
  'refresh_tokens',
  'auth_tokens',
  'outbox_mails',
  'stores',
  'store_members',
  'store_invitations',
  'store_messages',
  'chat_messages',
  'categories',
  'products',
  'product_images',
  'product_variants',
  'store_skus',
  'inventory',
  'orders',
  'order_items',
  'discount_codes',
  'returns',
  'return_items',
];
const STORE_TABLES = [
  'store_members',
  'store_invitations',
  'store_messages',
  'chat_messages',
  'categories',
  'products',
  'product_images',
  'product_variants',
  'store_skus',
  'inventory',
  'orders',
  'discount_codes',
  'returns',
] as const;

const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();

/**
 * What a refused call must leave as it was: the row count of every table, every row of the cell's
 * stores and accounts, and the stores' files. Cells run one at a time, so the counts are stable.
 */
export async function fingerprint(c: Cell): Promise<string> {
  const db = c.server.ctx.db;
  const stores = c.storeIds;
  const accounts = c.accountIds;
  const parts = await Promise.all([
    sql<Record<string, unknown>>`select ${sql.join(ALL_TABLES.map((t) => sql`(select count(*) from ${sql.table(t)}) as ${sql.ref(t)}`))}`
      .execute(db)
      .then((r) => Object.values(r.rows[0] ?? {}).map(Number)),
    db.selectFrom('stores').selectAll().where('id', 'in', stores).execute().then(sorted),
    ...STORE_TABLES.map((t) =>
      db
        .selectFrom(t as 'products')
        .selectAll()
        .where('store_id', 'in', stores)
        .execute()
        .then(sorted),
    ),
    db
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .selectAll('order_items')
      .where('orders.store_id', 'in', stores)
      .execute()
      .then(sorted),
    db.selectFrom('auth_users').selectAll().where('id', 'in', accounts).execute().then(sorted),
    db.selectFrom('users').selectAll().where('id', 'in', accounts).execute().then(sorted),
    db.selectFrom('sessions').selectAll().where('user_id', 'in', accounts).execute().then(sorted),
    db.selectFrom('auth_tokens').selectAll().where('user_id', 'in', accounts).execute().then(sorted),
    ...stores.map((s) => c.server.ctx.storage.list(`stores/${s}/`).then((keys) => [...keys].sort())),
  ]);
  return JSON.stringify(parts);
}
