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

export interface StorefrontProductCard {
  id: string;
  title: string;
  /** Lowest price a shopper can pay (base price plus the smallest variant delta). */
  priceCents: number;
  /** True when variants have different prices ("da € …"). */
  priceVaries: boolean;
  thumbUrl: string | null;
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
  title: string;
  description: string;
  priceCents: number;
  images: Array<{ url: string; thumbUrl: string }>;
  category: { name: string; slug: string } | null;
  variants: StorefrontVariant[];
  /** Units available when the product has no variants. */
  available: number;
  soldOut: boolean;
}

export const storefrontProductsQuerySchema = z.strictObject({
  search: z.string().trim().max(100, 'Ricerca troppo lunga').optional(),
  category: z.string().trim().max(120).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(48).default(24),
});
export type StorefrontProductsQuery = z.input<typeof storefrontProductsQuerySchema>;
