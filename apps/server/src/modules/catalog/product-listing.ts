import { sql, type Compilable, type RawBuilder, type SqlBool } from 'kysely';
import { LISTING_LIMITS, type ProductSort, type SortDir, type StockFilter, type StorefrontSort } from '@vetrina/shared';
import type { Db, Dialect } from '../../db/index.js';
import { prepared } from '../../db/prepared.js';
import { readsOf } from '../../db/sqlite-workers.js';
import type { Database } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { containsIgnoreCase } from '../../lib/sql-like.js';
import { searchMatch, searchMatchValue, searchScore, searchScorePatterns } from '../search/match.js';
import { parseSearchQuery } from '../search/normalise.js';
import { refreshStale } from '../search/repo.js';
import { availableUnitsSql } from '../inventory/repo.js';

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
  /**
   * Where a list may keep what it computed for this store until the store changes (the
   * storefront's list cache): filtered totals, where deep pages start, and that its search rows
   * were up to date. Lists with none compute all of them.
   */
  kept?: ListingMemo;
}

/** A store's kept entries (storefront/list-cache.ts), as the listing engine uses them. */
export interface ListingMemo {
  get<V>(kind: ListingMemoKind, key: string): V | undefined;
  set(kind: ListingMemoKind, key: string, value: unknown): void;
}
type ListingMemoKind = 'total' | 'from' | 'indexed';

/** Deep pages of a kept list start from the nearest multiple of this many rows whose row is kept. */
const CHECKPOINT_ROWS = 250;

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
const searchRowsOfStore = (db: Db, storeId: string, rowOnly = false) =>
  db
    .selectFrom('product_search as s')
    .crossJoin('products as p')
    .whereRef('p.id', '=', 's.product_id')
    .where(rowOnly ? onRow('p.store_id') : sql.ref('p.store_id'), '=', storeId);
/**
 * A column compared on the row only, never used to pick an index (SQLite's unary `+`): a search
 * reaches each match's product by its primary key. Given the store and status as an index, SQLite
 * preferred the (store, status, id) listing index, a slower seek per match (−25 % to −60 % a search).
 */
const onRow = (column: string) => sql`+${sql.ref(column)}`;
type FilteredProducts = ReturnType<typeof searchRowsOfStore>;
/**
 * A search with no filter but the status, in order of relevance, reads its search rows only: they
 * carry the product's status and creation time (migration 022), so no match reaches its product.
 */
const searchRowsOnly = (db: Db) => db.selectFrom('product_search as s');
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

/**
 * What a list's SQL depends on, never its values: the listing engine compiles one query per shape
 * (db/prepared.ts) and runs it with each request's values. Building and compiling a query's tree
 * cost as much as running it on SQLite.
 */
