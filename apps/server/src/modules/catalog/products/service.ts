import {
  CATALOG_LIMITS,
  catalogMsg,
  vatCodeSchema,
  type Paginated,
  type ProductData,
  type ProductDetail,
  type ProductListItem,
  type ProductSort,
  type SortDir,
  type StockFilter,
} from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import type { AppContext } from '../../../lib/context.js';
import { clock } from '../../../lib/clock.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { newId } from '../../../lib/ids.js';
import { stockUnits, type StockSource } from '../../inventory/service.js';
import { refreshStale } from '../../search/service.js';
import { assertCategoryOf } from '../categories/service.js';
import { keysOf, removeFiles, toProductImage } from '../images/files.js';
import { setProductGallery } from '../images/service.js';
import { parseJson } from '../json.js';
import { productListing } from '../listing/service.js';
import type { CatalogMember } from '../member.js';
import { PriceLog } from '../price-log.js';
import { guardSku, skuRegistry } from '../skus/service.js';
import { writeOptionVariants } from '../variants/options.js';
import { variantsRepo } from '../variants/repo.js';
import { lockProduct, productsRepo } from './repo.js';
import { guardSlug, slugAfterEdit, slugForNewProduct } from './slugs.js';

export interface ProductListFilter {
  page: number;
  q: string;
  status?: ProductListItem['status'];
  categoryId?: string;
  sort?: ProductSort;
  dir?: SortDir;
  stock?: StockFilter;
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

/** A product as the form shows it: its row, gallery, variants and stock. */
export async function getProduct(db: Db, storeId: string, productId: string): Promise<ProductDetail> {
  const repo = productsRepo(db);
  const r = await repo.detail(storeId, productId);
  if (!r) throw notFound(catalogMsg.productNotFound);
  const [images, variants, unit] = await Promise.all([repo.gallery(productId), variantsRepo(db).liveOf(productId), repo.ownUnit(productId)]);
  return {
    ...baseOf(r),
    updatedAt: r.updated_at,
    vatCode: vatCodeSchema.safeParse(r.vat_code).data ?? null,
    withdrawalExclusion: r.withdrawal_exclusion ?? null,
    images: images.map(toProductImage),
    variants,
    options: parseJson<ProductDetail['options']>(r.variant_options, []),
    variantCount: variants.length,
    inventory: unit ? { id: unit.id, stock: unit.qty, reserved: unit.reserved } : null,
    stock: unit ? unit.qty : variants.reduce((sum, v) => sum + v.stock, 0),
  };
}

/**
 * Newest first (spec §7), or by relevance when searching (the store's search index: title, SKU,
 * variants, category, description), or by the table's sorted column. The listing engine picks the
 * page's ids off an index; this loads those 24 rows only.
 */
async function listProducts(ctx: AppContext, storeId: string, f: ProductListFilter): Promise<Paginated<ProductListItem>> {
  const pageSize = CATALOG_LIMITS.productsPageSize;
  const repo = productsRepo(ctx.db);
  const list = await productListing(ctx.db, ctx.dialect, {
    storeId,
    status: f.status,
    categoryId: f.categoryId,
    search: f.q || undefined,
    stock: f.stock,
    // 'Scorte basse' means what the home's list means: at most the store's threshold available.
    lowStockThreshold: f.stock === 'low' ? await repo.lowStockThreshold(storeId) : undefined,
    sort: f.q ? 'relevance' : 'newest',
    order: f.sort ? { key: f.sort, dir: f.dir ?? 'asc' } : undefined,
    page: f.page,
    pageSize,
  });
  const [rows, covers, units] = await Promise.all([repo.listRows(list.ids), repo.covers(list.ids), repo.unitTotals(list.ids)]);
  // Rows are read by id only: the store is checked here.
  const byId = new Map(rows.filter((r) => r.store_id === storeId).map((r) => [r.id, r]));
  const coverOf = new Map(covers.map((c) => [c.product_id ?? '', toProductImage(c)]));
  const unitOf = new Map(units.map((u) => [u.product_id, { variants: Number(u.variants), stock: Number(u.stock ?? 0) }]));
  return {
    items: list.ids.flatMap((id) => {
      const r = byId.get(id);
      const unit = unitOf.get(id);
      return r ? [{ ...baseOf(r), updatedAt: r.updated_at, cover: coverOf.get(r.id) ?? null, variantCount: unit?.variants ?? 0, stock: unit?.stock ?? 0 }] : [];
    }),
    total: list.total,
    totalCapped: list.totalCapped,
    page: f.page,
    pageSize,
  };
}

/**
 * A product update's writes and rules in the caller's transaction (the CSV import runs many in
 * one); the category must already be the store's. `source`: why its stock changes (form or import);
 * `prices` collects its price changes for 'Registro attività'. Returns the keys of images to delete after commit.
 */
export async function writeProductUpdate(
  trx: Db,
  storeId: string,
  productId: string,
  data: ProductData,
  source: StockSource,
  prices?: PriceLog,
): Promise<string[]> {
  const repo = productsRepo(trx);
  const current = await lockProduct(trx, storeId, productId);
  const delta = await repo.lowestVariantDelta(productId);
  if (delta !== null && data.priceCents + delta < 0) throw badRequest(catalogMsg.productPriceBelowVariant, 'price');
  if (delta !== null && (await repo.variantCompareAtReached(productId, data.priceCents))) throw badRequest(catalogMsg.priceAboveVariantCompareAt, 'price');
  const slug = await slugAfterEdit(trx, storeId, productId, current.slug, data.slug);
  await repo.update(productId, {
    title: data.title,
    slug,
    description: data.description,
    price_cents: data.priceCents,
    compare_at_cents: data.compareAtCents,
    ...(data.vatCode !== undefined ? { vat_code: data.vatCode } : {}),
    ...(data.withdrawalExclusion !== undefined ? { withdrawal_exclusion: data.withdrawalExclusion } : {}),
    sku: data.sku,
    category_id: data.categoryId,
    status: data.status,
  });
  prices?.product({ id: productId, title: data.title }, current, { price_cents: data.priceCents, compare_at_cents: data.compareAtCents });
  if (data.sku !== current.sku) await skuRegistry.rename(trx, storeId, data.sku, { productId, variantId: null });
  if (delta === null) {
    const unit = await stockUnits.productUnit(trx, productId);
    if (unit) await stockUnits.setQty(trx, storeId, unit.id, data.stock, source);
    else await stockUnits.create(trx, { storeId, productId, variantId: null, qty: data.stock }, source);
  }
  const { removedKeys } = await setProductGallery(trx, storeId, productId, data.imageIds);
  return removedKeys;
}

/**
 * A product deletion's rows in the caller's transaction (a bulk delete runs many in one); 404 if
 * not this store's. Returns the keys of its image files, to delete after commit.
 */
export async function writeProductDelete(trx: Db, storeId: string, productId: string): Promise<string[]> {
  const repo = productsRepo(trx);
  await lockProduct(trx, storeId, productId);
  const images = await repo.imageFiles(productId);
  await repo.delete(storeId, productId);
  return keysOf(images);
}

/** The products of the store: the dashboard's list, the form's detail, create, edit and delete. */
export function productsService(ctx: AppContext) {
  return {
    list: (member: Pick<CatalogMember, 'storeId'>, f: ProductListFilter) => listProducts(ctx, member.storeId, f),

    get: (member: Pick<CatalogMember, 'storeId'>, productId: string) => getProduct(ctx.db, member.storeId, productId),

    /** The member creating it is named in the stock history. */
    async create(member: CatalogMember, data: ProductData): Promise<ProductDetail> {
      const { storeId } = member;
      if (data.categoryId) await assertCategoryOf(ctx.db, storeId, data.categoryId);
      const id = newId();
      const now = clock.iso();
      const created = { reason: 'created', actorId: member.user?.id ?? null } as const;
      const write = () =>
        ctx.db.transaction().execute(async (trx) => {
          const slug = await slugForNewProduct(trx, storeId, data.title, data.slug);
          await productsRepo(trx).insert({
            id,
            store_id: storeId,
            title: data.title,
            slug,
            description: data.description,
            price_cents: data.priceCents,
            compare_at_cents: data.compareAtCents,
            vat_code: data.vatCode ?? null,
            withdrawal_exclusion: data.withdrawalExclusion ?? null,
            sku: data.sku,
            category_id: data.categoryId,
            status: data.status,
            image_urls: '[]',
            created_at: now,
            updated_at: now,
          });
          await skuRegistry.add(trx, storeId, data.sku, { productId: id, variantId: null });
          await stockUnits.create(trx, { storeId, productId: id, variantId: null, qty: data.stock }, created);
          await setProductGallery(trx, storeId, id, data.imageIds);
          const keys = await writeOptionVariants(trx, storeId, id, { productSku: data.sku, options: data.options, rows: data.variants }, created);
          // Searchable from the commit on (the triggers marked it; its words are written here).
          await refreshStale(trx, storeId);
          return keys;
        });
      const removedKeys = await guardSku(() => guardSlug(write, { derived: !data.slug }));
      await removeFiles(ctx, removedKeys);
      return getProduct(ctx.db, storeId, id);
    },

    /**
     * With variants the product's own stock is not used (spec §4: disabled, saved as 0): the variants hold it.
     * The slug stays when the title changes (shared links keep working) unless the merchant sends a new one.
     */
    async update(member: CatalogMember, productId: string, data: ProductData): Promise<ProductDetail> {
      const { storeId } = member;
      if (data.categoryId) await assertCategoryOf(ctx.db, storeId, data.categoryId);
      const write = () =>
        ctx.db.transaction().execute(async (trx) => {
          const source = { reason: 'manual', actorId: member.user?.id ?? null } as const;
          const prices = new PriceLog();
          const removedKeys = await writeProductUpdate(trx, storeId, productId, data, source, prices);
          removedKeys.push(
            ...(await writeOptionVariants(trx, storeId, productId, { productSku: data.sku, options: data.options, rows: data.variants }, source, prices)),
          );
          await prices.record(trx, member);
          await refreshStale(trx, storeId);
          return removedKeys;
        });
      const removedKeys = await guardSku(() => guardSlug(write, { derived: false }));
      await removeFiles(ctx, removedKeys);
      return getProduct(ctx.db, storeId, productId);
    },

    /** Deletes the product with its variants, stock records, SKUs and images (rows, then files). */
    async delete(member: Pick<CatalogMember, 'storeId'>, productId: string): Promise<void> {
      const keys = await ctx.db.transaction().execute((trx) => writeProductDelete(trx, member.storeId, productId));
      await removeFiles(ctx, keys);
    },
  };
}
export type ProductsService = ReturnType<typeof productsService>;
