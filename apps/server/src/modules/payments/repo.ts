import type { Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { prepared } from '../../db/prepared.js';

// Read by every checkout: compiled once.
const settingsRow = prepared((db: Db, a: { storeId: string }) =>
  db.selectFrom('store_payment_settings').select(['settings', 'stripe_secret_key', 'stripe_webhook_secret']).where('store_id', '=', a.storeId),
);

/** The only SQL of payment settings: one row per store that changed them. */
export function paymentsRepo(db: Db) {
  return {
    find(storeId: string) {
      return settingsRow.first(db, { storeId });
    },

    /** The owner's address, for the mail that tells them their payout details changed (null: no owner). */
    async ownerEmail(storeId: string): Promise<string | null> {
      const r = await db
        .selectFrom('stores as s')
        .innerJoin('users as u', 'u.id', 's.owner_id')
        .select('u.email')
        .where('s.id', '=', storeId)
        .executeTakeFirst();
      return r?.email ?? null;
    },

    async save(executor: Db, storeId: string, row: { settings: string; stripe_secret_key: string | null; stripe_webhook_secret: string | null }) {
      const updated_at = clock.iso();
      await executor
        .insertInto('store_payment_settings')
        .values({ store_id: storeId, ...row, updated_at })
        .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...row, updated_at }))
        .execute();
    },
  };
}
