import type { Role } from '@vetrina/shared';
import type { Db } from '../db/index.js';
import { prepared } from '../db/prepared.js';

/**
 * The two lookups every tenant-scoped entry point starts from (HTTP guard, WebSocket, public
 * storefront calls): one home each, so a rule about who belongs to a store is written once.
 */

export interface Membership {
  role: Role;
  isOwner: boolean;
  /** The store's public slug (fixed at creation): the key of its cached storefront answers. */
  storeSlug: string;
}

/** The user's membership of the store, or null when they are not on its team. */
export async function membershipOf(db: Db, storeId: string, userId: string): Promise<Membership | null> {
  const row = await memberRow.first(db, { storeId, userId });
  return row ? { role: row.role, isOwner: row.owner_id === userId, storeSlug: row.slug } : null;
}

/** A store by its public slug (id and name), or null. */
export async function storeBySlug(db: Db, slug: string): Promise<{ id: string; name: string } | null> {
  return (await storeRow.first(db, { slug })) ?? null;
}

// Run by nearly every request: compiled once (db/prepared.ts).
const memberRow = prepared((db: Db, a: { storeId: string; userId: string }) =>
  db
    .selectFrom('store_members as m')
    .innerJoin('stores as s', 's.id', 'm.store_id')
    .select(['m.role', 's.owner_id', 's.slug'])
    .where('m.store_id', '=', a.storeId)
    .where('m.user_id', '=', a.userId),
);
const storeRow = prepared((db: Db, a: { slug: string }) => db.selectFrom('stores').select(['id', 'name']).where('slug', '=', a.slug));
