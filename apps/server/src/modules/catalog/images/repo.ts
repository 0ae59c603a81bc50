import type { Insertable } from 'kysely';
import type { Db } from '../../../db/index.js';
import type { ProductImagesTable } from '../../../db/schema.js';
import { IMAGE_FILE_COLUMNS } from './files.js';

/** A new product_images row, every column given; staged rows have no product and no variant. */
export type ImageRow = Required<Insertable<ProductImagesTable>>;

/**
 * The only SQL of product pictures: the product_images rows, and the picture URLs that products
 * (`image_urls`) and variants (`image_url`) keep beside them. Inside a transaction build it with the transaction.
 */
export function imagesRepo(db: Db) {
  return {
    async stagedCount(storeId: string): Promise<number> {
      const row = await db
        .selectFrom('product_images')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('product_id', 'is', null)
        .where('variant_id', 'is', null)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    insert: (rows: ImageRow[]) => db.insertInto('product_images').values(rows).execute(),

    /** Staged images created before `cutoff`, at most `limit`, with their file columns. */
    stagedBefore: (storeId: string, cutoff: string, limit: number) =>
      db
        .selectFrom('product_images')
        .select(['id', ...IMAGE_FILE_COLUMNS])
        .where('store_id', '=', storeId)
        .where('product_id', 'is', null)
        .where('variant_id', 'is', null)
        .where('created_at', '<', cutoff)
        .limit(limit)
        .execute(),

    /** Deletes these ids while still staged (one a save took meanwhile stays). */
    deleteStaged: (ids: string[]) => db.deleteFrom('product_images').where('id', 'in', ids).where('product_id', 'is', null).execute(),

    /**
     * Puts a staged image of the store, or one already in this product's gallery, at `position`.
     * Conditional: two saves racing for one staged image cannot both take it. How many rows changed.
     */
    async placeInGallery(storeId: string, productId: string, imageId: string, position: number): Promise<number> {
      const res = await db
        .updateTable('product_images')
        .set({ product_id: productId, position })
        .where('id', '=', imageId)
        .where('store_id', '=', storeId)
        .where('variant_id', 'is', null)
        .where((eb) => eb.or([eb('product_id', 'is', null), eb('product_id', '=', productId)]))
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    urlsOf: (imageIds: string[]) => db.selectFrom('product_images').select(['id', 'url']).where('id', 'in', imageIds).execute(),

    /** The product's gallery images other than `keepIds`, with their file columns. */
    galleryExcept(productId: string, keepIds: string[]) {
      let q = db
        .selectFrom('product_images')
        .select(['id', ...IMAGE_FILE_COLUMNS])
        .where('product_id', '=', productId)
        .where('variant_id', 'is', null);
      if (keepIds.length) q = q.where('id', 'not in', keepIds);
      return q.execute();
    },

    /** The ids of the product's gallery in order, without `imageId`. */
    async galleryIdsWithout(productId: string, imageId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('product_images')
        .select('id')
        .where('product_id', '=', productId)
        .where('variant_id', 'is', null)
        .where('id', '!=', imageId)
        .orderBy('position')
        .execute();
      return rows.map((r) => r.id);
    },

    deleteByIds: (ids: string[]) => db.deleteFrom('product_images').where('id', 'in', ids).execute(),

    setProductImageUrls: (productId: string, urls: string[]) =>
      db
        .updateTable('products')
        .set({ image_urls: JSON.stringify(urls) })
        .where('id', '=', productId)
        .execute(),

    variantImages: (variantId: string) =>
      db
        .selectFrom('product_images')
        .select(['id', ...IMAGE_FILE_COLUMNS])
        .where('variant_id', '=', variantId)
        .execute(),

    /** Attaches a staged image of the store to the variant; how many rows changed. */
    async attachToVariant(storeId: string, productId: string, variantId: string, imageId: string): Promise<number> {
      const res = await db
        .updateTable('product_images')
        .set({ product_id: productId, variant_id: variantId, position: 0 })
        .where('id', '=', imageId)
        .where('store_id', '=', storeId)
        .where('product_id', 'is', null)
        .where('variant_id', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows);
    },

    async urlOf(imageId: string): Promise<string> {
      return (await db.selectFrom('product_images').select('url').where('id', '=', imageId).executeTakeFirstOrThrow()).url;
    },

    setVariantImageUrl: (variantId: string, url: string | null) =>
      db.updateTable('product_variants').set({ image_url: url }).where('id', '=', variantId).execute(),

    byId: (storeId: string, imageId: string) =>
      db.selectFrom('product_images').selectAll().where('id', '=', imageId).where('store_id', '=', storeId).executeTakeFirst(),

    deleteById: (imageId: string) => db.deleteFrom('product_images').where('id', '=', imageId).execute(),
  };
}

export type ImagesRepo = ReturnType<typeof imagesRepo>;
