import type { StoreColors, StoreSummary } from '@vetrina/shared';
import { DEFAULT_COLORS } from '@vetrina/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { prepared, type ReadsTogether } from '../../db/prepared.js';

export function parseColors(raw: string): StoreColors {
  try {
    const c = JSON.parse(raw) as Partial<StoreColors>;
    return { primary: c.primary ?? DEFAULT_COLORS.primary, secondary: c.secondary ?? DEFAULT_COLORS.secondary, accent: c.accent ?? DEFAULT_COLORS.accent };
  } catch {
    return { ...DEFAULT_COLORS };
  }
}

/** Stores joined with their theme and the member's role; filter by user (and store) after. */
const summaries = (db: Db) =>
  db
    .selectFrom('store_members as m')
    .innerJoin('stores as s', 's.id', 'm.store_id')
    .leftJoin('themes as t', 't.id', 's.theme_id')
    .select([
      's.id',
      's.name',
      's.slug',
      's.logo_url',
      's.colors',
      's.theme_id',
      's.created_at',
      't.name as theme_name',
      't.key as theme_key',
      'm.role',
      's.owner_id',
      's.two_step_required',
      'm.user_id',
    ]);

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaries>['executeTakeFirstOrThrow']>>;

const toSummary = (r: SummaryRow): StoreSummary => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  logoUrl: r.logo_url,
  colors: parseColors(r.colors),
  themeId: r.theme_id,
  themeName: r.theme_name,
  themeKey: r.theme_key,
  role: r.role,
  isOwner: r.owner_id === r.user_id,
  twoStepRequired: Number(r.two_step_required) === 1,
  createdAt: r.created_at,
});

/** The increment of the store's order counter, which both statements below make. */
const counterIncrement = (db: Db, storeId: string) =>
  db
    .updateTable('stores')
    .set((eb) => ({ next_order_number: eb('next_order_number', '+', 1) }))
    .where('id', '=', storeId);

/** The store's next order number, in the caller's transaction or alone (compiled once). */
const takeOrderNumber = prepared((db: Db, a: { storeId: string }) => counterIncrement(db, a.storeId).returning('next_order_number'));

/**
 * PostgreSQL: the number taken in the checkout's reads statement (`ReadsTogether.returning`), only
 * when `take` is 1 (the store's settings accept the order) and the idempotency key made no order
 * yet (a retry takes none). That statement commits without waiting for the disk
 * (`synchronous_commit` off for its transaction only). Safe because the order that uses the number
 * commits after it, synchronously, and PostgreSQL's log is one sequence: waiting for the order's
 * commit record waits for this increment too. After a crash an acknowledged order's number is
 * never given again; an increment lost with a crash was on no committed order
 * (docs/decisions/0002-orders.md).
 */
const takeOrderNumberBesideReads = prepared((db: Db, a: { storeId: string; key: string; take: number }) =>
  counterIncrement(db, a.storeId)
    .where(sql<boolean>`${a.take} = 1`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders')
            .select(sql`1`.as('one'))
            .where('orders.store_id', '=', a.storeId)
            .where('orders.idempotency_key', '=', a.key),
        ),
      ),
    )
    .where(sql<boolean>`set_config('synchronous_commit', 'off', true) is not null`)
    .returning('next_order_number'),
);

/** What mails sent in the store's name show of it (compiled once: every order mail reads it). */
const brandRow = prepared((db: Db, a: { storeId: string }) =>
  db.selectFrom('stores').select(['name', 'slug', 'logo_url', 'colors']).where('id', '=', a.storeId),
);

