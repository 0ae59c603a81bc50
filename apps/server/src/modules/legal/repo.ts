import type { Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';

export interface BusinessRow {
  company_name: string;
  vat_number: string;
  tax_code: string;
  address: string;
  street: string;
  postal_code: string;
  city: string;
  province: string;
  pec: string;
  phone: string;
  email: string;
}

/** The only SQL of business details and legal pages. */
export function legalRepo(db: Db) {
  return {
    store(storeId: string) {
      return db.selectFrom('stores').select(['id', 'name', 'slug']).where('id', '=', storeId).executeTakeFirst();
    },

    storeBySlug(slug: string) {
      return db.selectFrom('stores').select(['id', 'name', 'slug']).where('slug', '=', slug).executeTakeFirst();
    },

    business(storeId: string) {
      return db
        .selectFrom('store_business_details')
        .select(['company_name', 'vat_number', 'tax_code', 'street', 'postal_code', 'city', 'province', 'pec', 'phone', 'email', 'updated_at'])
        .where('store_id', '=', storeId)
        .executeTakeFirst();
    },

    async saveBusiness(storeId: string, row: BusinessRow) {
      const updated_at = clock.iso();
      await db
        .insertInto('store_business_details')
        .values({ store_id: storeId, ...row, updated_at })
        .onConflict((oc) => oc.column('store_id').doUpdateSet({ ...row, updated_at }))
        .execute();
    },

    pages(storeId: string) {
      return db.selectFrom('store_legal_pages').select(['kind', 'markdown', 'updated_at']).where('store_id', '=', storeId).execute();
    },

    page(storeId: string, kind: string) {
      return db
        .selectFrom('store_legal_pages')
        .select(['kind', 'markdown', 'updated_at'])
        .where('store_id', '=', storeId)
        .where('kind', '=', kind)
        .executeTakeFirst();
    },

    async savePage(storeId: string, kind: string, markdown: string) {
      const updated_at = clock.iso();
      await db
        .insertInto('store_legal_pages')
        .values({ store_id: storeId, kind, markdown, updated_at })
        .onConflict((oc) => oc.columns(['store_id', 'kind']).doUpdateSet({ markdown, updated_at }))
        .execute();
    },

    async deletePage(storeId: string, kind: string) {
      await db.deleteFrom('store_legal_pages').where('store_id', '=', storeId).where('kind', '=', kind).execute();
    },
  };
}
