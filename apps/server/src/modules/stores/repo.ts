import type { StoreColors, StoreSummary } from '@vetrina/shared';
import { DEFAULT_COLORS } from '@vetrina/shared';
import type { Db } from '../../db/index.js';

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
  createdAt: r.created_at,
});

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

    setLowStockThreshold: async (storeId: string, threshold: number) => {
      await db.updateTable('stores').set({ low_stock_threshold: threshold }).where('id', '=', storeId).execute();
    },
  };
}
export type StoresRepo = ReturnType<typeof storesRepo>;
