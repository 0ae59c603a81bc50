import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildStaleRows } from './frozen/search-rows-026.js';

type Db = Kysely<any>;
type Run = (text: string) => Promise<unknown>;

/**
 * Every indexed word belongs to its store (docs/decisions/0014-search.md, "Words marked with their
 * store"): `product_search`'s words are rewritten with the store's mark (`storeWordPrefix`), so
 * the index holds one posting list per store and word. SQLite's FTS5 table no longer indexes the
 * store id (a search no longer intersects with a list of every product of the store) nor the
 * two- and three-letter prefixes (every word of a store starts alike); PostgreSQL's generated
 * tsvector follows the rewritten words by itself.
 */
export async function up(db: Db): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const run: Run = (text) => sql.raw(text).execute(db);
  if (!pg) await dropFts(run);
  await run(`update product_search set version = indexed_version + 1`);
  const stores = (await db.selectFrom('product_search').select('store_id').distinct().execute()) as Array<{ store_id: string }>;
  for (const { store_id: storeId } of stores) await rebuildStaleRows(db, storeId, 'marked');
  if (!pg)
    await createFts(
      run,
      `create virtual table product_fts using fts5(title_terms, meta_terms, body_terms,
        content='product_search', content_rowid='id', tokenize="unicode61 remove_diacritics 2 tokenchars '-'")`,
      ['title_terms', 'meta_terms', 'body_terms'],
    );
}

export async function dropFts(run: Run) {
  for (const t of ['product_search_fts_insert', 'product_search_fts_delete', 'product_search_fts_update']) await run(`drop trigger if exists ${t}`);
  await run(`drop table if exists product_fts`);
}

/**
 * The FTS5 table over product_search, its external-content sync triggers, and its content. `value`
 * is what a trigger indexes of a row's column (the column itself unless given: migration 025 puts
 * the store's mark back), `updateOf` the columns whose update re-indexes the row.
 */
export async function createFts(
  run: Run,
  create: string,
  columns: string[],
  opts: { value?: (row: 'new' | 'old', column: string) => string; updateOf?: string[] } = {},
) {
  const list = columns.join(', ');
  const value = opts.value ?? ((row, column) => `${row}.${column}`);
  const of = (row: 'new' | 'old') => columns.map((c) => value(row, c)).join(', ');
  await run(create);
  await run(`create trigger product_search_fts_insert after insert on product_search begin
    insert into product_fts (rowid, ${list}) values (new.id, ${of('new')});
  end`);
  await run(`create trigger product_search_fts_delete after delete on product_search begin
    insert into product_fts (product_fts, rowid, ${list}) values ('delete', old.id, ${of('old')});
  end`);
  await run(`create trigger product_search_fts_update after update of ${(opts.updateOf ?? ['title_terms', 'meta_terms', 'body_terms']).join(', ')} on product_search begin
    insert into product_fts (product_fts, rowid, ${list}) values ('delete', old.id, ${of('old')});
    insert into product_fts (rowid, ${list}) values (new.id, ${of('new')});
  end`);
  await run(`insert into product_fts (product_fts) values ('rebuild')`);
}

/** Back to 007's FTS5 table (store id indexed, prefixes); the words keep their marks. */
export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  const run: Run = (text) => sql.raw(text).execute(db);
  await dropFts(run);
  await createFts(
    run,
    `create virtual table product_fts using fts5(store_id, title_terms, meta_terms, body_terms,
      content='product_search', content_rowid='id', tokenize="unicode61 remove_diacritics 2 tokenchars '-'", prefix='2 3')`,
    ['store_id', 'title_terms', 'meta_terms', 'body_terms'],
  );
}