export function storesRepo(db: Db) {
  return {
    /** The stores a user belongs to, newest first (spec §7: ordered created_at descending). */
    async summariesOf(userId: string): Promise<StoreSummary[]> {
      const rows = await summaries(db).where('m.user_id', '=', userId).orderBy('s.created_at', 'desc').orderBy('s.id').execute();
      return rows.map(toSummary);
    },

    /** One store as a member sees it, or undefined when they are not a member. */
    async summaryFor(storeId: string, userId: string): Promise<StoreSummary | undefined> {
      const row = await summaries(db).where('m.user_id', '=', userId).where('s.id', '=', storeId).executeTakeFirst();
      return row && toSummary(row);
    },

    /** The store row only: its creator's admin membership is the team module's (team/service.ts). */
    async insertStore(values: { id: string; name: string; slug: string; colors: StoreColors; themeId: string | null; userId: string; now: string }) {
      await db
        .insertInto('stores')
        .values({
          id: values.id,
          name: values.name,
          slug: values.slug,
          logo_url: null,
          colors: JSON.stringify(values.colors),
          theme_id: values.themeId,
          owner_id: values.userId,
          created_at: values.now,
        })
        .execute();
    },

    /** Slugs equal to `base` or `base-…` (slugs are [a-z0-9-] only, so LIKE's wildcards cannot appear in `base`). */
    slugsLike: async (base: string) =>
      (
        await db
          .selectFrom('stores')
          .select('slug')
          .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
          .execute()
      ).map((r) => r.slug),

    async update(storeId: string, patch: { name?: string; colors?: StoreColors; themeId?: string; logoUrl?: string | null }): Promise<boolean> {
      const res = await db
        .updateTable('stores')
        .set({
          ...(patch.name !== undefined ? { name: patch.name } : {}),
          ...(patch.colors !== undefined ? { colors: JSON.stringify(patch.colors) } : {}),
          ...(patch.themeId !== undefined ? { theme_id: patch.themeId } : {}),
          ...(patch.logoUrl !== undefined ? { logo_url: patch.logoUrl } : {}),
        })
        .where('id', '=', storeId)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) > 0;
    },

    /** Starts the store's SKU generator again from SKU-0001 (the sample data replaces the whole catalogue). */
    resetSkuCounter: (storeId: string) => db.updateTable('stores').set({ next_sku: 1 }).where('id', '=', storeId).execute(),

    logoUrlOf: async (storeId: string) => (await db.selectFrom('stores').select('logo_url').where('id', '=', storeId).executeTakeFirst())?.logo_url ?? null,

    /** The store that becomes active after another is gone: the newest the user still belongs to. */
    newestStoreIdOf: async (userId: string) =>
      (
        await db
          .selectFrom('store_members as m')
          .innerJoin('stores as s', 's.id', 'm.store_id')
          .select('s.id')
          .where('m.user_id', '=', userId)
          .orderBy('s.created_at', 'desc')
          .orderBy('s.id')
          .executeTakeFirst()
      )?.id ?? null,

    /** Deletes the store; every row it owns goes with it through ON DELETE CASCADE. */
    delete: (storeId: string) => db.deleteFrom('stores').where('id', '=', storeId).execute(),

    /** The store's name, address, logo and colours as its mails show them (undefined: no such store). */
    mailBrand: (storeId: string) => brandRow.first(db, { storeId }),

    /** Takes the store's next order number (in the caller's transaction when `db` is one). */
    async takeOrderNumber(storeId: string): Promise<number> {
      const seq = await takeOrderNumber.first(db, { storeId });
      if (!seq) throw new Error(`store ${storeId} has no order counter`);
      return seq.next_order_number - 1;
    },

    /** PostgreSQL: the store's next order number in the checkout's reads statement; null when none was taken. */
    async takeOrderNumberBesideReads(reads: ReadsTogether, storeId: string, key: string, take: boolean): Promise<number | null> {
      const [seq] = await reads.returning(takeOrderNumberBesideReads.compile(reads.db, { storeId, key, take: take ? 1 : 0 }));
      return seq ? seq.next_order_number - 1 : null;
    },
    /** The store's SKU generator: the number of the next suggested SKU. */
    nextSkuNumber: async (storeId: string) => (await db.selectFrom('stores').select('next_sku').where('id', '=', storeId).executeTakeFirst())?.next_sku ?? null,

    /** Moves the SKU generator past `n`, never back. */
    advanceSkuCounter: (storeId: string, n: number) =>
      db
        .updateTable('stores')
        .set({ next_sku: n + 1 })
        .where('id', '=', storeId)
        .where('next_sku', '<=', n)
        .execute(),
    /** Moves ownership to another admin of the store, only if `fromUserId` still owns it and the target is still an admin. */
    setOwner: async (storeId: string, fromUserId: string, toUserId: string) =>
      Number(
        (
          await db
            .updateTable('stores')
            .set({ owner_id: toUserId })
            .where('id', '=', storeId)
            .where('owner_id', '=', fromUserId)
            .where((eb) =>
              eb.exists(
                eb.selectFrom('store_members').select('id').where('store_id', '=', storeId).where('user_id', '=', toUserId).where('role', '=', 'admin'),
              ),
            )
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,

    /** 'Richiedi la verifica in due passaggi al team': false when the store already had that value. */
    setTwoStepRequired: async (storeId: string, required: boolean) =>
      Number(
        (
          await db
            .updateTable('stores')
            .set({ two_step_required: required ? 1 : 0 })
            .where('id', '=', storeId)
            .where('two_step_required', '=', required ? 0 : 1)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1,

    setLowStockThreshold: async (storeId: string, threshold: number) => {
      await db.updateTable('stores').set({ low_stock_threshold: threshold }).where('id', '=', storeId).execute();
    },
  };
}
export type StoresRepo = ReturnType<typeof storesRepo>;
