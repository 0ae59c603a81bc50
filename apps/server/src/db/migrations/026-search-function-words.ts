import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { rebuildStaleRows } from './frozen/search-rows-026.js';

type Db = Kysely<any>;

const markAllStale = (db: Db) =>
  db
    .updateTable('product_search')
    .set((eb) => ({ version: eb('indexed_version', '+', 1) }))
    .execute();

/**
 * The search rows are written again without Italian function words (articles, prepositions, 'e',
 * 'o': `modules/search/normalise.ts`), on both engines; each store's rows are rebuilt by the same
 * code that keeps them in step with the catalogue, all in one savepoint (SQLite runs a migration
 * outside a transaction: row by row, 11,000 products took ~20 s; PostgreSQL's migration is a
 * transaction already). FTS5 then merges its index into one segment: rewriting every row had left
 * it in pieces, and searches ran up to twice as slow on them.
 */
export async function up(db: Db): Promise<void> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  // The request thread's 2 MB page cache (db/index.ts) spilled this transaction's pages to the log
  // and read them back: 4x the time. A larger cache for the rebuild only, then the usual one.
  const cache = sqlite ? (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size : undefined;
  if (sqlite) await sql`pragma cache_size = -32000`.execute(db);
  try {
    await rebuild(db);
  } finally {
    if (cache !== undefined) await sql.raw(`pragma cache_size = ${Number(cache)}`).execute(db);
  }
  if (sqlite) await sql`insert into product_fts (product_fts) values ('optimize')`.execute(db);
}

async function rebuild(db: Db): Promise<void> {
  await sql`savepoint function_words`.execute(db);
  try {
    await markAllStale(db);
    const stores = (await db.selectFrom('product_search').select('store_id').distinct().execute()) as Array<{ store_id: string }>;
    for (const { store_id: storeId } of stores) await rebuildStaleRows(db, storeId, db.getExecutor().adapter instanceof PostgresAdapter ? 'marked' : 'bare');
  } catch (err) {
    await sql`rollback to savepoint function_words`.execute(db);
    await sql`release savepoint function_words`.execute(db);
    throw err;
  }
  await sql`release savepoint function_words`.execute(db);
}

/** Going back marks every row to be rebuilt: the older code writes them its own way at each store's first search. */
export async function down(db: Db): Promise<void> {
  await markAllStale(db);
}
