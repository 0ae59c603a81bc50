import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { createFts, dropFts } from './019-store-words.js';

type Db = Kysely<any>;

const FTS_COLUMNS = ['title_terms', 'meta_terms', 'body_terms'];
const create = (prefix: string) =>
  `create virtual table product_fts using fts5(title_terms, meta_terms, body_terms,
    content='product_search', content_rowid='id', tokenize="unicode61 remove_diacritics 2 tokenchars '-'"${prefix})`;

/**
 * SQLite only: FTS5 keeps prefix indexes for what a shopper types while the suggestions open, the
 * first 2 to 5 letters of a word. Every stored word starts with its store's 12-character mark
 * (migration 019), so those are prefixes of 14 to 17 characters. Without them a prefix query
 * merges the posting lists of every word that starts alike ('la' → 'lana', 'lampada', 'lavoro'…):
 * 'pelle la' on the 10,000-product store read its 2,152 matches in 576 µs, with them in 178 µs
 * (docs/decisions/0014-search.md). A longer prefix is still matched, by merging, as before.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const run = (text: string) => sql.raw(text).execute(db);
  await dropFts(run);
  await createFts(run, create(`, prefix='14 15 16 17'`), FTS_COLUMNS);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const run = (text: string) => sql.raw(text).execute(db);
  await dropFts(run);
  await createFts(run, create(''), FTS_COLUMNS);
}
