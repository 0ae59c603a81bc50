import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { LISTING_LIMITS, type ProductSort, type SortDir, type StockFilter, type StorefrontSort } from '@vetrina/shared';
import type { Db, Dialect } from '../../db/index.js';
import { badRequest } from '../../lib/errors.js';
import { containsIgnoreCase } from '../../lib/sql-like.js';
import { searchMatch, searchScore } from '../search/match.js';
import { parseSearchQuery } from '../search/normalise.js';
import { refreshStale } from '../search/repo.js';

/**
 * Which products of one store a list shows, in which order, and how many there are: the one
 * listing engine of the storefront, the suggestions and the dashboard (docs/decisions/search.md).
 * It returns ids only; each caller loads the columns it shows for that one page.
 */
export interface ListingSpec {
  storeId: string;
  status?: 'draft' | 'active' | 'archived';
  categoryId?: string;
  /** Raw text as typed: normalised here, never used as query syntax. */
  search?: string;
  minPriceCents?: number;
  maxPriceCents?: number;
  availableOnly?: boolean;
  /** The dashboard table's stock filter; 'low' compares each unit with `lowStockThreshold`. */
  stock?: StockFilter;
  lowStockThreshold?: number;
  sort: StorefrontSort;
  /** The dashboard table's sorted column: replaces `sort` (page numbers only, no cursor). */
  order?: { key: ProductSort; dir: SortDir };
  page: number;
  pageSize: number;
  cursor?: string;
  /** False: skip the total (suggestions). */
  count?: boolean;
}

export interface ListingPage {
  ids: string[];
  total: number;
  totalCapped: boolean;
  hasMore: boolean;
  nextCursor: string | null;
}

type KeySort = Exclude<StorefrontSort, 'relevance'>;
/**
 * A search reads the matching search rows first and each one's product by id (SQLite takes a
 * CROSS JOIN's left table as the outer loop; PostgreSQL plans it freely): the cost follows the
 * matches, never the store's size. Other lists read the products only; they never name `s`.
 */
const searchRowsOfStore = (db: Db, storeId: string) =>
  db.selectFrom('product_search as s').crossJoin('products as p').whereRef('p.id', '=', 's.product_id').where('p.store_id', '=', storeId);
type FilteredProducts = ReturnType<typeof searchRowsOfStore>;
const productsOfStore = (db: Db, storeId: string) => db.selectFrom('products as p').where('p.store_id', '=', storeId) as unknown as FilteredProducts;
type Key = string | number;
const cursorMsg = 'Pagina non valida';

/** Each order: its key column, direction, and whether the key is text (compared byte-wise). */
const ORDERS: Record<KeySort, { column: string; desc: boolean; text: boolean }> = {
  newest: { column: 'p.created_at', desc: true, text: true },
  'price-asc': { column: 'p.price_from_cents', desc: false, text: false },
  'price-desc': { column: 'p.price_from_cents', desc: true, text: false },
  name: { column: 'p.sort_title', desc: false, text: true },
};

/** The dashboard's columns: each has an index led by the store (migrations 005 and 015). */
const TABLE_COLUMNS: Record<ProductSort, { column: string; text: boolean }> = {
  title: { column: 'p.sort_title', text: true },
  price: { column: 'p.price_cents', text: false },
  stock: { column: 'p.stock_total', text: false },
  status: { column: 'p.status', text: true },
  created: { column: 'p.created_at', text: true },
  updated: { column: 'p.updated_at', text: true },
};
const tableOrder = (o: NonNullable<ListingSpec['order']>) => ({ ...TABLE_COLUMNS[o.key], desc: o.dir === 'desc' });

const encodeCursor = (sort: KeySort, key: Key, id: string) => Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');

function decodeCursor(cursor: string, sort: KeySort): [Key, string] {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(cursorMsg, 'cursor');
  }
  const keyType = ORDERS[sort].text ? 'string' : 'number';
  if (!Array.isArray(v) || v.length !== 3 || v[0] !== sort || typeof v[1] !== keyType || typeof v[2] !== 'string' || v[2].length > 64)
    throw badRequest(cursorMsg, 'cursor');
  return [v[1] as Key, v[2]];
}

