import type { Db } from '../../db/index.js';

/** The store's data 'Primi passi' reads (other modules' tables, read only) and `store_setup`, which only this module writes. */
export function setupRepo(db: Db) {
  return {
    async facts(storeId: string) {
      const [product, payments, shipping, business, legal, flags] = await Promise.all([
        db.selectFrom('products').select('id').where('store_id', '=', storeId).where('status', '!=', 'archived').limit(1).executeTakeFirst(),
        db.selectFrom('store_payment_settings').select('store_id').where('store_id', '=', storeId).executeTakeFirst(),
        db.selectFrom('store_shipping_settings').select('store_id').where('store_id', '=', storeId).executeTakeFirst(),
        db.selectFrom('store_business_details').select(['company_name', 'vat_number']).where('store_id', '=', storeId).executeTakeFirst(),
        db.selectFrom('store_legal_pages').select('kind').where('store_id', '=', storeId).limit(1).executeTakeFirst(),
        db.selectFrom('store_setup').select(['visited_at', 'dismissed_at']).where('store_id', '=', storeId).executeTakeFirst(),
      ]);
      return {
        hasProduct: Boolean(product),
        paymentsSaved: Boolean(payments),
        shippingSaved: Boolean(shipping),
        businessFilled: Boolean(business && business.company_name.trim() && business.vat_number.trim()),
        legalEdited: Boolean(legal),
        visited: Boolean(flags?.visited_at),
        dismissed: Boolean(flags?.dismissed_at),
      };
    },

    /** Sets one flag (the other kept); `at` null clears it. */
    async setFlag(storeId: string, flag: 'visited_at' | 'dismissed_at', at: string | null, now: string) {
      await db
        .insertInto('store_setup')
        .values({ store_id: storeId, visited_at: null, dismissed_at: null, [flag]: at, updated_at: now })
        .onConflict((oc) => oc.column('store_id').doUpdateSet({ [flag]: at, updated_at: now }))
        .execute();
    },
  };
}
