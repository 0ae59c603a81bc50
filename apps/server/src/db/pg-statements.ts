import type { PoolClient } from 'pg';

/**
 * PostgreSQL named statements for the queries compiled once (`prepared`, ./prepared.ts). An
 * unnamed statement is parsed, analysed and planned again on every run; a named one is parsed
 * once per connection and then only bound and run, and PostgreSQL may keep its plan. Measured on
 * two instances over one PostgreSQL (docs/decisions/0014-search.md): listings +14 %, checkouts +28 %,
 * with less of the database's CPU per request.
 *
 * Only SQL from `prepared` is named: its text is fixed per query shape, so the statements a
 * connection keeps are bounded. Queries built per call (a list of ids spliced in, a dashboard
 * filter) stay unnamed. A name stands for one text in this process; each connection prepares it
 * on first use (the driver remembers which it has).
 */
const names = new Map<string, string>();
/** Beyond this many texts new ones run unnamed: a connection never keeps an unbounded set. */
const MAX_NAMED = 2000;

/** Marks a compiled query's SQL as one to run as a named statement. */
export function nameStatement(sql: string): void {
  if (!names.has(sql) && names.size < MAX_NAMED) names.set(sql, `vetrina_${names.size.toString(36)}`);
}

type Query = (config: unknown, values?: unknown, callback?: unknown) => unknown;

/** Makes a pooled connection run the marked SQL as named statements (called once per new connection). */
export function useNamedStatements(client: PoolClient): void {
  const query = client.query as unknown as Query;
  const named: Query = function (this: PoolClient, config, values, callback) {
    const name = typeof config === 'string' && Array.isArray(values) ? names.get(config) : undefined;
    return name ? query.call(this, { name, text: config, values }, callback) : query.call(this, config, values, callback);
  };
  (client as unknown as { query: Query }).query = named;
}
