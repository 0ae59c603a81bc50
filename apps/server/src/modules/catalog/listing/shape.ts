import type { ProductSort, StorefrontSort } from '@vetrina/shared';

/**
 * The shapes of the listing engine's queries (./repo.ts compiles one per shape, ./service.ts
 * builds them from a request): orders, the dashboard's columns, what a list depends on.
 */

export type KeySort = Exclude<StorefrontSort, 'relevance'>;
export type Key = string | number;
export interface OrderColumn {
  column: string;
  desc: boolean;
  text: boolean;
}

/** Each order: its key column, direction, and whether the key is text (compared byte-wise). */
export const ORDERS: Record<KeySort, OrderColumn> = {
  newest: { column: 'p.created_at', desc: true, text: true },
  'price-asc': { column: 'p.price_from_cents', desc: false, text: false },
  'price-desc': { column: 'p.price_from_cents', desc: true, text: false },
  name: { column: 'p.sort_title', desc: false, text: true },
};

/** The dashboard's columns: each has an index led by the store (migrations 005 and 015). */
export const TABLE_COLUMNS: Record<ProductSort, { column: string; text: boolean }> = {
  title: { column: 'p.sort_title', text: true },
  price: { column: 'p.price_cents', text: false },
  stock: { column: 'p.stock_total', text: false },
  status: { column: 'p.status', text: true },
  created: { column: 'p.created_at', text: true },
  updated: { column: 'p.updated_at', text: true },
};

/**
 * What a list's SQL depends on, never its values: the listing engine compiles one query per shape
 * (db/prepared.ts) and runs it with each request's values. Building and compiling a query's tree
 * cost as much as running it on SQLite.
 */
export interface Shape {
  /** LIKE patterns of the relevance score (three per word); 0 when not a search. */
  patterns: number;
  search: boolean;
  /** A search answered from its search rows alone (`searchRowsOnly`). */
  rowsOnly: boolean;
  status: boolean;
  category: boolean;
  min: boolean;
  max: boolean;
  /** The price range is compared on the row, not used to pick an index (see `filteredRows`). */
  priceOnOrder: boolean;
  inStock: 0 | 1 | null;
  low: boolean;
  /** The storefront order, or null for relevance or the dashboard's column. */
  sort: KeySort | null;
  order: OrderColumn | null;
  /** 'after': a 'Successiva' cursor (rows after it); 'from': a kept checkpoint (rows from it). */
  seek: 'after' | 'from' | null;
}
export type Values = {
  storeId: string;
  status: string | null;
  categoryId: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  threshold: number | null;
  limit: number;
  offset: number;
  afterKey: string | number | null;
  afterId: string | null;
  match: string | null;
  [pattern: `p${number}`]: string;
};

/** One list's query: its shape and values, and the text of a symbols-only search (matched literally, its SQL built per call). */
export interface ListingQuery {
  shape: Shape;
  values: Values;
  literal: string | null;
}
