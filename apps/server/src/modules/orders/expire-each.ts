import type { AppContext } from '../../lib/context.js';
import type { Db } from '../../db/index.js';
import { announceOrderChange } from '../stats/service.js';

/** An order the expiry job found past its deadline. */
export interface DueOrder {
  id: string;
  store_id: string;
  slug: string;
}

/**
 * Runs `expire` on each due order in a transaction of its own (it answers false when another
 * instance, or the shopper, got there first), then tells each touched store's storefront and
 * team once. Returns how many orders it expired.
 */
export async function expireEach(ctx: AppContext, due: readonly DueOrder[], expire: (trx: Db, order: DueOrder) => Promise<boolean>): Promise<number> {
  let expired = 0;
  const stores = new Map<string, string>();
  for (const d of due) {
    if (!(await ctx.db.transaction().execute((trx) => expire(trx, d)))) continue;
    expired++;
    stores.set(d.store_id, d.slug);
  }
  for (const [storeId, slug] of stores) {
    ctx.stockChanged(slug);
    announceOrderChange(ctx, storeId);
  }
  return expired;
}