export async function productListing(db: Db, dialect: Dialect, spec: ListingSpec): Promise<ListingPage> {
  // Rows written by anyone since the last read get their words and name key first (usually none).
  await refreshStale(db, spec.storeId);
  const text = spec.search?.trim() ?? '';
  const query = text ? parseSearchQuery(text) : null;
  // Only symbols (e.g. '%', '100%' has words): matched literally in title and SKU, never as syntax.
  // NUL cannot travel to PostgreSQL; a query of nothing else finds nothing.
  const literal = text !== '' && !query ? text.replaceAll(String.fromCharCode(0), '') : null;
  // PostgreSQL compares text with the database's locale unless told otherwise; "C" (bytes) is SQLite's order.
  const col = (ref: string, isText: boolean) => (dialect === 'postgres' && isText ? sql`${sql.ref(ref)} collate "C"` : sql.ref(ref));

  let base = query ? searchRowsOfStore(db, spec.storeId).where(searchMatch(dialect, spec.storeId, query)) : productsOfStore(db, spec.storeId);
  if (spec.status) base = base.where('p.status', '=', spec.status);
  if (spec.categoryId) base = base.where('p.category_id', '=', spec.categoryId);
  if (spec.minPriceCents !== undefined) base = base.where('p.price_from_cents', '>=', spec.minPriceCents);
  if (spec.maxPriceCents !== undefined) base = base.where('p.price_from_cents', '<=', spec.maxPriceCents);
  // A unit with qty > reserved (the 'Esaurito' rule), kept per product by triggers (migration 007).
  if (spec.availableOnly || spec.stock === 'in') base = base.where('p.in_stock', '=', 1);
  if (spec.stock === 'out') base = base.where('p.in_stock', '=', 0);
  if (spec.stock === 'low') {
    const threshold = spec.lowStockThreshold ?? 0;
    base = base.where(sql<SqlBool>`exists (select 1 from inventory i where i.product_id = p.id and i.qty - i.reserved <= ${threshold})`);
  }
  if (literal !== null)
    base = literal
      ? base.where((eb) => eb.or([containsIgnoreCase('p.title', literal) as RawBuilder<SqlBool>, containsIgnoreCase('p.sku', literal) as RawBuilder<SqlBool>]))
      : base.where(sql<SqlBool>`1 = 0`);

  const limit = spec.pageSize + 1;
  const offset = (spec.page - 1) * spec.pageSize;

  if (query) {
    // Every match is read anyway to be ordered, so the same pass counts them: the matches (id,
    // sort key or score, computed over the joined row) are materialised once, counted, and the
    // page is taken from them. One query instead of matching twice; cheaper than a window count.
    const sort: KeySort | null = spec.sort === 'relevance' ? null : spec.sort;
    const order = spec.order ? tableOrder(spec.order) : sort ? ORDERS[sort] : null;
    const matches = base.select(['p.id', 'p.created_at', order ? sql<Key>`${sql.ref(order.column)}`.as('k') : searchScore(query).as('k')]);
    const dir = order ? (order.desc ? 'desc' : 'asc') : 'desc';
    // Key sorts: key, id. Relevance: score, newest first, id.
    const terms = order ? [col('m.k', order.text), col('m.id', true)] : [sql.ref('m.k'), col('m.created_at', true), col('m.id', true)];
    const ordered = <Q extends { orderBy: (e: RawBuilder<unknown>, d: 'asc' | 'desc') => Q }>(q: Q) => terms.reduce((acc, t) => acc.orderBy(t, dir), q);
    if (spec.count === false) {
      const rows = await ordered(db.selectFrom(matches.as('m')).select('m.id'))
        .limit(limit)
        .offset(offset)
        .execute();
      return pageOf(
        rows.map((r) => r.id),
        spec,
        null,
        null,
      );
    }
    const counted = db
      .with(
        (cte) => cte('m').materialized(),
        () => matches,
      )
      .selectFrom('m')
      .select((eb) => ['m.id', eb.selectFrom('m').select(eb.fn.countAll<number>().as('n')).as('matches')]);
    const rows = await ordered(counted).limit(limit).offset(offset).execute();
    const cap = LISTING_LIMITS.countCap;
    const n = Number(rows[0]?.matches ?? 0);
    // A page past the end has no row to carry the count: counted apart (page 1 is simply empty).
    const total = rows.length || offset === 0 ? (n > cap ? { n: cap, capped: true } : { n, capped: false }) : await countOf(db, spec, base, true);
    return pageOf(
      rows.map((r) => r.id),
      spec,
      total,
      null,
    );
  }

  const total =
    spec.count === false
      ? null
      : await countOf(
          db,
          spec,
          base,
          Boolean(
            literal !== null || spec.categoryId || spec.minPriceCents !== undefined || spec.maxPriceCents !== undefined || spec.availableOnly || spec.stock,
          ),
        );

  const sort: KeySort = spec.sort === 'relevance' ? 'newest' : spec.sort;
  const order = spec.order ? tableOrder(spec.order) : ORDERS[sort];
  const dir = order.desc ? 'desc' : 'asc';
  let q = base
    .select(['p.id', sql<Key>`${sql.ref(order.column)}`.as('sort_key')])
    .orderBy(col(order.column, order.text), dir)
    .orderBy(col('p.id', true), dir);
  // A cursor (the last row of the previous page) continues with an index seek: the cost of page
  // 400 is that of page 1. Without one (a typed or shared link) the page is counted off the index.
  if (spec.cursor && literal === null && !spec.order) {
    const [key, id] = decodeCursor(spec.cursor, sort);
    const after = sql<SqlBool>`(${col(order.column, order.text)}, ${col('p.id', true)}) ${sql.raw(order.desc ? '<' : '>')} (${key}, ${id})`;
    q = q.where(after);
  } else {
    q = q.offset(offset);
  }
  const rows = await q.limit(limit).execute();
  const shown = rows.slice(0, spec.pageSize);
  const last = shown.at(-1);
  const cursor =
    rows.length > spec.pageSize && last && literal === null && !spec.order
      ? encodeCursor(sort, typeof last.sort_key === 'number' ? last.sort_key : String(last.sort_key), last.id)
      : null;
  return pageOf(
    rows.map((r) => r.id),
    spec,
    total,
    cursor,
  );
}

