import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { availableSql, availableUnitsSql } from './repo.js';
import { availableUnits } from './service.js';

// Compiled only, never run.
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new SqliteIntrospector(k),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('available = qty − reserved', () => {
  it('is one rule for rows in memory and for SQL over any alias of inventory', () => {
    expect(availableUnits({ qty: 5, reserved: 2 })).toBe(3);
    expect(availableUnits({ qty: 2, reserved: 2 })).toBe(0);
    expect(db.selectFrom('inventory as i').select(availableUnitsSql('i').as('a')).compile().sql).toBe(
      'select "i"."qty" - "i"."reserved" as "a" from "inventory" as "i"',
    );
  });

  it('never goes below zero for shoppers, on either engine', () => {
    const text = (dialect: 'sqlite' | 'postgres') => db.selectFrom('inventory as inv').select(availableSql(dialect).as('a')).compile().sql;
    expect(text('sqlite')).toContain('max("inv"."qty" - "inv"."reserved", 0)');
    expect(text('postgres')).toContain('greatest("inv"."qty" - "inv"."reserved", 0)');
  });
});