interface Shape {
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
  order: { column: string; desc: boolean; text: boolean } | null;
  /** 'after': a 'Successiva' cursor (rows after it); 'from': a kept checkpoint (rows from it). */
  seek: 'after' | 'from' | null;
}
type Values = {
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

const compiledShapes = new Map<string, ReturnType<typeof prepared<Database, Values, Record<string, unknown>>>>();
/** The compiled query of one shape and part of a list (built on first use; a few dozen in practice). */
function shaped(part: string, dialect: Dialect, shape: Shape, build: (db: Db, a: Values) => Compilable<unknown>) {
  // The dialect too: a build writes SQL for the engine it was first given (e.g. unary `+` on SQLite).
  const key = `${part}|${dialect}|${JSON.stringify(shape)}`;
  let q = compiledShapes.get(key);
  if (!q) {
    if (compiledShapes.size >= 1000) compiledShapes.clear();
    q = prepared(build as (db: Db, a: Values) => Compilable<Record<string, unknown>>);
    compiledShapes.set(key, q);
  }
  return q;
}

/** The matching rows of a shape, filtered (no select, no order yet). */
function filteredRows(db: Db, dialect: Dialect, shape: Shape, a: Values, literal: string | null): FilteredProducts {
  // PostgreSQL has no unary `+` for text (and plans the join by itself).
  const rowOnly = shape.search && dialect === 'sqlite';
  let base = shape.search
    ? searchRowsOfStore(db, a.storeId, rowOnly).where(searchMatch(dialect, a.storeId, a.match as string))
    : productsOfStore(db, a.storeId);
  if (shape.status) base = base.where(rowOnly ? onRow('p.status') : sql.ref('p.status'), '=', a.status as 'active');
  if (shape.category) base = base.where(rowOnly ? onRow('p.category_id') : sql.ref('p.category_id'), '=', a.categoryId);
  // A price range on a list in another order is checked on the order's own index (SQLite reads its
  // entries in order and stops at the page) instead of seeking the price index and sorting every
  // product in the range: that plan cost 2.5–5 ms a page against 0.1–0.6 ms (docs/decisions/search.md).
  // PostgreSQL's generic plan of a named statement (db/pg-statements.ts) cannot see how wide the
  // range is and chose the price index too (5.7 ms against 0.2 ms): `+ 0` keeps it off that index.
  const price = !shape.priceOnOrder
    ? sql.ref('p.price_from_cents')
    : dialect === 'sqlite'
      ? onRow('p.price_from_cents')
      : sql`(${sql.ref('p.price_from_cents')} + 0)`;
  if (shape.min) base = base.where(price, '>=', a.minPrice as number);
  if (shape.max) base = base.where(price, '<=', a.maxPrice as number);
  // A unit with qty > reserved (the 'Esaurito' rule), kept per product by triggers (migration 007).
  if (shape.inStock !== null) base = base.where('p.in_stock', '=', shape.inStock);
  if (shape.low) base = base.where(sql<SqlBool>`exists (select 1 from inventory i where i.product_id = p.id and ${availableUnitsSql('i')} <= ${a.threshold})`);
  if (literal !== null)
    base = literal
      ? base.where((eb) => eb.or([containsIgnoreCase('p.title', literal) as RawBuilder<SqlBool>, containsIgnoreCase('p.sku', literal) as RawBuilder<SqlBool>]))
      : base.where(sql<SqlBool>`1 = 0`);
  return base;
}

/**
 * Whether the store has search rows written since they were last indexed (an exists probe of the
 * stale-rows index), as a column of a search: the check travels with the search itself.
 */
const staleColumn = (d: Db, storeId: string) =>
  sql<number>`exists ${d
    .selectFrom('product_search as z')
    .select(sql`1`.as('one'))
    .where('z.store_id', '=', storeId)
    .where(sql<SqlBool>`z.version > z.indexed_version`)}`.as('stale');

export async function productListing(db: Db, dialect: Dialect, spec: ListingSpec): Promise<ListingPage> {
  const text = spec.search?.trim() ?? '';
  const query = text ? parseSearchQuery(text) : null;
  // Only symbols (e.g. '%', '100%' has words) or only function words ('la '): matched literally in
  // title and SKU, never as syntax.
  // NUL cannot travel to PostgreSQL; a query of nothing else finds nothing.
  const literal = text !== '' && !query ? text.replaceAll(String.fromCharCode(0), '') : null;
  // PostgreSQL compares text with the database's locale unless told otherwise; "C" (bytes) is SQLite's order.
  const col = (ref: string, isText: boolean) => (dialect === 'postgres' && isText ? sql`${sql.ref(ref)} collate "C"` : sql.ref(ref));

  const keySort: KeySort | null = spec.sort === 'relevance' ? (query ? null : 'newest') : spec.sort;
  const order = spec.order ? tableOrder(spec.order) : keySort ? ORDERS[keySort] : null;
  // Rows written by anyone since the last read get their words and name key first (usually none;
  // the catalogue's own writes rebuild them in their transaction). Only a search (the words) and
  // the name order (the key) read what that rebuilds: a search checks in its own statement (below),
  // the name order probes first, every other list needs neither.
  // A storefront list keeps, with the store's other entries, that its rows were up to date: the
  // probe then runs once per store and lifetime of its entries, not before every name-ordered page.
  if (!query && (order ?? ORDERS.newest).column === ORDERS.name.column && !spec.kept?.get('indexed', '')) {
    await refreshStale(db, spec.storeId);
    spec.kept?.set('indexed', '', true);
  }
  const byPrice = order?.column === 'p.price_from_cents';
  const patterns = query ? searchScorePatterns(dialect, spec.storeId, query) : [];
  const stock = spec.availableOnly || spec.stock === 'in' ? 1 : spec.stock === 'out' ? 0 : null;
  const filteredOnProduct =
    Boolean(spec.categoryId) || spec.minPriceCents !== undefined || spec.maxPriceCents !== undefined || stock !== null || spec.stock === 'low';
  const shape: Shape = {
    patterns: patterns.length,
    search: Boolean(query),
    rowsOnly: Boolean(query) && !order && !filteredOnProduct,
    status: Boolean(spec.status),
    category: Boolean(spec.categoryId),
    min: spec.minPriceCents !== undefined,
    max: spec.maxPriceCents !== undefined,
    priceOnOrder: Boolean(query) || !byPrice,
    inStock: stock,
    low: spec.stock === 'low',
    sort: spec.order ? null : keySort,
    order,
    seek: null,
  };
  const limit = spec.pageSize + 1;
  const offset = (spec.page - 1) * spec.pageSize;
  const values: Values = {
    storeId: spec.storeId,
    status: spec.status ?? null,
    categoryId: spec.categoryId ?? null,
    minPrice: spec.minPriceCents ?? null,
    maxPrice: spec.maxPriceCents ?? null,
    threshold: spec.lowStockThreshold ?? 0,
    limit,
    offset,
    afterKey: null,
    afterId: null,
    match: query ? searchMatchValue(dialect, spec.storeId, query) : null,
    ...Object.fromEntries(patterns.map((p, i) => [`p${i}`, p])),
  };
  // A literal search (symbols only) is rare: its query is built per call, its pattern in the SQL.
  // Every query of a list only reads: on SQLite it runs on a read worker (db/sqlite-workers.ts).
  const read = readsOf(db);
  const run = async <R>(part: string, build: (db: Db, a: Values) => Compilable<R>, given: Values = values, as: Shape = shape): Promise<R[]> =>
    literal !== null
      ? read(build(db, given).compile())
      : ((await read(shaped(part, dialect, as, build as (db: Db, a: Values) => Compilable<unknown>).compile(db, given))) as R[]);
  const rowsOf = (a: Values, d: Db) => filteredRows(d, dialect, shape, a, literal);

  if (query) {
    // Every match is read anyway to be ordered, so the same pass counts them: the matches (id,
    // sort key or score, computed over the joined row) are materialised once, counted, and the
    // page is taken from them. One query instead of matching twice; cheaper than a window count.
    const dir = order ? (order.desc ? 'desc' : 'asc') : 'desc';
    // Key sorts: key, id. Relevance: score, newest first, id. Over the matches (m) and the page (r).
    const terms = (t: 'm' | 'r') =>
      order ? [col(`${t}.k`, order.text), col(`${t}.id`, true)] : [sql.ref(`${t}.k`), col(`${t}.created_at`, true), col(`${t}.id`, true)];
    const ordered = <Q extends { orderBy: (e: RawBuilder<unknown>, d: 'asc' | 'desc') => Q }>(q: Q, t: 'm' | 'r') =>
      terms(t).reduce((acc, term) => acc.orderBy(term, dir), q);
    const score = (a: Values) =>
      searchScore(
        dialect,
        Array.from({ length: patterns.length }, (_, i) => a[`p${i}`] as string),
      );
    const matchesOf = (d: Db, a: Values) =>
      shape.rowsOnly
        ? (searchRowsOnly(d)
            .where(searchMatch(dialect, a.storeId, a.match as string))
            .$if(shape.status, (q) => q.where('s.status', '=', a.status as string))
            .select(['s.product_id as id', 's.created_at', score(a).as('k')]) as unknown as ReturnType<typeof matchesOfProducts>)
        : matchesOfProducts(d, a);
    const matchesOfProducts = (d: Db, a: Values) =>
      rowsOf(a, d).select(['p.id', 'p.created_at', order ? sql<Key>`${sql.ref(order.column)}`.as('k') : score(a).as('k')]);
    // The page of matches beside the stale-rows probe and the count, in one statement that always
    // answers a row (its id null when the page is empty): a search that finds nothing, or a page
    // past the end, learns there whether rows wait to be indexed and how many match, with no
    // statement of its own (on PostgreSQL each is a round trip: ~40 % of the bench's searches find
    // nothing). The matches are read once to rank, count and page them.
    const search = () =>
      run(spec.count === false ? 'search-page' : 'search-counted', (d, a) =>
        ordered(
          d
            .with(
              (cte) => (spec.count === false ? cte('m') : cte('m').materialized()),
              () => matchesOf(d, a),
            )
            .selectFrom(d.selectNoFrom(staleColumn(d, a.storeId)).as('s'))
            .leftJoin(
              (eb) =>
                ordered(eb.selectFrom('m').select(['m.id', 'm.k', 'm.created_at']), 'm')
                  .limit(a.limit)
                  .offset(a.offset)
                  .as('r'),
              (join) => join.onTrue(),
            )
            .select((eb) => [
              'r.id',
              spec.count === false ? sql<null>`null`.as('matches') : eb.selectFrom('m').select(eb.fn.countAll<number>().as('n')).as('matches'),
              's.stale',
            ]),
          'r',
        ),
      );
    let found = await search();
    // Rows written since they were indexed: rebuilt, then the search runs again on them.
    if (Number(found[0]?.stale ?? 0)) {
      await refreshStale(db, spec.storeId);
      found = await search();
    }
    const rows = found.filter((r): r is typeof r & { id: string } => r.id !== null);
    if (spec.count === false)
      return pageOf(
        rows.map((r) => r.id),
        spec,
        null,
        null,
      );
    const cap = LISTING_LIMITS.countCap;
    const n = Number(found[0]?.matches ?? 0);
    const total = n > cap ? { n: cap, capped: true } : { n, capped: false };
    return pageOf(
      rows.map((r) => r.id),
      spec,
      total,
      null,
    );
  }

  const filtered = literal !== null || shape.category || shape.min || shape.max || shape.inStock !== null || shape.low;
  // What a filter selects, whatever the order and page: the key of its kept total and checkpoints.
  const kept = literal === null && !spec.order ? spec.kept : undefined;
  const selection = JSON.stringify([values.status, values.categoryId, values.minPrice, values.maxPrice, shape.inStock, shape.low ? values.threshold : null]);
  let total: { n: number; capped: boolean } | null = null;
  if (spec.count !== false) {
    total = kept?.get<{ n: number; capped: boolean }>('total', selection) ?? (filtered ? await cappedCount(run, rowsOf) : await storeCount(db, spec));
    kept?.set('total', selection, total);
  }

  const sort: KeySort = keySort ?? 'newest';
  const o = order ?? ORDERS[sort];
  const dir = o.desc ? 'desc' : 'asc';
  // A cursor (the last row of the previous page) continues with an index seek: the cost of page
  // 400 is that of page 1. Without one (a typed or shared link) the page is counted off the index.
  const after = spec.cursor && literal === null && !spec.order ? decodeCursor(spec.cursor, sort) : null;
  // A deep page of a kept list starts at the kept row of the nearest checkpoint before it: a seek
  // and at most CHECKPOINT_ROWS skipped, instead of skipping every row before the page. A checkpoint
  // not kept yet is read once (the one row at its position, skipped to off the index) and kept
  // with the store's other entries.
  const checkpoint = !after && kept && offset >= CHECKPOINT_ROWS ? Math.floor(offset / CHECKPOINT_ROWS) * CHECKPOINT_ROWS : 0;
  const pageQuery = (seek: Shape['seek']) => (d: Db, a: Values) => {
    let q = rowsOf(a, d)
      .select(['p.id', sql<Key>`${sql.ref(o.column)}`.as('sort_key')])
      .orderBy(col(o.column, o.text), dir)
      .orderBy(col('p.id', true), dir);
    if (seek) {
      const op = seek === 'after' ? (o.desc ? '<' : '>') : o.desc ? '<=' : '>=';
      q = q.where(sql<SqlBool>`(${col(o.column, o.text)}, ${col('p.id', true)}) ${sql.raw(op)} (${a.afterKey}, ${a.afterId})`);
    }
    return q.offset(a.offset).limit(a.limit);
  };
  let from: [Key, string] | undefined;
  if (checkpoint) {
    const key = `${sort}|${selection}|${checkpoint}`;
    from = kept?.get<[Key, string]>('from', key);
    if (!from) {
      const [row] = await run('page', pageQuery(null), { ...values, offset: checkpoint, limit: 1 });
      if (row) kept?.set('from', key, (from = [row.sort_key, row.id]));
    }
  }
  const seek = after ? 'after' : from ? 'from' : null;
  if (after || from) {
    [values.afterKey, values.afterId] = after ?? from!;
    values.offset = from ? offset - checkpoint : 0;
  }
  const rows = await run('page', pageQuery(seek), values, { ...shape, seek });
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

/** An unfiltered list's total: per-store counters kept by triggers, no counting at all. */
const storeCounts = prepared((db: Db, a: { storeId: string }) =>
  db.selectFrom('store_product_counts').select(['status', 'n']).where('store_id', '=', a.storeId),
);
async function storeCount(db: Db, spec: ListingSpec): Promise<{ n: number; capped: boolean }> {
  const rows = await storeCounts.all(db, { storeId: spec.storeId });
  const n = rows.reduce((sum, r) => sum + (!spec.status || r.status === spec.status ? Number(r.n) : 0), 0);
  return { n: Math.max(0, n), capped: false };
}

/** A filtered list's total: its matches counted up to the cap ("oltre 1000"). */
async function cappedCount(
  run: <R>(part: string, build: (db: Db, a: Values) => Compilable<R>, given?: Values) => Promise<R[]>,
  rowsOf: (a: Values, d: Db) => FilteredProducts,
): Promise<{ n: number; capped: boolean }> {
  const cap = LISTING_LIMITS.countCap;
  const [r] = await run('count', (d, a) =>
    d
      .selectFrom(
        rowsOf(a, d)
          .select('p.id')
          .limit(cap + 1)
          .as('t'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n')),
  );
  const n = Number(r?.n ?? 0);
  return n > cap ? { n: cap, capped: true } : { n, capped: false };
}
