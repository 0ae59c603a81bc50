import { PostgresAdapter, sql, type Kysely } from 'kysely';

type Db = Kysely<any>;

/**
 * SQLite only: a search reaches each match's product by id and reads only the columns it filters
 * and orders on (store, status, category, price, stock, date). With this index it finds them in one
 * seek of a narrow index (1.7 MB at 11,000 products) instead of the id index and then the product
 * row (0.6 + 4.4 MB). Fewer pages per search is what lets the read connections keep smaller page
 * caches (docs/decisions/0028-runtime-memory.md): with 8 MB instead of SQLite's 16 MB the bench's
 * searches ran as fast as before, and slower without this index. PostgreSQL plans the join by itself.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create index products_search_row_idx on products (id, store_id, status, category_id, price_from_cents, in_stock, created_at)`.execute(db);
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop index products_search_row_idx`.execute(db);
}
