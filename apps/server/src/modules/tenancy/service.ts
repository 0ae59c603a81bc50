import type { Db } from '../../db/index.js';
import type { Membership } from '../../lib/tenancy.js';
import { tenancyRepo } from './repo.js';

export type { Membership } from '../../lib/tenancy.js';

/**
 * The two lookups every tenant-scoped entry point starts from (HTTP guard, WebSocket, public
 * storefront calls): one home each, so a rule about who belongs to a store is written once. The
 * guard (plugins/guard.ts) is handed `membershipOf` by app.ts, so the kernel imports no module.
 */

/** The user's membership of the store, or null when they are not on its team. */
export async function membershipOf(db: Db, storeId: string, userId: string): Promise<Membership | null> {
  const row = await tenancyRepo(db).memberRow(storeId, userId);
  return row ? { role: row.role, isOwner: row.owner_id === userId, storeSlug: row.slug, twoStepRequired: Number(row.two_step_required) === 1 } : null;
}

/** A store by its public slug (id and name), or null. */
export async function storeBySlug(db: Db, slug: string): Promise<{ id: string; name: string } | null> {
  return (await tenancyRepo(db).storeRow(slug)) ?? null;
}
