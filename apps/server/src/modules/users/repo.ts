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

export function usersRepo(db: Db) {
  return {
    findProfile: (userId: string) => db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),

    /** The stores a user belongs to, newest first, with their theme and the user's role. */
    async storesOf(userId: string): Promise<StoreSummary[]> {
      const rows = await db
        .selectFrom('store_members as m')
        .innerJoin('stores as s', 's.id', 'm.store_id')
        .leftJoin('themes as t', 't.id', 's.theme_id')
        .select(['s.id', 's.name', 's.slug', 's.logo_url', 's.colors', 's.theme_id', 's.created_at', 't.name as theme_name', 't.key as theme_key', 'm.role'])
        .where('m.user_id', '=', userId)
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        slug: r.slug,
        logoUrl: r.logo_url,
        colors: parseColors(r.colors),
        themeId: r.theme_id,
        themeName: r.theme_name,
        themeKey: r.theme_key,
        role: r.role,
        createdAt: r.created_at,
      }));
    },

    async pendingInvitationCount(email: string, now: string): Promise<number> {
      const r = await db
        .selectFrom('store_invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('email', '=', email)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
