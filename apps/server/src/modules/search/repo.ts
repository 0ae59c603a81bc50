import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { prepared } from '../../db/prepared.js';
import { withLargeWriteCache } from '../../db/page-cache.js';
import { nextTurn, turns } from '../../lib/limit.js';
import { sortTitle, storeTermText, storeWordPrefix, termText, type SearchQuery } from './normalise.js';

type AnyDb = Kysely<Database>;

/**
 * Products rebuilt per round trip: bounded memory whatever the catalogue's size. 500 products with
 * 2,000-character descriptions held the event loop for 150–250 ms (docs/decisions/0034-csv-import-isolation.md),
 * 100 for about a fifth of that on an idle machine, up to 330 ms on a busy one: within a batch the
 * loop also gets a turn every `TURN_MS`.
 */
const BATCH = 100;
const TURN_MS = 10;

const staleProbe = prepared((db: AnyDb, a: { storeId: string }) =>
  db
    .selectFrom('product_search as s')
    .select('s.product_id')
    .where('s.store_id', '=', a.storeId)
    .where(sql<boolean>`s.version > s.indexed_version`)
    .limit(1),
);

interface StaleRow {
  product_id: string;
  version: number;
  title: string;
  description: string;
  sku: string;
  category_name: string | null;
}

/**
 * How a row holds its words: `marked`, each word behind its store's mark (PostgreSQL, whose tsvector
 * is generated from the row; SQLite before migration 025), or `bare`, the words alone and the mark
 * once in `word_mark` (SQLite, whose FTS5 index puts the mark back: docs/decisions/0014-search.md).
 */
export type WordForm = 'marked' | 'bare';
const wordFormOf = (db: AnyDb): WordForm => (db.getExecutor().adapter instanceof PostgresAdapter ? 'marked' : 'bare');

/** Writes a product's name sort key (products belong to the catalogue), in the rebuild's transaction. */
export type SortTitleWriter = (db: AnyDb, productId: string, sortTitle: string) => Promise<void>;

let sortTitleWriter: SortTitleWriter | null = null;

/**
 * app.ts hands over the catalogue's writer of `products.sort_title` once, at build: the catalogue
 * calls search at run time, so search must not import it back.
 */
export function writeSortTitlesWith(writer: SortTitleWriter): void {
  sortTitleWriter = writer;
}

/**
 * Rebuilds the search rows (and, through the catalogue's writer, the name sort key) of a store's
 * products whose text changed since they were last indexed. Triggers mark them (`version` >
 * `indexed_version`) on every write of a product, its variants or its category, whoever writes
 * (the catalogue, sample data, imports), so nothing is missed; the catalogue calls this inside
 * its write transactions and every search or list calls it first (an indexed probe that finds
 * nothing in the common case).
 *
 * Migrations do not call this (it reads today's schema): they run their own frozen copy
 * (`db/migrations/frozen/search-rows-026.ts`).
 *
 * Safe under concurrency without locks: a row is written only with the version read before its
 * text, and only if no newer version was indexed meanwhile; a write that lands in between leaves
 * the row marked, and the next call rebuilds it.
 */
export async function refreshStale(db: AnyDb, storeId: string, form: WordForm = wordFormOf(db)): Promise<number> {
  // Every list and search starts here: the probe alone, compiled once, in the common case.
  if (!(await staleProbe.first(db, { storeId }))) return 0;
  const writeSortTitle = sortTitleWriter;
  if (!writeSortTitle) throw new Error("search: no writer of products.sort_title (app.ts passes the catalogue's)");
  const first = await rebuildBatch(db, storeId, form, writeSortTitle);
  if (first.read < BATCH || first.written === 0) return first.written;
  // Thousands of rows (an import, a category of thousands renamed): the rest with room in the page
  // cache, and the event loop gets a turn between batches (SQLite's steps are synchronous: 10,000
  // rows held every other request of the instance for ~2 s).
  return withLargeWriteCache(db, async () => {
    let done = first.written;
    for (;;) {
      await nextTurn();
      const batch = await rebuildBatch(db, storeId, form, writeSortTitle);
      done += batch.written;
      // Nothing left, or every row of the batch was taken by a concurrent writer or reader: let them finish it.
      if (batch.written === 0) return done;
    }
  });
}

