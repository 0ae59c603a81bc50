import { z } from 'zod';
import { PRODUCT_STATUSES } from './constants.js';
import { vatCodeSchema } from './vat.js';
import { WITHDRAWAL_EXCLUSIONS } from './returns.js';

/**
 * What the catalogue API answers (request bodies are the schemas in catalog.ts). Plain objects
 * without transforms: the server serialises through them (dropping every property they do not
 * name) and the dashboard parses the same answer again.
 */

const count = z.number().int();

export const productImageSchema = z.object({ id: z.string(), url: z.string(), thumbUrl: z.string() });
export type ProductImage = z.infer<typeof productImageSchema>;

export const categorySummarySchema = z.object({ id: z.string(), name: z.string(), slug: z.string() });
export type CategorySummary = z.infer<typeof categorySummarySchema>;

export const categorySchema = categorySummarySchema.extend({ productCount: count, createdAt: z.string() });
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

export const productListItemSchema = z.object({
  id: z.string(),
  /** Unique in the store: the product's public address /store/{storeSlug}/products/{slug}. */
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  priceCents: count,
  /** 'Prezzo pieno' shown struck beside the price (null: not on sale). */
  compareAtCents: count.nullable(),
  sku: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  category: categorySummarySchema.nullable(),
  cover: productImageSchema.nullable(),
  variantCount: count,
  /** Units on hand across all sellable units (the product's, or its variants'). */
  stock: count,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProductListItem = z.infer<typeof productListItemSchema>;

const pageFields = {
  total: count,
  page: count,
  pageSize: count,
};

/** One page of the dashboard's product list. */
export const productListPageSchema = z.object({
  items: z.array(productListItemSchema),
  /** Exact, or (product searches and filtered lists) exact up to 1000 with `totalCapped` beyond. */
  ...pageFields,
  totalCapped: z.boolean().optional(),
});
export type ProductListPage = z.infer<typeof productListPageSchema>;
/** A page of `T` with the product list's counters (kept for the product queries' signatures). */
export type Paginated<T> = Omit<ProductListPage, 'items'> & { items: T[] };

export const variantSchema = z.object({
  id: z.string(),
  productId: z.string(),
  label: z.string(),
  sku: z.string(),
  priceDeltaCents: count,
  /** The variant's own 'Prezzo pieno' (null: the product's plus the difference, see sale-price.ts). */
  compareAtCents: count.nullable(),
  attributes: z.record(z.string(), z.string()),
  image: productImageSchema.nullable(),
  inventoryId: z.string(),
  stock: count,
  reserved: count,
  createdAt: z.string(),
});
export type Variant = z.infer<typeof variantSchema>;

export const productDetailSchema = productListItemSchema.omit({ cover: true, stock: true }).extend({
  /** The product's own VAT code; null: the store's default applies. */
  vatCode: vatCodeSchema.nullable(),
  /** 'Escluso dal recesso' and why; null: the shopper may withdraw. */
  withdrawalExclusion: z.enum(WITHDRAWAL_EXCLUSIONS).nullable(),
  images: z.array(productImageSchema),
  variants: z.array(variantSchema),
  /** 'Opzioni': the variants are their combinations (empty: variants made one by one, or none). */
  options: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  /** The product's own unit (null when its variants are the sellable units). */
  inventory: z.object({ id: z.string(), stock: count, reserved: count }).nullable(),
  stock: count,
  updatedAt: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;
export const variantListSchema = z.array(variantSchema);

export const inventoryItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  variantId: z.string().nullable(),
  variantLabel: z.string().nullable(),
  sku: z.string(),
  qty: count,
  reserved: count,
  available: count,
  thumbUrl: z.string().nullable(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;

export const inventoryTotalsSchema = z.object({ total: count, reserved: count, available: count });
export type InventoryTotals = z.infer<typeof inventoryTotalsSchema>;

export const inventoryListSchema = z.object({ items: z.array(inventoryItemSchema), ...pageFields, totals: inventoryTotalsSchema });
export type InventoryList = z.infer<typeof inventoryListSchema>;

export const nextSkuSchema = z.object({ sku: z.string() });
export const skuCheckResultSchema = z.object({ sku: z.string(), available: z.boolean() });
export type SkuCheckResult = z.infer<typeof skuCheckResultSchema>;

/** The pictures just uploaded, to attach by saving the product or variant. */
export const uploadedImagesSchema = z.object({ images: z.array(productImageSchema) });

export const sampleDataResultSchema = z.object({ stats: z.object({ categories: count, products: count, variants: count }) });
export type SampleDataResult = z.infer<typeof sampleDataResultSchema>;
