import type { Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { prepared } from '../../db/prepared.js';

// Read by every checkout: compiled once.
const settingsRow = prepared((db: Db, a: { storeId: string }) =>
  db.selectFrom('store_payment_settings').select(['settings', 'stripe_secret_key', 'stripe_webhook_secret']).where('store_id', '=', a.storeId),
);

/** The only SQL of payments: the settings (one row per store that changed them) and the Stripe events applied. */
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

    /**
     * Records a Stripe event once per store; false when this store already applied it (a
     * redelivery). Keyed by store too: event ids are unique only within one Stripe account.
     */
    async recordStripeEvent(e: { id: string; storeId: string; type: string }): Promise<boolean> {
      const r = await db
        .insertInto('stripe_events')
        .values({ event_id: e.id, store_id: e.storeId, type: e.type, received_at: clock.iso() })
        .onConflict((oc) => oc.columns(['store_id', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** The store's address, for the storefront pages a webhook's change makes stale (null: gone). */
    async storeSlug(storeId: string): Promise<string | null> {
      return (await db.selectFrom('stores').select('slug').where('id', '=', storeId).executeTakeFirst())?.slug ?? null;
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
