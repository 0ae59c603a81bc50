import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { storeWordPrefix, type SearchQuery } from './normalise.js';

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
