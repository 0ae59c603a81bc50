import type { Insertable, Updateable } from 'kysely';
import { CATALOG_LIMITS, type Variant } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { ProductVariantsTable } from '../../../db/schema.js';
import { IMAGE_FILE_COLUMNS } from '../images/files.js';
import { parseJson } from '../json.js';

/** The only SQL of the `product_variants` rows. */
export function variantsRepo(db: Db) {
  return {
    /** The live variants of a product (at most CATALOG_LIMITS.variantsPerProduct) with their stock and image, oldest first. */
    async liveOf(productId: string): Promise<Variant[]> {
      const rows = await db
        .selectFrom('product_variants as v')
        .innerJoin('inventory as i', 'i.variant_id', 'v.id')
        .leftJoin('product_images as img', 'img.variant_id', 'v.id')
        .select([
          'v.id',
          'v.product_id',
          'v.label',
          'v.sku',
          'v.price_delta_cents',
          'v.compare_at_cents',
          'v.attributes',
          'v.created_at',
          'i.id as inventory_id',
          'i.qty',
          'i.reserved',
          'img.id as image_id',
          'img.url as image_url',
          'img.thumb_url as image_thumb',
        ])
        .where('v.product_id', '=', productId)
        .where('v.archived_at', 'is', null)
        .orderBy('v.created_at')
        .orderBy('v.id')
        .limit(CATALOG_LIMITS.variantsPerProduct)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        productId: r.product_id,
        label: r.label,
        sku: r.sku,
        priceDeltaCents: r.price_delta_cents,
        compareAtCents: r.compare_at_cents,
        attributes: parseJson<Record<string, string>>(r.attributes, {}),
        image: r.image_id && r.image_url && r.image_thumb ? { id: r.image_id, url: r.image_url, thumbUrl: r.image_thumb } : null,
        inventoryId: r.inventory_id,
        stock: r.qty,
        reserved: r.reserved,
        createdAt: r.created_at,
      }));
    },

    /** The live variant rows as stored, oldest first (the duplicate copies them). */
    liveRows: (productId: string) =>
      db
        .selectFrom('product_variants')
        .selectAll()
        .where('product_id', '=', productId)
        .where('archived_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    /** The archived variants of a product (kept for their orders). */
    archivedOf: (productId: string) =>
      db.selectFrom('product_variants').select(['id', 'sku', 'attributes']).where('product_id', '=', productId).where('archived_at', 'is not', null).execute(),

    /** A variant of this product of this store (ids of another store or product are not found). */
    ofProduct: (storeId: string, productId: string, variantId: string) =>
      db
        .selectFrom('product_variants')
        .select(['id', 'sku', 'label', 'price_delta_cents', 'compare_at_cents'])
        .where('id', '=', variantId)
        .where('product_id', '=', productId)
        .where('store_id', '=', storeId)
        .executeTakeFirst(),

    async liveCount(productId: string): Promise<number> {
      const count = await db
        .selectFrom('product_variants')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('product_id', '=', productId)
        .where('archived_at', 'is', null)
        .executeTakeFirst();
      return Number(count?.n ?? 0);
    },

    insert: (row: Insertable<ProductVariantsTable>) => db.insertInto('product_variants').values(row).execute(),

    update: (variantId: string, patch: Updateable<ProductVariantsTable>) => db.updateTable('product_variants').set(patch).where('id', '=', variantId).execute(),

    delete: (variantId: string) => db.deleteFrom('product_variants').where('id', '=', variantId).execute(),

    deleteMany: (productId: string, ids: string[]) => db.deleteFrom('product_variants').where('product_id', '=', productId).where('id', 'in', ids).execute(),

    archiveMany: (productId: string, ids: string[], at: string) =>
      db.updateTable('product_variants').set({ archived_at: at }).where('product_id', '=', productId).where('id', 'in', ids).execute(),

    /** The files of the variants' pictures. */
    imageFiles: (variantIds: string[]) => db.selectFrom('product_images').select(IMAGE_FILE_COLUMNS).where('variant_id', 'in', variantIds).execute(),

    /** The variants among `ids` that an order names. */
    async orderedAmong(ids: string[]): Promise<Set<string>> {
      const rows = await db.selectFrom('order_items').select('variant_id').distinct().where('variant_id', 'in', ids).execute();
      return new Set(rows.flatMap((r) => (r.variant_id ? [r.variant_id] : [])));
    },

    /** The variant's stock record, if it has one. */
    unitOf: (variantId: string) => db.selectFrom('inventory').select('id').where('variant_id', '=', variantId).executeTakeFirst(),
  };
}
export type VariantsRepo = ReturnType<typeof variantsRepo>;
