import { z } from 'zod';
import type { StoreColors } from './stores.js';

export interface PublicStore {
  id: string;
  name: string;
  slug: string;
  logoUrl: string | null;
  colors: StoreColors;
  theme: { key: string; name: string } | null;
  categories: Array<{ id: string; name: string; slug: string }>;
}

/**
 * One picture at several widths (WebP), for `srcset`/`sizes`. `url` is the largest stored copy;
 * `srcset` lists every copy by width, ascending (empty for pictures stored before derivatives
 * existed). `width`/`height` are those of `url` (null when unknown), so pages reserve the space.
 */
export interface ResponsiveImage {
  url: string;
  width: number | null;
  height: number | null;
  srcset: Array<{ url: string; width: number }>;
}

export interface StorefrontProductCard {
  id: string;
  /** Readable, unique in the store: /store/{storeSlug}/products/{slug}. */
  slug: string;
  title: string;
  /** Lowest price a shopper can pay (base price plus the smallest variant delta). */
  priceCents: number;
  /** True when variants have different prices ("da € …"). */
  priceVaries: boolean;
  thumbUrl: string | null;
  /** The cover picture (null without images). */
  image: ResponsiveImage | null;
  soldOut: boolean;
  category: { name: string; slug: string } | null;
}

export interface StorefrontVariant {
  id: string;
  label: string;
  sku: string;
  priceCents: number;
  priceDeltaCents: number;
  attributes: Record<string, string>;
  imageUrl: string | null;
  available: number;
}

export interface StorefrontProductDetail {
  id: string;
  slug: string;
  title: string;
  description: string;
  sku: string;
  priceCents: number;
  images: Array<ResponsiveImage & { thumbUrl: string }>;
  category: { name: string; slug: string } | null;
  variants: StorefrontVariant[];
  /** Units available when the product has no variants. */
  available: number;
  soldOut: boolean;
  /** Last change of the product (sitemaps' lastmod). */
  updatedAt: string;
}

export const storefrontProductsQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Ricerca troppo lunga').optional(),
  category: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(24),
});
export type StorefrontProductsQuery = z.input<typeof storefrontProductsQuerySchema>;
