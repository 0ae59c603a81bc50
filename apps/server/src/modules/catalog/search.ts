import { sql, type Expression, type SqlBool } from 'kysely';

/** A LIKE pattern matching `text` anywhere, with the wildcard characters of the input escaped. */
export const containsPattern = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Case-insensitive "contains" that behaves the same on SQLite and PostgreSQL
 * (PostgreSQL's LIKE is case-sensitive, SQLite's is not; lower() on both sides evens them out).
 */
export function ilike(column: Expression<string | null>, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}
