import {
  vatCodeSchema,
  CATALOG_LIMITS,
  catalogMsg,
  type Paginated,
  type ProductDetail,
  type ProductListItem,
  type ProductImage,
  type ProductSort,
  type SortDir,
  type StockFilter,
  type Variant,
} from '@vetrina/shared';
import type { Db, Dialect } from '../../db/index.js';
import { notFound } from '../../lib/errors.js';
import { toProductImage } from './image-files.js';
import { parseJson } from './json.js';
import { productListing } from './product-listing.js';
import { statsRepo } from '../stats/repo.js';

export interface ProductListFilter {
  page: number;
  q: string;
  status?: ProductListItem['status'];
  categoryId?: string;
  sort?: ProductSort;
  dir?: SortDir;
  stock?: StockFilter;
}

/** Products of one store with their category: every query of this module starts here. */
const productsOf = (db: Db, storeId: string) =>
  db.selectFrom('products as p').leftJoin('categories as c', 'c.id', 'p.category_id').where('p.store_id', '=', storeId);

const productColumns = [
  'p.id',
  'p.slug',
  'p.title',
  'p.description',
  'p.price_cents',
  'p.compare_at_cents',
  'p.sku',
  'p.status',
  'p.created_at',
  'p.updated_at',
  'c.id as category_id',
  'c.name as category_name',
  'c.slug as category_slug',
] as const;

/** Covers (position 0 of each gallery) and stock per product, for one page of products at once. */
async function pageExtras(db: Db, productIds: string[]) {
  if (!productIds.length) return { covers: new Map<string, ProductImage>(), units: new Map<string, { variants: number; stock: number }>() };
  const [covers, units] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['id', 'product_id', 'url', 'thumb_url'])
      .where('product_id', 'in', productIds)
      .where('variant_id', 'is', null)
      .where('position', '=', 0)
      .execute(),
    db
      .selectFrom('inventory')
      .select((eb) => ['product_id', eb.fn.count<number>('variant_id').as('variants'), eb.fn.sum<number>('qty').as('stock')])
      .where('product_id', 'in', productIds)
      .groupBy('product_id')
      .execute(),
  ]);
  return {
    covers: new Map(covers.map((c) => [c.product_id ?? '', toProductImage(c)])),
    units: new Map(units.map((u) => [u.product_id, { variants: Number(u.variants), stock: Number(u.stock ?? 0) }])),
  };
}

/**
 * Newest first (spec §7), or by relevance when searching (the store's search index: title, SKU,
 * variants, category, description), or by the table's sorted column. The listing engine picks the
 * page's ids off an index; this loads those 24 rows only.
 */
export async function listProducts(db: Db, dialect: Dialect, storeId: string, f: ProductListFilter): Promise<Paginated<ProductListItem>> {
  const pageSize = CATALOG_LIMITS.productsPageSize;
  const list = await productListing(db, dialect, {
    storeId,
    status: f.status,
    categoryId: f.categoryId,
    search: f.q || undefined,
    stock: f.stock,
    // 'Scorte basse' means what the home's list means: at most the store's threshold available.
    lowStockThreshold: f.stock === 'low' ? await statsRepo.threshold(db, storeId) : undefined,
    sort: f.q ? 'relevance' : 'newest',
    order: f.sort ? { key: f.sort, dir: f.dir ?? 'asc' } : undefined,
    page: f.page,
    pageSize,
  });
  const [rows, { covers, units }] = await Promise.all([
    // By primary key only (the store in the WHERE makes SQLite walk the store's index); checked below.
    list.ids.length
      ? db
          .selectFrom('products as p')
          .leftJoin('categories as c', 'c.id', 'p.category_id')
          .select([...productColumns, 'p.store_id'])
          .where('p.id', 'in', list.ids)
          .execute()
      : Promise.resolve([]),
    pageExtras(db, list.ids),
  ]);
  const byId = new Map(rows.filter((r) => r.store_id === storeId).map((r) => [r.id, r]));
  return {
    items: list.ids.flatMap((id) => {
      const r = byId.get(id);
      const unit = units.get(id);
      return r ? [{ ...baseOf(r), updatedAt: r.updated_at, cover: covers.get(r.id) ?? null, variantCount: unit?.variants ?? 0, stock: unit?.stock ?? 0 }] : [];
    }),
    total: list.total,
    totalCapped: list.totalCapped,
    page: f.page,
    pageSize,
  };
}

type BaseRow = {
  id: string;
  slug: string;
  title: string;
  description: string;
  price_cents: number;
  compare_at_cents: number | null;
  sku: string;
  status: ProductListItem['status'];
  created_at: string;
  category_id: string | null;
  category_name: string | null;
  category_slug: string | null;
};

const baseOf = (r: BaseRow) => ({
  id: r.id,
  slug: r.slug,
  title: r.title,
  description: r.description,
  priceCents: r.price_cents,
  compareAtCents: r.compare_at_cents,
  sku: r.sku,
  status: r.status,
  category: r.category_id ? { id: r.category_id, name: r.category_name ?? '', slug: r.category_slug ?? '' } : null,
  createdAt: r.created_at,
});

/** The variants of a product (at most CATALOG_LIMITS.variantsPerProduct) with their stock and image. */
export async function variantsOf(db: Db, productId: string): Promise<Variant[]> {
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
}

export async function getProduct(db: Db, storeId: string, productId: string): Promise<ProductDetail> {
  const r = await productsOf(db, storeId)
    .select([...productColumns, 'p.vat_code', 'p.variant_options'])
    .where('p.id', '=', productId)
    .executeTakeFirst();
  if (!r) throw notFound(catalogMsg.productNotFound);
  const [images, variants, unit] = await Promise.all([
    db
      .selectFrom('product_images')
      .select(['id', 'url', 'thumb_url'])
      .where('product_id', '=', productId)
      .where('variant_id', 'is', null)
      .orderBy('position')
      .execute(),
    variantsOf(db, productId),
    db.selectFrom('inventory').select(['id', 'qty', 'reserved']).where('product_id', '=', productId).where('variant_id', 'is', null).executeTakeFirst(),
  ]);
  return {
    ...baseOf(r),
    updatedAt: r.updated_at,
    vatCode: vatCodeSchema.safeParse(r.vat_code).data ?? null,
    images: images.map(toProductImage),
    variants,
    options: parseJson<ProductDetail['options']>(r.variant_options, []),
    variantCount: variants.length,
    inventory: unit ? { id: unit.id, stock: unit.qty, reserved: unit.reserved } : null,
    stock: unit ? unit.qty : variants.reduce((sum, v) => sum + v.stock, 0),
  };
}