/** Rebuilds up to `BATCH` stale rows: how many it read, and how many it wrote. */
async function rebuildBatch(db: AnyDb, storeId: string, form: WordForm, writeSortTitle: SortTitleWriter): Promise<{ read: number; written: number }> {
  const stale: StaleRow[] = await db
    .selectFrom('product_search as s')
    .innerJoin('products as p', 'p.id', 's.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['s.product_id', 's.version', 'p.title', 'p.description', 'p.sku', 'c.name as category_name'])
    .where('s.store_id', '=', storeId)
    .where(sql<boolean>`s.version > s.indexed_version`)
    .limit(BATCH)
    .execute();
  if (!stale.length) return { read: 0, written: 0 };
  const variants = await db
    .selectFrom('product_variants')
    .select(['product_id', 'label', 'sku'])
    .where(
      'product_id',
      'in',
      stale.map((r) => r.product_id),
    )
    // An archived variant is not sold: its label and SKU find nothing (docs/decisions/0042-variants-by-options.md).
    .where('archived_at', 'is', null)
    .execute();
  const variantText = new Map<string, string[]>();
  for (const v of variants) variantText.set(v.product_id, [...(variantText.get(v.product_id) ?? []), v.label, v.sku]);
  const words = form === 'marked' ? (...texts: string[]) => storeTermText(storeId, ...texts) : termText;
  const mark = form === 'bare' ? { word_mark: storeWordPrefix(storeId) } : {};
  let written = 0;
  const yieldIfLong = turns(TURN_MS);
  for (const r of stale) {
    await yieldIfLong();
    const res = await db
      .updateTable('product_search')
      .set({
        title_terms: words(r.title),
        meta_terms: words(r.sku, r.category_name ?? '', ...(variantText.get(r.product_id) ?? [])),
        body_terms: words(r.description),
        ...mark,
        indexed_version: r.version,
      })
      .where('product_id', '=', r.product_id)
      .where('indexed_version', '<', r.version)
      .executeTakeFirst();
    await writeSortTitle(db, r.product_id, sortTitle(r.title));
    written += Number(res.numUpdatedRows);
  }
  return { read: stale.length, written };
}

/**
 * The SQL that finds and ranks a parsed query among the rows of `product_search as s`, and the
 * values it runs with. The SQL depends only on the query's shape (how many words, whether the last
 * is a prefix), so the listing engine compiles it once per shape; the words travel as values.
 *
 * Query words are the normaliser's output (letters and digits only), so quoting them is enough to
 * keep them words: no operator, quote, `*`, NEAR or parenthesis typed by a shopper survives
 * normalisation. They still travel as bound parameters, never spliced into SQL.
 */

/**
 * The query words as the store's index holds them (marked with the store's prefix, see
 * `storeWordPrefix`), each with whether it is matched as a prefix (the last one, while typing).
 */
const termsOf = (storeId: string, q: SearchQuery, mark = storeWordPrefix(storeId)) => {
  return [...q.words.map((w) => [mark + w, false] as const), ...(q.prefix ? [[mark + q.prefix, true] as const] : [])];
};

/** The one value `searchMatch` compares with: an FTS5 expression or a tsquery, over one store's words. */
export function searchMatchValue(dialect: Dialect, storeId: string, q: SearchQuery): string {
  if (dialect === 'postgres')
    return termsOf(storeId, q)
      .map(([w, prefix]) => `'${w}'${prefix ? ':*' : ''}`)
      .join(' & ');
  // FTS5: every word in any text column; the words are the store's own, so are their posting lists.
  const terms = termsOf(storeId, q).map(([w, prefix]) => `"${w}"${prefix ? '*' : ''}`);
  return `{title_terms meta_terms body_terms} : (${terms.join(' AND ')})`;
}

/**
 * The rows of one store that match: `value` is `searchMatchValue`'s (or a prepared query's slot
 * for it). The store is checked on every row as well: the words' mark narrows, the id decides.
 */
export function searchMatch(dialect: Dialect, storeId: string, value: string): RawBuilder<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`(s.store_id = ${storeId} and s.document @@ ${value}::tsquery)`;
  return sql<SqlBool>`(s.id in (select rowid from product_fts where product_fts match ${value}) and s.store_id = ${storeId})`;
}

/**
 * What `searchScore` tests, in its order: three per word (title, SKU/variants/category,
 * description). SQLite: LIKE patterns over each field's words (its rows hold bare words, migration
 * 025). PostgreSQL: a tsquery of the marked word restricted to the field's weight in the document
 * (migration 027), `'word':A` or, for the word being typed, `'word':*A`.
 */
export function searchScorePatterns(dialect: Dialect, storeId: string, q: SearchQuery): string[] {
  if (dialect === 'postgres') return termsOf(storeId, q).flatMap(([w, prefix]) => WEIGHTS.map((weight) => `'${w}':${prefix ? '*' : ''}${weight}`));
  return termsOf(storeId, q, '').flatMap(([w, prefix]) => Array<string>(3).fill(`% ${w}${prefix ? '' : ' '}%`));
}

/** The document's weight of each field, in `searchScore`'s order. */
const WEIGHTS = ['A', 'B', 'C'] as const;

/**
 * Relevance, computed the same way on both engines from the stored words: each query word scores
 * 3 when in the title, 2 in SKU/variants/category, 1 in the description (summed over fields and
 * words). BM25 (SQLite) and ts_rank (PostgreSQL) would order the same matches differently.
 * `patterns` are `searchScorePatterns`' (or slots standing for them).
 */
export function searchScore(dialect: Dialect, patterns: readonly string[]): RawBuilder<number> {
  const fields = [
    ['title_terms', 3],
    ['meta_terms', 2],
    ['body_terms', 1],
  ] as const;
  const parts = patterns.map((pattern, i) => {
    const [column, weight] = fields[i % 3]!;
    // PostgreSQL: the document answers from the matched row itself (a lookup per word), where a
    // LIKE over each field's text cost ~5x as much on a search matching most of a store.
    const test = dialect === 'postgres' ? sql`s.document @@ ${pattern}::tsquery` : sql`(' ' || ${sql.ref(`s.${column}`)} || ' ') like ${pattern}`;
    return sql`case when ${test} then ${sql.lit(weight)} else 0 end`;
  });
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}
