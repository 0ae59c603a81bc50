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

    /**
     * The addresses of the owner and every admin, for the mail that tells them the payout details
     * changed: a stolen owner session is seen by the rest of the management too. Staff get none.
     */
    async payoutWatchers(storeId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('store_members as m')
        .innerJoin('stores as s', 's.id', 'm.store_id')
        .innerJoin('users as u', 'u.id', 'm.user_id')
        .select('u.email')
        .where('m.store_id', '=', storeId)
        .where((eb) => eb.or([eb('m.role', '=', 'admin'), eb('s.owner_id', '=', eb.ref('m.user_id'))]))
        .orderBy('m.created_at')
        .execute();
      return [...new Set(rows.map((r) => r.email))];
    },

    /** When the IBAN last changed and by whom (null: never since migration 046). */
    async ibanChange(storeId: string): Promise<{ at: string; by: string } | null> {
      const r = await db.selectFrom('store_payment_settings').select(['iban_changed_at', 'iban_changed_by']).where('store_id', '=', storeId).executeTakeFirst();
      return r?.iban_changed_at ? { at: r.iban_changed_at, by: r.iban_changed_by ?? '' } : null;
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

    async save(
      executor: Db,
      storeId: string,
      row: { settings: string; stripe_secret_key: string | null; stripe_webhook_secret: string | null; iban_changed_at?: string; iban_changed_by?: string },
    ) {
      const updated_at = clock.iso();
      await executor
        .insertInto('store_payment_settings')
        .values({ store_id: storeId, ...row, updated_at })
        .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...row, updated_at }))
        .execute();
    },
  };
}
