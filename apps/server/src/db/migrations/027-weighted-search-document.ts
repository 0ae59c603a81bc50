import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<any>;
type Run = (text: string) => Promise<unknown>;

/**
 * A field's words as tsvector input: each word with the field's position and weight. The words are
 * the normaliser's (letters and digits only), so none needs quoting; each field has a position of
 * its own, so a word in two fields keeps both weights.
 */
const field = (column: string, position: number, weight: 'A' | 'B' | 'C') => `regexp_replace(${column}, '(\\S+)', '\\1:${position}${weight}', 'g')`;

/** The document of migration 005: the same words, no positions, so no weights (PostgreSQL keeps weights on positions). */
const UNWEIGHTED = `setweight(array_to_tsvector(string_to_array(title_terms, ' ')), 'A') ||
  setweight(array_to_tsvector(string_to_array(meta_terms, ' ')), 'B') ||
  setweight(array_to_tsvector(string_to_array(body_terms, ' ')), 'C')`;
const WEIGHTED = `(${field('title_terms', 1, 'A')} || ' ' || ${field('meta_terms', 2, 'B')} || ' ' || ${field('body_terms', 3, 'C')})::tsvector`;

/**
 * PostgreSQL only (docs/decisions/0014-search.md, "Relevance from the tsvector's weights"): the search
 * document holds the same words as before, now with each field's weight (title A, SKU/variants/
 * category B, description C), so the relevance score asks the document (`'word':A`) instead of
 * testing LIKE patterns over the three texts. The column is generated, so it is dropped and added
 * again with its index (the table is rewritten once). SQLite's FTS5 is unchanged.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await document(db, WEIGHTED);
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await document(db, UNWEIGHTED);
}

async function document(db: Db, expression: string): Promise<void> {
  const run: Run = (text) => sql.raw(text).execute(db);
  await run(`drop index product_search_document_idx`);
  await run(`alter table product_search drop column document`);
  await run(`alter table product_search add column document tsvector generated always as (${expression}) stored`);
  await run(`create index product_search_document_idx on product_search using gin (document)`);
  await run(`analyze product_search`);
}
