import { skuKey } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';

/** A new product row of an import. */
export interface ImportedProductRow {
  id: string;
  store_id: string;
  title: string;
  slug: string;
  description: string;
  price_cents: number;
  compare_at_cents: number | null;
  sku: string;
  category_id: string | null;
  status: 'draft' | 'active' | 'archived';
  image_urls: string;
  created_at: string;
  updated_at: string;
}

/** A new variant row of an import. */
export interface ImportedVariantRow {
  id: string;
  store_id: string;
  product_id: string;
  label: string;
  sku: string;
  price_delta_cents: number;
  compare_at_cents: number | null;
  attributes: string;
  image_url: null;
  created_at: string;
}

/** The SQL of the CSV import's writes (the catalogue writes its own tables); built with the import's transaction. */
export function catalogImportRepo(db: Db) {
  return {
    /** The number the store's SKU generator is at (SKU-0001 is 1). */
    async nextSkuNumber(storeId: string): Promise<number> {
      const store = await db.selectFrom('stores').select('next_sku').where('id', '=', storeId).executeTakeFirst();
      return Math.max(1, Number(store?.next_sku ?? 1));
    },

    /** Which of these SKUs the store's registry already holds (keys as the registry stores them). */
    async takenSkus(storeId: string, skus: string[]): Promise<Set<string>> {
      const keys = [...new Set(skus.map(skuKey))];
      const taken = new Set<string>();
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await db
          .selectFrom('store_skus')
          .select('sku')
          .where('store_id', '=', storeId)
          .where('sku', 'in', keys.slice(i, i + 500))
          .execute();
        for (const r of rows) taken.add(r.sku);
      }
      return taken;
    },

    insertProducts: (rows: ImportedProductRow[]) => db.insertInto('products').values(rows).execute(),

    insertVariants: (rows: ImportedVariantRow[]) => db.insertInto('product_variants').values(rows).execute(),
  };
}

export type CatalogImportRepo = ReturnType<typeof catalogImportRepo>;
