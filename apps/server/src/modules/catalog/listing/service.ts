import { LISTING_LIMITS, type ProductSort, type SortDir, type StockFilter, type StorefrontSort } from '@vetrina/shared';
import type { Db, Dialect } from '../../../db/index.js';
import { badRequest } from '../../../lib/errors.js';
import { searchMatchValue, searchScorePatterns } from '../../search/service.js';
import { parseSearchQuery } from '../../search/normalise.js';
import { refreshStale } from '../../search/service.js';
import { listingRepo, type ListingRepo } from './repo.js';
import { ORDERS, TABLE_COLUMNS, type Key, type KeySort, type ListingQuery, type OrderColumn, type Shape, type Values } from './shape.js';

/**
 * Which products of one store a list shows, in which order, and how many there are: the one
 * listing engine of the storefront, the suggestions and the dashboard (docs/decisions/0014-search.md).
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

type Total = { n: number; capped: boolean };
const cursorMsg = 'Pagina non valida';

const tableOrder = (o: NonNullable<ListingSpec['order']>): OrderColumn => ({ ...TABLE_COLUMNS[o.key], desc: o.dir === 'desc' });

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

const capped = (n: number): Total => (n > LISTING_LIMITS.countCap ? { n: LISTING_LIMITS.countCap, capped: true } : { n, capped: false });

/** A list as the engine runs it: its query (shape and values), and the storefront order it follows. */
interface Plan {
  query: ListingQuery;
  /** The storefront order (null: a search by relevance). */
  keySort: KeySort | null;
  order: OrderColumn | null;
}

/** Step 1: the spec read into a query's shape and values (the search text parsed, the filters and order chosen). */
function planListing(dialect: Dialect, spec: ListingSpec): Plan {
  const text = spec.search?.trim() ?? '';
  const parsed = text ? parseSearchQuery(text) : null;
  // Only symbols (e.g. '%', '100%' has words) or only function words ('la '): matched literally in
  // title and SKU, never as syntax.
  // NUL cannot travel to PostgreSQL; a query of nothing else finds nothing.
  const literal = text !== '' && !parsed ? text.replaceAll(String.fromCharCode(0), '') : null;
  const keySort: KeySort | null = spec.sort === 'relevance' ? (parsed ? null : 'newest') : spec.sort;
  const order = spec.order ? tableOrder(spec.order) : keySort ? ORDERS[keySort] : null;
  const byPrice = order?.column === 'p.price_from_cents';
  const patterns = parsed ? searchScorePatterns(dialect, spec.storeId, parsed) : [];
  const stock = spec.availableOnly || spec.stock === 'in' ? 1 : spec.stock === 'out' ? 0 : null;
  const filteredOnProduct =
    Boolean(spec.categoryId) || spec.minPriceCents !== undefined || spec.maxPriceCents !== undefined || stock !== null || spec.stock === 'low';
  const shape: Shape = {
    patterns: patterns.length,
    search: Boolean(parsed),
    rowsOnly: Boolean(parsed) && !order && !filteredOnProduct,
    status: Boolean(spec.status),
    category: Boolean(spec.categoryId),
    min: spec.minPriceCents !== undefined,
    max: spec.maxPriceCents !== undefined,
    priceOnOrder: Boolean(parsed) || !byPrice,
    inStock: stock,
    low: spec.stock === 'low',
    sort: spec.order ? null : keySort,
    order,
    seek: null,
  };
  const values: Values = {
    storeId: spec.storeId,
    status: spec.status ?? null,
    categoryId: spec.categoryId ?? null,
    minPrice: spec.minPriceCents ?? null,
    maxPrice: spec.maxPriceCents ?? null,
    threshold: spec.lowStockThreshold ?? 0,
    limit: spec.pageSize + 1,
    offset: (spec.page - 1) * spec.pageSize,
    afterKey: null,
    afterId: null,
    match: parsed ? searchMatchValue(dialect, spec.storeId, parsed) : null,
    ...Object.fromEntries(patterns.map((p, i) => [`p${i}`, p])),
  };
  return { query: { shape, values, literal }, keySort, order };
}

/**
 * Step 2: rows written by anyone since the last read get their words and name key first (usually
 * none; the catalogue's own writes rebuild them in their transaction). Only a search (the words)
 * and the name order (the key) read what that rebuilds: a search checks in its own statement
 * (`searchListing`), the name order probes first, every other list needs neither. A storefront
 * list keeps, with the store's other entries, that its rows were up to date: the probe then runs
 * once per store and lifetime of its entries, not before every name-ordered page.
 */
