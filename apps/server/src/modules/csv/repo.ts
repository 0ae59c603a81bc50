import { skuKey } from '@vetrina/shared';
import type { Db } from '../../db/index.js';

/** The only SQL of the CSV module: reads of the catalogue and orders (the import's writes are the catalogue's: catalog/import/service.ts). */

const CHUNK = 500;

async function inChunks<T, R>(items: readonly T[], load: (chunk: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(...(await load(items.slice(i, i + CHUNK))));
  return out;
}

export interface ExistingVariant {
  id: string;
  sku: string;
  priceDeltaCents: number;
  compareAtCents: number | null;
  qty: number;
  reserved: number;
  imageId: string | null;
}

export interface ExistingProduct {
  id: string;
  slug: string;
  title: string;
  description: string;
  priceCents: number;
  compareAtCents: number | null;
  sku: string;
  categoryId: string | null;
  status: 'draft' | 'active' | 'archived';
  unit: { qty: number; reserved: number } | null;
  variants: ExistingVariant[];
  galleryIds: string[];
}

export function csvRepo(db: Db) {
  return {
    /** Every product slug of the store (to derive free ones for rows without a handle). */
    async slugs(storeId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('products').select('slug').where('store_id', '=', storeId).execute();
      return new Set(rows.map((r) => r.slug));
    },

    /** The store's products named by these handles, with their units, variants and images. */
    async productsBySlug(storeId: string, slugs: string[]): Promise<Map<string, ExistingProduct>> {
      const products = await inChunks(slugs, (chunk) =>
        db
          .selectFrom('products')
          .select(['id', 'slug', 'title', 'description', 'price_cents', 'compare_at_cents', 'sku', 'category_id', 'status'])
          .where('store_id', '=', storeId)
          .where('slug', 'in', chunk)
          .execute(),
      );
      const ids = products.map((p) => p.id);
      const [units, variants, images] = await Promise.all([
        inChunks(ids, (chunk) => db.selectFrom('inventory').select(['product_id', 'variant_id', 'qty', 'reserved']).where('product_id', 'in', chunk).execute()),
        inChunks(ids, (chunk) =>
          db
            .selectFrom('product_variants')
            .select(['id', 'product_id', 'sku', 'price_delta_cents', 'compare_at_cents'])
            .where('product_id', 'in', chunk)
            .where('archived_at', 'is', null)
            .orderBy('created_at')
            .orderBy('id')
            .execute(),
        ),
        inChunks(ids, (chunk) =>
          db.selectFrom('product_images').select(['id', 'product_id', 'variant_id', 'position']).where('product_id', 'in', chunk).orderBy('position').execute(),
        ),
      ]);
      const unitOf = new Map(units.map((u) => [u.variant_id ?? `p:${u.product_id}`, u]));
      const out = new Map<string, ExistingProduct>();
      for (const p of products) {
        const own = unitOf.get(`p:${p.id}`);
        out.set(p.slug, {
          id: p.id,
          slug: p.slug,
          title: p.title,
          description: p.description,
          priceCents: p.price_cents,
          compareAtCents: p.compare_at_cents,
          sku: p.sku,
          categoryId: p.category_id,
          status: p.status,
          unit: own ? { qty: own.qty, reserved: own.reserved } : null,
          variants: variants
            .filter((v) => v.product_id === p.id)
            .map((v) => ({
              id: v.id,
              sku: v.sku,
              priceDeltaCents: v.price_delta_cents,
              compareAtCents: v.compare_at_cents,
              qty: unitOf.get(v.id)?.qty ?? 0,
              reserved: unitOf.get(v.id)?.reserved ?? 0,
              imageId: images.find((i) => i.variant_id === v.id)?.id ?? null,
            })),
          galleryIds: images.filter((i) => i.product_id === p.id && i.variant_id === null).map((i) => i.id),
        });
      }
      return out;
    },

    /** Who holds each of these SKUs in the store (keys as the registry stores them). */
    async skuOwners(storeId: string, skus: string[]): Promise<Map<string, { productId: string; variantId: string | null }>> {
      const keys = [...new Set(skus.map(skuKey))];
      const rows = await inChunks(keys, (chunk) =>
        db.selectFrom('store_skus').select(['sku', 'product_id', 'variant_id']).where('store_id', '=', storeId).where('sku', 'in', chunk).execute(),
      );
      return new Map(rows.map((r) => [r.sku, { productId: r.product_id, variantId: r.variant_id }]));
    },

    categories(storeId: string) {
      return db.selectFrom('categories').select(['id', 'name', 'slug']).where('store_id', '=', storeId).execute();
    },

    /** Variants' attributes, a page at a time by id (the export counts the option columns it needs). */
    variantAttributesPage(storeId: string, afterId: string | null, limit: number) {
      let q = db.selectFrom('product_variants').select(['id', 'attributes']).where('store_id', '=', storeId).where('archived_at', 'is', null);
      if (afterId) q = q.where('id', '>', afterId);
      return q.orderBy('id').limit(limit).execute();
    },

    /** How many of these ids are the store's products (a selection to export must be all of them). */
    async ownProducts(storeId: string, ids: string[]): Promise<number> {
      const r = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** How many of these ids are the store's orders. */
    async ownOrders(storeId: string, ids: string[]): Promise<number> {
      const r = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('id', 'in', ids)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /**
     * One page of products for the export, oldest first (an import recreates them in this order),
     * after a keyset; only the given ids when a selection is exported.
     */
    exportPage(storeId: string, after: { createdAt: string; id: string } | null, limit: number, ids?: string[]) {
      let q = db
        .selectFrom('products as p')
        .leftJoin('categories as c', 'c.id', 'p.category_id')
        .select([
          'p.id',
          'p.slug',
          'p.title',
          'p.description',
          'p.price_cents',
          'p.compare_at_cents',
          'p.sku',
          'p.status',
          'p.created_at',
          'c.name as category',
        ])
        .where('p.store_id', '=', storeId);
      if (ids) q = q.where('p.id', 'in', ids);
      if (after)
        q = q.where((eb) => eb.or([eb('p.created_at', '>', after.createdAt), eb.and([eb('p.created_at', '=', after.createdAt), eb('p.id', '>', after.id)])]));
      return q.orderBy('p.created_at').orderBy('p.id').limit(limit).execute();
    },

    /** Units, variants and images of one page of products. */
    async exportExtras(productIds: string[]) {
      if (!productIds.length) return { units: [], variants: [], images: [] };
      const [units, variants, images] = await Promise.all([
        db.selectFrom('inventory').select(['product_id', 'variant_id', 'qty']).where('product_id', 'in', productIds).execute(),
        db
          .selectFrom('product_variants')
          .select(['id', 'product_id', 'label', 'sku', 'price_delta_cents', 'compare_at_cents', 'attributes'])
          .where('product_id', 'in', productIds)
          .where('archived_at', 'is', null)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
        db
          .selectFrom('product_images')
          .select(['product_id', 'variant_id', 'url', 'position'])
          .where('product_id', 'in', productIds)
          .orderBy('position')
          .orderBy('id')
          .execute(),
      ]);
      return { units, variants, images };
    },

    /** One page of orders placed in [fromIso, toIso) or among the given ids, oldest first, after a keyset. */
    ordersPage(storeId: string, scope: { fromIso: string; toIso: string } | { ids: string[] }, after: { createdAt: string; id: string } | null, limit: number) {
      let q = db
        .selectFrom('orders')
        .select([
          'id',
          'order_number',
          'created_at',
          'status',
          'payment_method',
          'payment_status',
          'customer_name',
          'customer_email',
          'customer_phone',
          'shipping_street',
          'shipping_postal_code',
          'shipping_city',
          'shipping_province',
          'shipping_country',
          'subtotal_cents',
          'discount_code',
          'discount_cents',
          'shipping_cents',
          'surcharge_cents',
          'total_cents',
        ])
        .where('store_id', '=', storeId);
      q = 'ids' in scope ? q.where('id', 'in', scope.ids) : q.where('created_at', '>=', scope.fromIso).where('created_at', '<', scope.toIso);
      if (after)
        q = q.where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]));
      return q.orderBy('created_at').orderBy('id').limit(limit).execute();
    },

    orderLines(orderIds: string[]) {
      if (!orderIds.length) return Promise.resolve([]);
      return db
        .selectFrom('order_items')
        .select(['order_id', 'title', 'variant_label', 'quantity', 'unit_price_cents', 'total_price_cents'])
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('title')
        .orderBy('id')
        .execute();
    },
  };
}

export type CsvRepo = ReturnType<typeof csvRepo>;
