import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

/**
 * Where a read can run instead of the request thread's connection: a read worker
 * (./sqlite-workers.ts). Null when none can take it (none configured, or all stopped).
 */
export type ReadAside = (query: CompiledQuery) => Promise<unknown[]> | null;

/**
 * The request thread's SQLite connection, with reads kept from queueing behind a transaction.
 *
 * Kysely's SQLite driver has one connection behind a lock: a transaction holds it from `begin` to
 * `commit`, and every other query of every request waits for it. A CSV import writes 10,000
 * products in one transaction (all or nothing) for several seconds, tens of seconds on a busy
 * machine, and yields the event loop between its batches; yet another store's shop, reading a card
 * or its store's row that its cache had let go, waited for that commit (4 s in a CI run, 5.5 s
 * reproduced on a loaded machine). WAL lets readers run beside the writer, on connections of their
 * own: while a transaction is open, a read outside it (a statement SQLite calls read-only) goes to
 * a read worker and sees the last commit, as it would have right before the transaction began.
 * Writes still wait: SQLite has one writer. With no transaction open, every query runs here as
 * before (a worker's round trip costs more than a small read).
 */
export class SqliteDialectWithReadsAside extends SqliteDialect {
  readonly #aside: { isRead: (sql: string) => boolean; readAside: () => ReadAside | null };

  constructor(config: SqliteDialectConfig, aside: { isRead: (sql: string) => boolean; readAside: () => ReadAside | null }) {
    super(config);
    this.#aside = aside;
  }

  override createDriver(): Driver {
    return new ReadsAsideDriver(super.createDriver(), this.#aside);
  }
}

class ReadsAsideDriver implements Driver {
  /** Transactions begun and not yet ended on the one connection (0 or 1). */
  openTransactions = 0;

  constructor(
    readonly inner: Driver,
    readonly aside: { isRead: (sql: string) => boolean; readAside: () => ReadAside | null },
  ) {}

  init = () => this.inner.init();
  destroy = () => this.inner.destroy();

  /** The connection is taken when the first statement needs it, not before: a read may not need it at all. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new LazyConnection(this);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lazy = connection as LazyConnection;
    if (!lazy.held) return;
    const held = lazy.held;
    lazy.held = null;
    await this.inner.releaseConnection(held);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await this.inner.beginTransaction(await (connection as LazyConnection).take(), settings);
    this.openTransactions++;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.commitTransaction(await (connection as LazyConnection).take());
    } finally {
      this.openTransactions--;
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.rollbackTransaction(await (connection as LazyConnection).take());
    } finally {
      this.openTransactions--;
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.savepoint!(await (connection as LazyConnection).take(), name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.rollbackToSavepoint!(await (connection as LazyConnection).take(), name, compile);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    await this.inner.releaseSavepoint!(await (connection as LazyConnection).take(), name, compile);
  }
}

/** One use of the connection (a query, or a transaction from begin to end), taken on demand. */
class LazyConnection implements DatabaseConnection {
  held: DatabaseConnection | null = null;

  constructor(readonly driver: ReadsAsideDriver) {}

  async take(): Promise<DatabaseConnection> {
    this.held ??= await this.driver.inner.acquireConnection();
    return this.held;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Not part of a transaction (this use holds nothing), while one holds the connection.
    if (!this.held && this.driver.openTransactions > 0 && this.driver.aside.isRead(query.sql)) {
      const rows = this.driver.aside.readAside()?.(query);
      if (rows) return { rows: (await rows) as R[] };
    }
    return (await this.take()).executeQuery<R>(query);
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    yield* (await this.take()).streamQuery<R>(query, chunkSize);
  }
}
