import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { containsIgnoreCase } from './like.js';

// Compiled only, never run: the SQL text and the bound pattern are what matter.
const sqlite = new Kysely<Record<string, Record<string, string>>>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});
const postgres = new Kysely<Record<string, Record<string, string>>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const compiled = (db: typeof sqlite, term: string) => db.selectFrom('products as p').select('p.id').where(containsIgnoreCase('p.title', term)).compile();

describe('containsIgnoreCase', () => {
  it('matches the term anywhere, lower-cased on both sides, with an explicit escape character', () => {
    const q = compiled(sqlite, 'Maglia');
    expect(q.sql).toContain(`lower("p"."title") like ? escape '\\'`);
    expect(q.parameters).toEqual(['%maglia%']);
    expect(compiled(postgres, 'Maglia').sql).toContain(`lower("p"."title") like $1 escape '\\'`);
  });

  it('takes the wildcards and the escape character of the term literally', () => {
    expect(compiled(sqlite, '100%').parameters).toEqual(['%100\\%%']);
    expect(compiled(sqlite, 'a_b').parameters).toEqual(['%a\\_b%']);
    expect(compiled(sqlite, 'c:\\x').parameters).toEqual(['%c:\\\\x%']);
  });
});
