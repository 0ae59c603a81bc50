import { CompiledQuery, SqliteAdapter, sql, type Compilable, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema.js';
import { nameStatement } from './pg-statements.js';

/** Stands for a value given at run time, in the one build of a prepared query. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A query built and compiled once, then run with new values: Kysely otherwise builds and compiles
 * a query's tree on every call, which on the hottest reads (a storefront page runs eight) cost as
 * much as running them. `build` receives the database and stand-ins for the values, used as Kysely
 * values (a `where` operand, a `limit`, a `${}` in `sql`); the compiled SQL keeps their places, and
 * each run puts the given values there. It runs on the database or transaction it is given; the
 * SQL is compiled once per dialect. A list of ids is one value too, placed with `inList` (never
 * with Kysely's `in`, whose SQL changes with the list's length).
 */
export function prepared<DB, Args extends Record<string, string | number | null | readonly string[]>, Row>(
  build: (db: Kysely<DB>, args: Args) => Compilable<Row>,
) {
  // By the dialect's adapter, which a database shares with its transactions: SQLite and PostgreSQL
  // write different SQL for the same query.
  const compiled = new WeakMap<object, { query: CompiledQuery<Row>; places: unknown[]; sqlite: boolean }>();
  const queryFor = (db: Kysely<DB>, args: Args): CompiledQuery<Row> => {
    const adapter = db.getExecutor().adapter;
    let c = compiled.get(adapter);
    if (!c) {
      const slots = new Proxy({} as Args, { get: (_t, name) => new Slot(String(name)) });
      const query = build(db, slots).compile();
      c = { query, places: [...query.parameters], sqlite: adapter instanceof SqliteAdapter };
      compiled.set(adapter, c);
      // PostgreSQL parses and plans it once per connection (./pg-statements.ts).
      if (!c.sqlite) nameStatement(query.sql);
    }
    const sqlite = c.sqlite;
    const parameters = c.places.map((p) => {
      if (!(p instanceof Slot)) return p;
      const v = args[p.name];
      return Array.isArray(v) ? listParameter(sqlite, v) : v;
    });
    return { ...c.query, parameters };
  };
  /** Its rows: read at once, or with the other reads of `reads` (in one statement on PostgreSQL). */
  const rowsOf = async (db: ReadFrom<DB>, args: Args): Promise<Row[]> =>
    db instanceof ReadsTogether ? db.rows(queryFor(db.db, args)) : (await db.executeQuery(queryFor(db, args))).rows;
  return {
    /** The compiled query with these values (for a runner of one's own, e.g. a read worker). */
    compile: queryFor,
    all: rowsOf,
    first: async (db: ReadFrom<DB>, args: Args): Promise<Row | undefined> => (await rowsOf(db, args))[0],
  };
}

/** Where a compiled read runs: the database (or a transaction), or gathered with others. */
export type ReadFrom<DB = Database> = Kysely<DB> | ReadsTogether<DB>;

/**
 * Reads that need nothing from one another, gathered and answered by one statement on PostgreSQL:
 * each is a sub-select whose rows come back as JSON (`json_agg`), one column per read, so a use
 * case that reads from several modules makes one round trip instead of one per read (the checkout
 * read its idempotency key, products, variants, units and team in five; docs/decisions/0002-orders.md).
 * Each module keeps its own SQL: a compiled query given `reads` instead of a database is added here
 * and its promise settles when `run` has run. The rows are as the driver gives them for the types
 * this schema uses (text, integers, nulls). SQLite has no round trips: the reads run one by one.
 */
export class ReadsTogether<DB = Database> {
  private parts: Array<{ query: CompiledQuery; write: boolean; resolve: (rows: unknown[]) => void; reject: (err: unknown) => void }> = [];
  constructor(readonly db: Kysely<DB>) {}

  /** Adds a compiled read; its rows arrive once `run` has run. */
  rows<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    return this.add(query, false);
  }

  /**
   * Adds a write whose `returning` rows are read with the reads: on PostgreSQL a data-modifying
   * `with` of the same statement, so it commits with them (nothing else of the statement writes).
   * It sees the same snapshot as the reads, and they do not see its change. SQLite runs it in turn.
   */
  returning<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    return this.add(query, true);
  }

  private add<Row>(query: CompiledQuery<Row>, write: boolean): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => this.parts.push({ query, write, resolve: resolve as (rows: unknown[]) => void, reject }));
  }

  /** Runs every read added so far (a read whose statement failed rejects, with every other of its statement). */
  async run(): Promise<void> {
    const parts = this.parts;
    this.parts = [];
    if (!parts.length) return;
    if (parts.length === 1 || this.db.getExecutor().adapter instanceof SqliteAdapter) {
      for (const part of parts) {
        try {
          part.resolve((await this.db.executeQuery(part.query)).rows);
        } catch (err) {
          part.reject(err);
        }
      }
      return;
    }
    const query = asOneStatement(
      parts.map((p) => p.query),
      (texts) => {
        const writes = texts.flatMap((t, i) => (parts[i]!.write ? [`w${i} as (${t})`] : []));
        const columns = texts.map((t, i) => `(select coalesce(json_agg(t), '[]') from ${parts[i]!.write ? `w${i}` : `(${t})`} t) as r${i}`);
        return `${writes.length ? `with ${writes.join(', ')} ` : ''}select ${columns.join(', ')}`;
      },
    );
    try {
      const { rows } = await this.db.executeQuery<Record<string, unknown[]>>(query);
      parts.forEach((part, i) => part.resolve(rows[0]![`r${i}`]!));
    } catch (err) {
      for (const part of parts) part.reject(err);
    }
  }
}

