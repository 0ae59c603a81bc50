import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * Each SQLite connection's page cache, in KiB. The driver's default is 16 MB a connection, and the
 * caches filled to it under the bench's load: 25–30 MB of the server's resident memory for a 56 MB
 * database. The read worker runs the searches and lists (their pages: the search words, their rows,
 * the narrow index of migration 021); the request thread writes orders and reads one product at a
 * time. Measured side by side (docs/decisions/0028-runtime-memory.md): 2 and 8 MB kept checkout, product
 * pages and searches at their speed, with about 28 MB less at peak.
 */
export const PAGE_CACHE_KIB = { requestThread: 2000, readWorker: 8000, largeWrite: 8000 } as const;

/**
 * Runs `work` with the SQLite connection's page cache at `PAGE_CACHE_KIB.largeWrite`, then puts
 * back the size it had: for transactions that write thousands of rows (a CSV import, the search
 * rows of a catalogue rebuilt). Their pages outgrow the request thread's 2 MB cache, which then
 * writes them to the log and reads them back: rebuilding 10,000 products' search rows took 2.1 s
 * with 2 MB and 0.9–1.0 s with 4–32 MB (docs/decisions/0014-search.md). Only inside a transaction, where
 * the connection is the work's alone until it ends (other requests wait for it), so no other work
 * sees the size change or changes it meanwhile. PostgreSQL's caches are its server's: `work` runs
 * as it is.
 */
export async function withLargeWriteCache<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!db.isTransaction || !(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const before = Number((await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size);
  // Negative sizes are KiB: a cache already this large (a rebuild inside an import) stays as it is.
  if (!Number.isFinite(before) || (before < 0 && -before >= PAGE_CACHE_KIB.largeWrite)) return work();
  await sql.raw(`pragma cache_size = -${PAGE_CACHE_KIB.largeWrite}`).execute(db);
  try {
    return await work();
  } finally {
    // Back to the usual size, which also frees the pages beyond it.
    await sql.raw(`pragma cache_size = ${before}`).execute(db);
  }
}
