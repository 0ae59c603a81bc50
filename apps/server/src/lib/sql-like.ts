import { sql, type RawBuilder } from 'kysely';

/** `lower(column) LIKE '%term%'` with the term's own % and _ taken literally, on SQLite and PostgreSQL. */
export function containsIgnoreCase(column: string, term: string): RawBuilder<boolean> {
  const pattern = `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // ESCAPE is explicit: SQLite has no default escape character for LIKE.
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}