function pageOf(ids: string[], spec: ListingSpec, total: { n: number; capped: boolean } | null, nextCursor: string | null): ListingPage {
  const hasMore = ids.length > spec.pageSize;
  return { ids: ids.slice(0, spec.pageSize), total: total?.n ?? 0, totalCapped: total?.capped ?? false, hasMore, nextCursor: hasMore ? nextCursor : null };
}

/**
 * The total without scanning the store: per-store counters (kept by triggers) for an unfiltered
 * list, else the matches counted up to the cap ("oltre 1000").
 */
async function countOf(db: Db, spec: ListingSpec, base: FilteredProducts, filtered: boolean): Promise<{ n: number; capped: boolean }> {
  if (!filtered) {
    let q = db
      .selectFrom('store_product_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), sql<number>`0`).as('n'))
      .where('store_id', '=', spec.storeId);
    if (spec.status) q = q.where('status', '=', spec.status);
    const r = await q.executeTakeFirst();
    return { n: Math.max(0, Number(r?.n ?? 0)), capped: false };
  }
  const cap = LISTING_LIMITS.countCap;
  const r = await db
    .selectFrom(
      base
        .select('p.id')
        .limit(cap + 1)
        .as('t'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const n = Number(r?.n ?? 0);
  return n > cap ? { n: cap, capped: true } : { n, capped: false };
}
