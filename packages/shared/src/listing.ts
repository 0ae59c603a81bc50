/**
 * Product list sorting and limits, as plain values (no zod): the storefront's first-load code
 * imports them from `@vetrina/shared/listing` without the schemas.
 */
import { plural } from './plural.js';

/** Storefront sort orders ('relevance' only with a search; every order ends on the product id). */
export const STOREFRONT_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type StorefrontSort = (typeof STOREFRONT_SORTS)[number];

export const STOREFRONT_SORT_LABELS: Record<StorefrontSort, string> = {
  relevance: 'Pertinenza',
  newest: 'Novità',
  'price-asc': 'Prezzo crescente',
  'price-desc': 'Prezzo decrescente',
  name: 'Nome A-Z',
};

export const LISTING_LIMITS = {
  /** Filtered lists count their matches up to this many; beyond it the total reads "oltre 1000". */
  countCap: 1000,
  /** Products suggested while the shopper types. */
  suggestions: 5,
  /** Longest search text. */
  searchMax: 100,
} as const;

/** "24 prodotti trovati", "Oltre 1000 prodotti trovati" (the count stops at the cap). */
export function foundLabel(total: number, capped = false): string {
  if (capped) return `Oltre ${total} prodotti trovati`;
  return total === 0 ? 'Nessun prodotto trovato' : plural(total, 'prodotto trovato', 'prodotti trovati');
}
