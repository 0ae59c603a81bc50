import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { byCodeUnits } from '@vetrina/shared/italian-format';
import { useNamedStatements } from './pg-statements.js';
import { SearchPathPostgresDialect } from './pg-introspector.js';
import { Kysely, Migrator, SqliteAdapter, sql, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations/index.js';
import { attachReadWorkers, notARead, startSqliteWorkers, type SqliteWorkers } from './sqlite-workers.js';
import { SqliteDialectWithReadsAside } from './sqlite-reads-aside.js';
import { PAGE_CACHE_KIB } from './page-cache.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  databaseSchema?: string;
  dataDir: string;
  /** SQLite: read worker threads (./sqlite-workers.ts); none unless given. */
  sqliteReadWorkers?: number;
  /** PostgreSQL: connections kept at most (PG_POOL_SIZE); 10 unless given. */
  postgresPoolSize?: number;
  /** PostgreSQL: seconds a pooled connection lives before it is replaced (see below). */
  connectionLifetimeSeconds?: number;
}

/**
 * A connection's named statements keep the generic plan PostgreSQL made at their first run. A plan
 * made while a table was empty can be wrong once the table has grown: made on an empty orders
 * table, the order-key lookup read every order of the store at each checkout (bench/run.ts,
 * `autovacuum`). PostgreSQL plans them again when it analyses the table (autovacuum, on by
 * default); connections are also replaced after this long, so a server whose database runs without
 * autovacuum gets plans made on today's tables within the half hour. A connection in use is
 * replaced when it is given back, never in the middle of a statement or transaction.
 */
const PG_CONNECTION_LIFETIME_SECONDS = 1800;

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // The PostgreSQL driver is loaded only when it is used: an SQLite server never pays its memory.
    const { default: pg } = await import('pg');
    // PostgreSQL returns int8 (count, sum) as strings; our counts always fit in a JS number.
    pg.types.setTypeParser(20, (v) => Number(v));
    const schema = opts.databaseSchema;
    if (schema) {
      const admin = new pg.Client({ connectionString: opts.databaseUrl });
      await admin.connect();
      await admin.query(`create schema if not exists "${schema}"`);
      await admin.end();
    }
    // Named statements (./pg-statements.ts) keep one generic plan each: left to choose, PostgreSQL
    // planned a listing again for every run's values (half its CPU on a listing; measured in
    // docs/decisions/0014-search.md). Only named statements are affected, and each list shape has an
    // index whose leading columns are all equalities, so one plan serves every value.
    const settings = [...(schema ? [`-c search_path="${schema}"`] : []), '-c plan_cache_mode=force_generic_plan'];
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.postgresPoolSize ?? 10,
      options: settings.join(' '),
      maxLifetimeSeconds: opts.connectionLifetimeSeconds ?? PG_CONNECTION_LIFETIME_SECONDS,
    });
    pool.on('connect', useNamedStatements);
    const db = new Kysely<Database>({ dialect: new SearchPathPostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const dbFile = path.join(opts.dataDir, 'vetrina.db');
  const file = new SQLite(dbFile);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  file.pragma('temp_store = MEMORY');
  file.pragma(`cache_size = -${PAGE_CACHE_KIB.requestThread}`);
  // Checkpoints happen in a worker thread (./sqlite-workers.ts); this is only the safety net, run
  // by the committing statement on this thread. Well above the log of the largest import (a 20 MB
  // file's transaction wrote ~19,150 pages), whose commit would otherwise copy it back here.
  file.pragma('wal_autocheckpoint = 50000');
  // Table statistics follow the catalogue's growth (see analyseSqlite); bounded work per table.
  file.pragma('analysis_limit = 400');
  const analyse = setInterval(() => {
    try {
      file.pragma('optimize');
    } catch {
      /* busy: the next hour tries again */
    }
  }, 3_600_000);
  analyse.unref();
  const statements = withStatementCache(file);
  let workers: SqliteWorkers | null = null;
  // While a transaction holds this connection, reads outside it run on a read worker
  // (./sqlite-reads-aside.ts); not a pragma, which reads this connection's own settings.
  const dialect = new SqliteDialectWithReadsAside(
    { database: statements },
    { isRead: (text) => !/^\s*pragma\b/i.test(text) && statements.prepare(text).reader, readAside: () => workers && ((q) => workers!.aside(q)) },
  );
  const db = new Kysely<Database>({ dialect });
  workers = startSqliteWorkers(dbFile, { count: opts.sqliteReadWorkers ?? 0, checkpointMs: 200, cacheKib: PAGE_CACHE_KIB.readWorker }, async (q) => {
    // The workers' rule holds here too: only reads travel this way.
    if (!statements.prepare(q.sql).reader) throw notARead();
    return (await db.executeQuery(q)).rows;
  });
  attachReadWorkers(db, workers);
  const started = workers;
  return {
    db,
    dialect: 'sqlite',
    destroy: async () => {
      clearInterval(analyse);
      await started.close();
      await db.destroy();
    },
  };
}

/**
 * Kysely asks SQLite to prepare every query it runs; the same few hundred SQL texts come back on
 * every request. Prepared statements are kept (least recently used first out) and reused; a
 * statement still being iterated (a streamed query) is never handed out twice. SQLite re-prepares
 * a kept statement by itself when the schema changes.
 */
function withStatementCache(file: SQLite.Database, max = 500) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(text: string) {
      const kept = statements.get(text);
      if (kept && !kept.busy) {
        statements.delete(text);
        statements.set(text, kept);
        return kept;
      }
      const fresh = file.prepare(text);
      if (kept) return fresh;
      if (statements.size >= max) {
        const oldest = statements.keys().next().value;
        if (oldest !== undefined) statements.delete(oldest);
      }
      statements.set(text, fresh);
      return fresh;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** `schema`: the PostgreSQL schema in use, so migration bookkeeping never looks at another schema's tables. */
export async function migrate(db: Db, schema?: string): Promise<void> {
  // Names compared by code unit: Kysely's default (localeCompare) would load ICU's data, ~10 MB of
  // memory, for file names like '013-dashboard-stats' that sort the same either way.
  const migrator = new Migrator({ db, provider, nameComparator: byCodeUnits, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migrazione fallita${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`);
  }
  await analyseSqlite(db);
}

/**
 * SQLite plans queries from table statistics when it has them (`sqlite_stat1`), from fixed guesses
 * when not. Without them it took "store and status" to match a handful of products and joined a
 * search's matches to every active product of the store (130 ms a search at 10,000 products, 2 ms
 * with statistics). `optimize` analyses the tables that have none or grew tenfold since, after the
 * migrations (new indexes included) and every hour while the server runs (./index.ts). PostgreSQL's
 * autovacuum keeps its own statistics.
 */
async function analyseSqlite(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`pragma optimize = 0x10002`.execute(db);
}

/** True when a database error is a unique-constraint violation (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a CHECK constraint stopped the write (e.g. stock would go negative). */
export function isCheckViolation(err: unknown): boolean {
  const e = err as { code?: string };
  return e?.code === '23514' || e?.code === 'SQLITE_CONSTRAINT_CHECK';
}

/** True when `vetrina_require` stopped a PostgreSQL statement (migration 024): what it required was not so. */
export function isRequirementFailure(err: unknown): boolean {
  return (err as { code?: string })?.code === 'VT409';
}

export { sql };
