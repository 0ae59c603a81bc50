import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { ReadsTogether, inList, prepared } from './prepared.js';

interface Tables {
  items: { id: string; store_id: string; title: string; status: string; price_cents: number };
}
const file = new SQLite(':memory:');
file.exec(`create table items (id text primary key, store_id text not null, title text not null, status text not null, price_cents integer not null);
  insert into items values ('a1', 'A', 'Scarpe', 'active', 500), ('a2', 'A', 'Borsa', 'draft', 900), ('a3', 'A', 'Cappello', 'active', 1500), ('b1', 'B', 'Sciarpa', 'active', 700);`);
const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: file }) });
afterAll(() => db.destroy());

it('builds once and runs with each call’s values, keeping the constants written in the query', async () => {
  let builds = 0;
  const activeOf = prepared((d: Kysely<Tables>, a: { storeId: string; maxPrice: number; limit: number }) => {
    builds++;
    return d
      .selectFrom('items')
      .select(['id', 'title'])
      .where('store_id', '=', a.storeId)
      .where('status', '=', 'active')
      .where(sql<boolean>`price_cents <= ${a.maxPrice}`)
      .orderBy('id')
      .limit(a.limit);
  });
  expect(builds).toBe(0);
  expect(await activeOf.all(db, { storeId: 'A', maxPrice: 10_000, limit: 10 })).toEqual([
    { id: 'a1', title: 'Scarpe' },
    { id: 'a3', title: 'Cappello' },
  ]);
  // Another store, another price and limit: the other tenant's rows only, never the first call's.
  expect(await activeOf.all(db, { storeId: 'B', maxPrice: 10_000, limit: 10 })).toEqual([{ id: 'b1', title: 'Sciarpa' }]);
  expect(await activeOf.all(db, { storeId: 'A', maxPrice: 600, limit: 10 })).toEqual([{ id: 'a1', title: 'Scarpe' }]);
  expect(await activeOf.first(db, { storeId: 'A', maxPrice: 10_000, limit: 1 })).toEqual({ id: 'a1', title: 'Scarpe' });
  expect(await activeOf.first(db, { storeId: 'C', maxPrice: 10_000, limit: 1 })).toBeUndefined();
  // In a transaction: the same compiled query, run on the transaction's connection (its own write is seen).
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('items').values({ id: 'b2', store_id: 'B', title: 'Guanti', status: 'active', price_cents: 100 }).execute();
    expect(await activeOf.all(trx, { storeId: 'B', maxPrice: 10_000, limit: 10 })).toEqual([
      { id: 'b1', title: 'Sciarpa' },
      { id: 'b2', title: 'Guanti' },
    ]);
  });
  expect(builds).toBe(1);
});

it('passes a hostile value as data, never as SQL', async () => {
  const byTitle = prepared((d: Kysely<Tables>, a: { title: string }) => d.selectFrom('items').select('id').where('title', '=', a.title));
  expect(await byTitle.all(db, { title: "x' or '1'='1" })).toEqual([]);
  expect(await byTitle.all(db, { title: 'Borsa' })).toEqual([{ id: 'a2' }]);
});

it('takes a list of ids as one value: any length, the same compiled query, hostile ids only as data', async () => {
  let builds = 0;
  const byIds = prepared((d: Kysely<Tables>, a: { ids: readonly string[] }) => {
    builds++;
    return d
      .selectFrom('items')
      .select('id')
      .where(inList(d, 'id', a.ids))
      .orderBy('id');
  });
  expect(await byIds.all(db, { ids: ['a3', 'a1'] })).toEqual([{ id: 'a1' }, { id: 'a3' }]);
  expect(await byIds.all(db, { ids: ['b1', 'a2', 'zz', 'a1'] })).toEqual([{ id: 'a1' }, { id: 'a2' }, { id: 'b1' }]);
  expect(await byIds.all(db, { ids: [] })).toEqual([]);
  expect(await byIds.all(db, { ids: ["a1') or ('1'='1", '"]'] })).toEqual([]);
  expect(builds).toBe(1);
  // Built per call (not prepared), the same helper binds the list as one value too.
  expect(await d2(['a2'])).toEqual([{ id: 'a2' }]);
});
const d2 = (ids: string[]) =>
  db
    .selectFrom('items')
    .select('id')
    .where(inList(db, 'id', ids))
    .execute();

it('answers reads gathered together (SQLite runs them one by one) as each alone, and each failure to its own read', async () => {
  const byStore = prepared((d: Kysely<Tables>, a: { storeId: string }) =>
    d.selectFrom('items').select(['id', 'price_cents']).where('store_id', '=', a.storeId).orderBy('id'),
  );
  const reads = new ReadsTogether(db);
  const a = byStore.all(reads, { storeId: 'A' });
  const b = byStore.first(reads, { storeId: 'B' });
  const broken = reads.rows(sql`select * from no_such_table`.compile(db));
  broken.catch(() => undefined);
  await reads.run();
  expect(await a).toEqual([
    { id: 'a1', price_cents: 500 },
    { id: 'a2', price_cents: 900 },
    { id: 'a3', price_cents: 1500 },
  ]);
  expect(await b).toEqual({ id: 'b1', price_cents: 700 });
  await expect(broken).rejects.toThrow(/no such table/);
});
