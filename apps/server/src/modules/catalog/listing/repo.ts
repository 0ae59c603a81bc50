import { sql, type Compilable, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../../db/index.js';
import { prepared } from '../../../db/prepared.js';
import type { Database } from '../../../db/schema.js';
import { readsOf } from '../../../db/sqlite-workers.js';
import { containsIgnoreCase } from '../../../db/like.js';
import { availableUnitsSql } from '../../inventory/repo.js';
import { searchMatch, searchScore } from '../../search/repo.js';
import type { Key, ListingQuery, OrderColumn, Shape, Values } from './shape.js';

/**
 * The listing engine's SQL (./service.ts holds its steps): which products of one store match a
 * list, in which order, one page of ids at a time. Each list's query is compiled once per shape.
 */

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
  // product in the range: that plan cost 2.5–5 ms a page against 0.1–0.6 ms (docs/decisions/0014-search.md).
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

/** An unfiltered list's total: per-store counters kept by triggers, no counting at all. */
const storeCounts = prepared((db: Db, a: { storeId: string }) =>
  db.selectFrom('store_product_counts').select(['status', 'n']).where('store_id', '=', a.storeId),
);

export function listingRepo(db: Db, dialect: Dialect) {
  // Every query of a list only reads: on SQLite it runs on a read worker (db/sqlite-workers.ts).
  const read = readsOf(db);
  // PostgreSQL compares text with the database's locale unless told otherwise; "C" (bytes) is SQLite's order.
  const col = (ref: string, isText: boolean) => (dialect === 'postgres' && isText ? sql`${sql.ref(ref)} collate "C"` : sql.ref(ref));
  // A literal search (symbols only) is rare: its query is built per call, its pattern in the SQL.
  const run = async <R>(
    q: ListingQuery,
    part: string,
    build: (db: Db, a: Values) => Compilable<R>,
    given: Values = q.values,
    as: Shape = q.shape,
  ): Promise<R[]> =>
    q.literal !== null
      ? read(build(db, given).compile())
      : ((await read(shaped(part, dialect, as, build as (db: Db, a: Values) => Compilable<unknown>).compile(db, given))) as R[]);
  const rowsOf = (q: ListingQuery) => (a: Values, d: Db) => filteredRows(d, dialect, q.shape, a, q.literal);

  return {
    /**
     * A search's page of ids (a page of `values.limit` from `values.offset`), whether the store has
     * search rows waiting to be indexed and, when `counted`, how many products match.
     *
     * Every match is read anyway to be ordered, so the same pass counts them: the matches (id,
     * sort key or score, computed over the joined row) are materialised once, counted, and the
     * page is taken from them. One query instead of matching twice; cheaper than a window count.
     * The page of matches sits beside the stale-rows probe and the count, in one statement that
     * always answers a row (its id null when the page is empty): a search that finds nothing, or a
     * page past the end, learns there whether rows wait to be indexed and how many match, with no
     * statement of its own (on PostgreSQL each is a round trip: ~40 % of the bench's searches find nothing).
     */
    async searchPage(q: ListingQuery, counted: boolean): Promise<{ ids: string[]; stale: boolean; matches: number }> {
      const { shape } = q;
      const order = shape.order;
      const dir = order ? (order.desc ? 'desc' : 'asc') : 'desc';
      // Key sorts: key, id. Relevance: score, newest first, id. Over the matches (m) and the page (r).
      const terms = (t: 'm' | 'r') =>
        order ? [col(`${t}.k`, order.text), col(`${t}.id`, true)] : [sql.ref(`${t}.k`), col(`${t}.created_at`, true), col(`${t}.id`, true)];
      const ordered = <Q extends { orderBy: (e: RawBuilder<unknown>, d: 'asc' | 'desc') => Q }>(qb: Q, t: 'm' | 'r') =>
        terms(t).reduce((acc, term) => acc.orderBy(term, dir), qb);
      const score = (a: Values) =>
        searchScore(
          dialect,
          Array.from({ length: shape.patterns }, (_, i) => a[`p${i}`] as string),
        );
      const matchesOfProducts = (d: Db, a: Values) =>
        rowsOf(q)(a, d).select(['p.id', 'p.created_at', order ? sql<Key>`${sql.ref(order.column)}`.as('k') : score(a).as('k')]);
      const matchesOf = (d: Db, a: Values) =>
        shape.rowsOnly
          ? (searchRowsOnly(d)
              .where(searchMatch(dialect, a.storeId, a.match as string))
              .$if(shape.status, (qb) => qb.where('s.status', '=', a.status as string))
              .select(['s.product_id as id', 's.created_at', score(a).as('k')]) as unknown as ReturnType<typeof matchesOfProducts>)
          : matchesOfProducts(d, a);
      const found = await run(q, counted ? 'search-counted' : 'search-page', (d, a) =>
        ordered(
          d
            .with(
              (cte) => (counted ? cte('m').materialized() : cte('m')),
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
              counted ? eb.selectFrom('m').select(eb.fn.countAll<number>().as('n')).as('matches') : sql<null>`null`.as('matches'),
              's.stale',
            ]),
          'r',
        ),
      );
      return {
        ids: found.flatMap((r) => (r.id !== null ? [r.id] : [])),
        stale: Boolean(Number(found[0]?.stale ?? 0)),
        matches: Number(found[0]?.matches ?? 0),
      };
    },

    /** A page of a list in key order, from `values.offset`; `seek` continues after (or from) the key and id in the values. */
    page(q: ListingQuery, o: OrderColumn, seek: Shape['seek'], values: Values = q.values) {
      const dir = o.desc ? 'desc' : 'asc';
      return run(
        q,
        'page',
        (d, a) => {
          let qb = rowsOf(q)(a, d)
            .select(['p.id', sql<Key>`${sql.ref(o.column)}`.as('sort_key')])
            .orderBy(col(o.column, o.text), dir)
            .orderBy(col('p.id', true), dir);
          if (seek) {
            const op = seek === 'after' ? (o.desc ? '<' : '>') : o.desc ? '<=' : '>=';
            qb = qb.where(sql<SqlBool>`(${col(o.column, o.text)}, ${col('p.id', true)}) ${sql.raw(op)} (${a.afterKey}, ${a.afterId})`);
          }
          return qb.offset(a.offset).limit(a.limit);
        },
        values,
        { ...q.shape, seek },
      );
    },

    /** A filtered list's matches, counted up to `cap + 1`. */
    async countUpTo(q: ListingQuery, cap: number): Promise<number> {
      const [r] = await run(q, 'count', (d, a) =>
        d
          .selectFrom(
            rowsOf(q)(a, d)
              .select('p.id')
              .limit(cap + 1)
              .as('t'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      return Number(r?.n ?? 0);
    },

    /** The store's products with this status (all without one), from the counters. */
    async storeCount(storeId: string, status: string | undefined): Promise<number> {
      const rows = await storeCounts.all(db, { storeId });
      return rows.reduce((sum, r) => sum + (!status || r.status === status ? Number(r.n) : 0), 0);
    },
  };
}
export type ListingRepo = ReturnType<typeof listingRepo>;
