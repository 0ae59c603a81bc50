import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { SearchQuery } from './normalise.js';

/**
 * The SQL that finds and ranks a parsed query among the rows of `product_search as s`.
 *
 * Query words are the normaliser's output (letters and digits only), so quoting them is enough to
 * keep them words: no operator, quote, `*`, NEAR or parenthesis typed by a shopper survives
 * normalisation. They still travel as bound parameters, never spliced into SQL.
 */
export function searchMatch(dialect: Dialect, storeId: string, q: SearchQuery): RawBuilder<SqlBool> {
  if (dialect === 'postgres') {
    const terms = [...q.words.map((w) => `'${w}'`), ...(q.prefix ? [`'${q.prefix}':*`] : [])];
    return sql<SqlBool>`(s.store_id = ${storeId} and s.document @@ ${terms.join(' & ')}::tsquery)`;
  }
  // FTS5: the store's id as a phrase in its own column, every word in any text column.
  const terms = [...q.words.map((w) => `"${w}"`), ...(q.prefix ? [`"${q.prefix}"*`] : [])];
  const expr = `store_id : "${storeId.replace(/"/g, '""')}" AND {title_terms meta_terms body_terms} : (${terms.join(' AND ')})`;
  return sql<SqlBool>`s.id in (select rowid from product_fts where product_fts match ${expr})`;
}

/**
 * Relevance, computed the same way on both engines from the stored words: each query word scores
 * 3 when in the title, 2 in SKU/variants/category, 1 in the description (summed over fields and
 * words). BM25 (SQLite) and ts_rank (PostgreSQL) would order the same matches differently.
 */
export function searchScore(q: SearchQuery): RawBuilder<number> {
  const field = (column: string, weight: number, word: string, prefix: boolean) =>
    sql`case when (' ' || ${sql.ref(`s.${column}`)} || ' ') like ${`% ${word}${prefix ? '' : ' '}%`} then ${sql.lit(weight)} else 0 end`;
  const parts = [...q.words.map((w) => [w, false] as const), ...(q.prefix ? [[q.prefix, true] as const] : [])].flatMap(([w, prefix]) => [
    field('title_terms', 3, w, prefix),
    field('meta_terms', 2, w, prefix),
    field('body_terms', 1, w, prefix),
  ]);
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}
