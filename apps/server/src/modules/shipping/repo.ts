import type { Db } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import { clock } from '../../lib/clock.js';

/** The only SQL of shipping settings: one row per store that changed them. */
export function shippingRepo(db: Db) {
  // Read by every storefront page and checkout: compiled once.
  const settingsOf = prepared((db: Db, a: { storeId: string }) =>
    db.selectFrom('store_shipping_settings').select('settings').where('store_id', '=', a.storeId),
  );
  return {
    async find(storeId: string): Promise<string | undefined> {
      return (await settingsOf.first(db, { storeId }))?.settings;
    },

    /** In the caller's transaction when `executor` is one (the audit entry goes with it). */
    async save(storeId: string, settings: string, executor: Db = db) {
      const updated_at = clock.iso();
      await executor
        .insertInto('store_shipping_settings')
        .values({ store_id: storeId, settings, updated_at })
        .onConflict((oc) => oc.column('store_id').doUpdateSet({ settings, updated_at }))
        .execute();
    },
  };
}
