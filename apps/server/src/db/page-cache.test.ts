import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import type { Database } from './schema.js';
import { PAGE_CACHE_KIB, withLargeWriteCache } from './page-cache.js';

const file = new SQLite(':memory:');
file.pragma(`cache_size = -${PAGE_CACHE_KIB.requestThread}`);
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
afterAll(() => db.destroy());
const cacheSize = async (d: Kysely<Database>) => Number((await sql<{ cache_size: number }>`pragma cache_size`.execute(d)).rows[0]?.cache_size);

it('gives a transaction the larger page cache for its work, then the usual one back', async () => {
  await db.transaction().execute(async (trx) => {
    expect(await withLargeWriteCache(trx, () => cacheSize(trx))).toBe(-PAGE_CACHE_KIB.largeWrite);
    expect(await cacheSize(trx)).toBe(-PAGE_CACHE_KIB.requestThread);
  });
});

it('keeps the larger cache through nested work and puts the usual one back when the work fails', async () => {
  await db.transaction().execute(async (trx) => {
    await withLargeWriteCache(trx, async () => {
      expect(await withLargeWriteCache(trx, () => cacheSize(trx))).toBe(-PAGE_CACHE_KIB.largeWrite);
      // The inner work ended: the outer one still has the larger cache.
      expect(await cacheSize(trx)).toBe(-PAGE_CACHE_KIB.largeWrite);
    });
    await expect(
      withLargeWriteCache(trx, async () => {
        throw new Error('riga non valida');
      }),
    ).rejects.toThrow('riga non valida');
    expect(await cacheSize(trx)).toBe(-PAGE_CACHE_KIB.requestThread);
  });
});

it('leaves the cache alone outside a transaction, where other requests share the connection', async () => {
  expect(await withLargeWriteCache(db, () => cacheSize(db))).toBe(-PAGE_CACHE_KIB.requestThread);
});
