import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';

// Run by nearly every request: compiled once (db/prepared.ts).
const memberRow = prepared((db: Db, a: { storeId: string; userId: string }) =>
  db
    .selectFrom('store_members as m')
    .innerJoin('stores as s', 's.id', 'm.store_id')
    .select(['m.role', 's.owner_id', 's.slug', 's.two_step_required'])
    .where('m.store_id', '=', a.storeId)
    .where('m.user_id', '=', a.userId),
);
const storeRow = prepared((db: Db, a: { slug: string }) => db.selectFrom('stores').select(['id', 'name']).where('slug', '=', a.slug));

/** The only SQL of the tenancy lookups: reads of `store_members` and `stores`, which team and stores write. */
export function tenancyRepo(db: Db) {
  return {
    memberRow: (storeId: string, userId: string) => memberRow.first(db, { storeId, userId }),
    storeRow: (slug: string) => storeRow.first(db, { slug }),
  };
}
