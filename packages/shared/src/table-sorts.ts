import { z } from 'zod';
import { ordersQuerySchema } from './orders.js';

/**
 * The dashboard's product and order tables (docs/decisions/0027-back-office-tables.md): the columns
 * the server sorts by and the product list's stock filter. Every value travels in the page's URL
 * and in the list's query string; absent, the lists keep their order (newest first).
 */

export const PRODUCT_SORTS = ['title', 'price', 'stock', 'status', 'created', 'updated'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const ORDER_SORTS = ['number', 'date', 'customer', 'total', 'status', 'payment'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRECTIONS)[number];

/**
 * 'Esaurito': no unit has anything available (the storefront's rule); 'Scorte basse': a unit has
 * at most the store's threshold available (the home's rule, sold-out units included);
 * 'Disponibile': something can be bought.
 */
export const STOCK_FILTERS = ['out', 'low', 'in'] as const;
export type StockFilter = (typeof STOCK_FILTERS)[number];
export const STOCK_FILTER_LABELS: Record<StockFilter, string> = { out: 'Esaurito', low: 'Scorte basse', in: 'Disponibile' };

export const tableMsg = {
  sort: 'Ordinamento non valido',
  dir: 'Direzione di ordinamento non valida: usa asc o desc',
  stock: 'Filtro di magazzino non valido',
} as const;

export const productSortField = z.enum(PRODUCT_SORTS, { error: tableMsg.sort });
export const orderSortField = z.enum(ORDER_SORTS, { error: tableMsg.sort });
export const sortDirField = z.enum(SORT_DIRECTIONS, { error: tableMsg.dir });
export const stockFilterField = z.enum(STOCK_FILTERS, { error: tableMsg.stock });

/**
 * The orders list's query with the table's sort. Kept here rather than in orders.ts, which the
 * storefront's checkout loads: the shop's bundle carries nothing of the dashboard's tables.
 */
export const orderListQuerySchema = ordersQuerySchema.extend({
  /** Absent: newest first. */
  sort: orderSortField.optional(),
  /** Ascending unless told; ignored without `sort`. */
  dir: sortDirField.optional(),
});
export type OrderListFilter = z.output<typeof orderListQuerySchema>;
