import type { ProductStatus } from './constants.js';

/** What the catalogue API answers (request bodies are the schemas in catalog.ts). */


export interface Paginated<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
export interface ProductImage {
  id: string;
  url: string;
  thumbUrl: string;
}
export interface CategorySummary {
  id: string;
  name: string;
  slug: string;
}
export interface Category extends CategorySummary {
  productCount: number;
  createdAt: string;
}
export interface ProductListItem {
  id: string;
  /** Unique in the store: the product's public address /store/{storeSlug}/products/{slug}. */
  slug: string;
  title: string;
  description: string;
  priceCents: number;
  sku: string;
  status: ProductStatus;
  category: CategorySummary | null;
  cover: ProductImage | null;
  variantCount: number;
  /** Units on hand across all sellable units (the product's, or its variants'). */
  stock: number;
  createdAt: string;
}
export interface Variant {
  id: string;
  productId: string;
  label: string;
  sku: string;
  priceDeltaCents: number;
  attributes: Record<string, string>;
  image: ProductImage | null;
  inventoryId: string;
  stock: number;
  reserved: number;
  createdAt: string;
}
export interface ProductDetail extends Omit<ProductListItem, 'cover' | 'stock'> {
  images: ProductImage[];
  variants: Variant[];
  /** The product's own unit (null when its variants are the sellable units). */
  inventory: { id: string; stock: number; reserved: number } | null;
  stock: number;
  updatedAt: string;
}
export interface InventoryItem {
  id: string;
  productId: string;
  productTitle: string;
  variantId: string | null;
  variantLabel: string | null;
  sku: string;
  qty: number;
  reserved: number;
  available: number;
  thumbUrl: string | null;
}
export interface InventoryTotals {
  total: number;
  reserved: number;
  available: number;
}
export interface InventoryList extends Paginated<InventoryItem> {
  totals: InventoryTotals;
}
export interface SkuCheckResult {
  sku: string;
  available: boolean;
}
export interface SampleDataResult {
  stats: { categories: number; products: number; variants: number };
}