async function indexForNameOrder(db: Db, spec: ListingSpec, plan: Plan): Promise<void> {
  if (plan.query.shape.search || (plan.order ?? ORDERS.newest).column !== ORDERS.name.column || spec.kept?.get('indexed', '')) return;
  await refreshStale(db, spec.storeId);
  spec.kept?.set('indexed', '', true);
}

/** Step 3a: a search's page and total; rows written since they were indexed are rebuilt, then the search runs again on them. */
async function searchListing(db: Db, repo: ListingRepo, spec: ListingSpec, plan: Plan): Promise<ListingPage> {
  const counted = spec.count !== false;
  let found = await repo.searchPage(plan.query, counted);
  if (found.stale) {
    await refreshStale(db, spec.storeId);
    found = await repo.searchPage(plan.query, counted);
  }
  return pageOf(found.ids, spec, counted ? capped(found.matches) : null, null);
}

/** Step 3b: a list in key order: its total (kept, counted or from the store's counters) and its page, by cursor, checkpoint or offset. */
async function keyedListing(repo: ListingRepo, spec: ListingSpec, plan: Plan): Promise<ListingPage> {
  const { query } = plan;
  const { shape, values, literal } = query;
  const filtered = literal !== null || shape.category || shape.min || shape.max || shape.inStock !== null || shape.low;
  // What a filter selects, whatever the order and page: the key of its kept total and checkpoints.
  const kept = literal === null && !spec.order ? spec.kept : undefined;
  const selection = JSON.stringify([values.status, values.categoryId, values.minPrice, values.maxPrice, shape.inStock, shape.low ? values.threshold : null]);
  let total: Total | null = null;
  if (spec.count !== false) {
    total =
      kept?.get<Total>('total', selection) ??
      (filtered
        ? capped(await repo.countUpTo(query, LISTING_LIMITS.countCap))
        : { n: Math.max(0, await repo.storeCount(spec.storeId, spec.status)), capped: false });
    kept?.set('total', selection, total);
  }

  const sort: KeySort = plan.keySort ?? 'newest';
  const o = plan.order ?? ORDERS[sort];
  const offset = values.offset;
  // A cursor (the last row of the previous page) continues with an index seek: the cost of page
  // 400 is that of page 1. Without one (a typed or shared link) the page is counted off the index.
  const after = spec.cursor && literal === null && !spec.order ? decodeCursor(spec.cursor, sort) : null;
  // A deep page of a kept list starts at the kept row of the nearest checkpoint before it: a seek
  // and at most CHECKPOINT_ROWS skipped, instead of skipping every row before the page. A checkpoint
  // not kept yet is read once (the one row at its position, skipped to off the index) and kept
  // with the store's other entries.
  const checkpoint = !after && kept && offset >= CHECKPOINT_ROWS ? Math.floor(offset / CHECKPOINT_ROWS) * CHECKPOINT_ROWS : 0;
  let from: [Key, string] | undefined;
  if (checkpoint) {
    const key = `${sort}|${selection}|${checkpoint}`;
    from = kept?.get<[Key, string]>('from', key);
    if (!from) {
      const [row] = await repo.page(query, o, null, { ...values, offset: checkpoint, limit: 1 });
      if (row) kept?.set('from', key, (from = [row.sort_key, row.id]));
    }
  }
  const seek = after ? 'after' : from ? 'from' : null;
  const start = after ?? from;
  const rows = await repo.page(query, o, seek, start ? { ...values, afterKey: start[0], afterId: start[1], offset: from ? offset - checkpoint : 0 } : values);
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

/** Step 4: the page as callers get it (one row more than the page was read, to know whether there is a next). */
function pageOf(ids: string[], spec: ListingSpec, total: Total | null, nextCursor: string | null): ListingPage {
  const hasMore = ids.length > spec.pageSize;
  return { ids: ids.slice(0, spec.pageSize), total: total?.n ?? 0, totalCapped: total?.capped ?? false, hasMore, nextCursor: hasMore ? nextCursor : null };
}

/** One page of a store's products for a list: plan, index what the order needs, read the page, shape it. */
export async function productListing(db: Db, dialect: Dialect, spec: ListingSpec): Promise<ListingPage> {
  const plan = planListing(dialect, spec);
  await indexForNameOrder(db, spec, plan);
  const repo = listingRepo(db, dialect);
  return plan.query.shape.search ? searchListing(db, repo, spec, plan) : keyedListing(repo, spec, plan);
}
