import type { PublicStore, ResponsiveImage, StorefrontProductCard } from '@vetrina/shared';
import type { ProductPage } from '@/features/storefront/api';
import { CARD_SIZES } from '@/features/storefront/components/responsive-img';

/**
 * What each page's head (the `*-head.ts` beside its component) is made of: the meta it describes
 * and the helpers they share. src/ssr/head.ts picks the page's head and writes it as HTML.
 * Server only (not in the browser bundle).
 */
export interface Meta {
  title: string;
  description: string;
  /** Path (and query) of the canonical address; absent for pages that are not indexed. */
  canonical?: string;
  noindex?: boolean;
  type?: 'website' | 'product';
  image?: string | null;
  siteName: string;
  product?: { amount: number; available: boolean };
  /** The page's largest picture, fetched with high priority before the stylesheet is parsed. */
  preload?: { image: ResponsiveImage; sizes: string } | null;
  /** The store theme's font file, preloaded so that the text swaps to it before the first paint or soon after. */
  font?: string;
  jsonLd: object[];
}

export type Described = { status: number; meta: Meta } | { redirect: string };

/** What a store page's head reads: the store (loaded), its address and the page's data. */
export interface StorePageHead {
  store: PublicStore;
  slug: string;
  /** The store's home path. */
  home: string;
  url: URL;
  params: Record<string, string>;
  abs: (path: string) => string;
  /** Meta every store page has: the store's name, logo and theme font. */
  base: Pick<Meta, 'siteName' | 'image' | 'font'>;
  /** The store's OnlineStore JSON-LD. */
  storeLd: object;
  crumbs: (items: Array<{ name: string; path: string }>) => object;
  itemList: (items: StorefrontProductCard[]) => object;
  /** A product list the page's loader fetched. */
  list: (key: string) => ProductPage | undefined;
  /** Any data the page's loaders fetched, or the status of their failure. */
  read: <T>(key: string) => { data?: T; status?: number };
}
export type StoreHead = (page: StorePageHead) => Described;

/** A description of at most 160 characters, cut at a word, on one line. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

export const euros = (cents: number) => (cents / 100).toFixed(2);
export const largest = (img: ResponsiveImage | null | undefined) => (img ? img.url : null);
/** The first card's picture: the largest paint of a listing on a phone. */
export const firstCard = (items: StorefrontProductCard[] | undefined) => {
  const image = items?.[0]?.image;
  return image ? { image, sizes: CARD_SIZES } : null;
};
