import type { Db } from '../../../db/index.js';
import { IMAGE_FILE_COLUMNS } from '../images/files.js';
import type { ImageRow } from '../images/repo.js';

/** The SQL of the sample catalogue; it runs in the seed's one transaction (build it with the transaction). */
export function sampleDataRepo(db: Db) {
  return {
    /** The file columns of every image attached to a product of the store (their files go after commit). */
    attachedImageFiles: (storeId: string) =>
      db.selectFrom('product_images').select(IMAGE_FILE_COLUMNS).where('store_id', '=', storeId).where('product_id', 'is not', null).execute(),

    /** Every product of the store, with its variants, stock, SKUs and images (ON DELETE CASCADE). */
    deleteProductsOf: (storeId: string) => db.deleteFrom('products').where('store_id', '=', storeId).execute(),

    insertProduct: (row: {
      id: string;
      store_id: string;
      title: string;
      slug: string;
      description: string;
      price_cents: number;
      sku: string;
      category_id: string | null;
      status: 'draft' | 'active' | 'archived';
      image_urls: string;
      created_at: string;
      updated_at: string;
    }) => db.insertInto('products').values(row).execute(),

    insertImages: (rows: ImageRow[]) => db.insertInto('product_images').values(rows).execute(),

    insertVariant: (row: {
      id: string;
      store_id: string;
      product_id: string;
      label: string;
      sku: string;
      price_delta_cents: number;
      attributes: string;
      image_url: null;
      created_at: string;
    }) => db.insertInto('product_variants').values(row).execute(),
  };
}

export type SampleDataRepo = ReturnType<typeof sampleDataRepo>;