/**
 * One PostgreSQL statement that holds compiled ones: `compose` gets their texts, each with its
 * placeholders numbered after those of the statements before it, and the values follow in the same
 * order. Compiled SQL binds every value ($1, $2…): its only dollar signs are placeholders. The text
 * depends only on the statements' texts, so it is a named statement like theirs.
 */
function asOneStatement(queries: readonly CompiledQuery[], compose: (texts: string[]) => string): CompiledQuery {
  let offset = 0;
  const texts = queries.map((query) => {
    const at = offset;
    offset += query.parameters.length;
    return at ? query.sql.replace(/\$(\d+)/g, (_m, n: string) => `$${Number(n) + at}`) : query.sql;
  });
  const text = compose(texts);
  nameStatement(text);
  return CompiledQuery.raw(
    text,
    queries.flatMap((q) => [...q.parameters]),
  );
}

/**
 * `column in (list)` with the whole list as one bound value, so the SQL is the same for any
 * length: SQLite expands JSON text with `json_each` (each value then a key lookup), PostgreSQL
 * compares with `= any(array)`. `list` is a prepared query's slot (or a list, in a query built per call).
 */
export function inList<DB>(db: Kysely<DB>, column: string, list: readonly string[]): RawBuilder<SqlBool> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const value = list instanceof Slot ? list : listParameter(sqlite, list);
  return sqlite ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${value}))` : sql<SqlBool>`${sql.ref(column)} = any(${value})`;
}

/** How a list travels as one bound value: SQLite reads JSON text (json_each), PostgreSQL takes the array. */
const listParameter = (sqlite: boolean, list: readonly string[]) => (sqlite ? JSON.stringify(list) : list);

type Scalar = string | number | null;

/** The most rows one compiled insert takes; longer lists go in several (a bounded set of statements per table). */
const INSERT_ROWS = 8;

/**
 * An insert of fixed columns of one of the product's tables, compiled once per number of rows (the
 * checkout writes several rows per order, and building each insert's tree cost about as much as
 * running it; each statement is a round trip to PostgreSQL, so the rows of one table travel in one).
 * The columns are checked against the table's type; every one is bound, nulls included, so the SQL
 * never changes with the rows' values. `compile` gives the statements; the caller runs them
 * (`writeNowOrLater`), alone or with the unit's other writes.
 */
export function preparedInsert<T extends keyof Database & string, const C extends keyof Database[T] & string>(table: T, columns: readonly C[]) {
  const bySize = new Map<number, ReturnType<typeof prepared<Database, Record<string, Scalar>, unknown>>>();
  const insertOf = (size: number) => {
    let insert = bySize.get(size);
    if (!insert) {
      insert = prepared((db: Kysely<Database>, a: Record<string, Scalar>) =>
        // Kysely types `values` per table, which a generic table cannot name; the columns are checked above.
        db.insertInto(table).values(Array.from({ length: size }, (_, i) => Object.fromEntries(columns.map((c) => [c, a[`${c}.${i}`]]))) as never),
      );
      bySize.set(size, insert);
    }
    return insert;
  };
  // The slots' names, row by row, made once: a checkout's rows name some sixty slots, and building
  // each name again per order was 3 % of the checkout's time on the request thread.
  const slotNames: string[][] = [];
  const namesOf = (i: number) => (slotNames[i] ??= columns.map((c) => `${c}.${i}`));
  /** The compiled statements writing these rows (one per chunk of `INSERT_ROWS`). */
  const compile = (db: Kysely<Database>, rows: Record<C, Scalar> | readonly Record<C, Scalar>[]): CompiledQuery[] => {
    const list: readonly Record<C, Scalar>[] = Array.isArray(rows) ? rows : [rows as Record<C, Scalar>];
    const queries: CompiledQuery[] = [];
    for (let from = 0; from < list.length; from += INSERT_ROWS) {
      const chunk = list.slice(from, from + INSERT_ROWS);
      const args: Record<string, Scalar> = {};
      chunk.forEach((row, i) => {
        const names = namesOf(i);
        for (let k = 0; k < columns.length; k++) args[names[k]!] = row[columns[k]!];
      });
      queries.push(insertOf(chunk.length).compile(db, args));
    }
    return queries;
  };
  return { compile };
}

/**
 * Writes several modules make in one unit of work that nothing in it reads back (history rows,
 * mails, notifications, aggregates), gathered and run together at its end with `runTogether`: one
 * round trip on PostgreSQL. A module given one adds its compiled statements instead of running
 * them; without one it runs them at once. The unit runs them before it returns, inside its
 * transaction (on SQLite, inside its own savepoint of a shared commit: db/group-commit.ts).
 */
export class PendingWrites {
  private queries: CompiledQuery[] = [];
  private lead: { name: string; query: CompiledQuery; requirement: CompiledQuery; what: string } | null = null;
  add(...queries: CompiledQuery[]): void {
    this.queries.push(...queries);
  }
  /**
   * PostgreSQL only: a write the others read by `name` (a data-modifying `with name as (…)`, its
   * `returning` rows), run in the same one statement, which stands only if `requirement` (a boolean
   * expression over `name`) holds: otherwise PostgreSQL undoes all of it and `run` rejects with
   * `isRequirementFailure` (migration 024). The statement commits by itself: `run` it on the
   * database, not in a transaction, so no lock is held across a round trip.
   */
  first(name: string, query: CompiledQuery, requirement: CompiledQuery, what: string): void {
    // Both are written into the statement's text: plain words only.
    if (!/^[a-z_]+$/.test(name) || !/^[a-z ]+$/.test(what)) throw new Error(`not a plain name: ${name} / ${what}`);
    this.lead = { name, query, requirement, what };
  }
  async run<DB>(db: Kysely<DB>): Promise<void> {
    const queries = this.queries;
    const lead = this.lead;
    this.queries = [];
    this.lead = null;
    if (!lead) return runTogether(db, queries);
    if (db.getExecutor().adapter instanceof SqliteAdapter) throw new Error('one-statement writes are PostgreSQL only');
    await db.executeQuery(
      asOneStatement([lead.query, lead.requirement, ...queries], ([first, requirement, ...rest]) => {
        const parts = [`${lead.name} as (${first})`, ...rest.map((part, i) => `w${i} as (${part})`)];
        return `with ${parts.join(', ')} select vetrina_require(${requirement}, '${lead.what}') as ok`;
      }),
    );
  }
}

/** Runs the statements now (together: `runTogether`), or hands them to the unit's pending writes. */
export async function writeNowOrLater<DB>(db: Kysely<DB>, queries: readonly CompiledQuery[], later?: PendingWrites): Promise<void> {
  if (later) later.add(...queries);
  else await runTogether(db, queries);
}

/**
 * Runs writes that need nothing from one another as one statement on PostgreSQL: each but the last
 * becomes a data-modifying `WITH` of the last (PostgreSQL runs them all, on one snapshot, and checks
 * foreign keys at the end of the statement, so an order's lines may name the order written beside
 * them). Every statement is a round trip, and the checkout's writes were most of its round trips
 * (docs/decisions/0002-orders.md). SQLite has no data-modifying `WITH` and no round trips: the
 * statements run one after another. The combined text depends only on the statements' texts, so it
 * is a named statement like theirs.
 */
export async function runTogether<DB>(db: Kysely<DB>, queries: readonly CompiledQuery[]): Promise<void> {
  if (queries.length <= 1 || db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const query of queries) await db.executeQuery(query);
    return;
  }
  await db.executeQuery(
    asOneStatement(queries, (parts) => {
      const last = parts.pop()!;
      return `with ${parts.map((part, i) => `w${i} as (${part})`).join(', ')} ${last}`;
    }),
  );
}
