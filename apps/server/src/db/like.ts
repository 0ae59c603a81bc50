import { sql, type RawBuilder } from 'kysely';
import { likeContainsPattern } from '@vetrina/shared/escape';

/** `lower(column) LIKE '%term%'` with the term taken literally, on SQLite and PostgreSQL. */
export function containsIgnoreCase(column: string, term: string): RawBuilder<boolean> {
  // ESCAPE is explicit: SQLite has no default escape character for LIKE.
  return sql<boolean>`lower(${sql.ref(column)}) like ${likeContainsPattern(term)} escape '\\'`;
}
