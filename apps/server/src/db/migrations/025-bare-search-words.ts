import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildStaleRows } from './frozen/search-rows-026.js';
import { createFts, dropFts } from './019-store-words.js';

type Db = Kysely<any>;
type Run = (text: string) => Promise<unknown>;

const COLUMNS = ['title_terms', 'meta_terms', 'body_terms'] as const;
const TOKENS = `tokenize="unicode61 remove_diacritics 2 tokenchars '-'", prefix='14 15 16 17'`;

/** A column's words as the index holds them: each behind the row's store mark; nothing for no words. */
const marked = (row: string, column: string) =>
  `case when ${row}.${column} = '' then '' else ${row}.word_mark || replace(${row}.${column}, ' ', ' ' || ${row}.word_mark) end`;

/**
 * SQLite only (docs/decisions/0014-search.md, "Bare words in the rows"): `product_search` keeps each
 * word once, without its store's mark, and the mark once per row (`word_mark`). FTS5 still indexes
 * marked words (one posting list per store and word, migration 019, and 020's prefix indexes): its
 * content is a view that puts the mark back, and its sync triggers write the same expression. The
 * rows shrink to about a third, and the relevance score's patterns run over short strings.
 * PostgreSQL keeps marked words in its rows (its tsvector is generated from them).
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const run: Run = (text) => sql.raw(text).execute(db);
  await dropFts(run);
  await run(`alter table product_search add column word_mark text not null default ''`);
  await run(`update product_search set version = indexed_version + 1`);
  const stores = (await db.selectFrom('product_search').select('store_id').distinct().execute()) as Array<{ store_id: string }>;
  for (const { store_id: storeId } of stores) await rebuildStaleRows(db, storeId, 'bare');
  await run(`create view product_search_words as select id, ${COLUMNS.map((c) => `${marked('product_search', c)} as ${c}`).join(', ')} from product_search`);
  await createFts(
    run,
    `create virtual table product_fts using fts5(${COLUMNS.join(', ')}, content='product_search_words', content_rowid='id', ${TOKENS})`,
    [...COLUMNS],
    {
      value: marked,
      updateOf: [...COLUMNS, 'word_mark'],
    },
  );
}

/** Back to marked words in the rows and 020's table over them. */
export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const run: Run = (text) => sql.raw(text).execute(db);
  await dropFts(run);
  await run(`drop view if exists product_search_words`);
  await run(`update product_search set version = indexed_version + 1`);
  const stores = (await db.selectFrom('product_search').select('store_id').distinct().execute()) as Array<{ store_id: string }>;
  for (const { store_id: storeId } of stores) await rebuildStaleRows(db, storeId, 'marked');
  await run(`alter table product_search drop column word_mark`);
  await createFts(run, `create virtual table product_fts using fts5(${COLUMNS.join(', ')}, content='product_search', content_rowid='id', ${TOKENS})`, [
    ...COLUMNS,
  ]);
}
