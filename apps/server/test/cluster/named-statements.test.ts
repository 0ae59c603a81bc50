import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isRequirementFailure, migrate, openDatabase, type Db } from '../../src/db/index.js';
import { PendingWrites, ReadsTogether, prepared } from '../../src/db/prepared.js';

// PostgreSQL only (see vitest.config.ts): queries compiled once run as named statements, parsed
// once per connection; queries built per call stay unnamed, so a connection keeps a bounded set.
let db: Db;
let destroy: () => Promise<void>;
const schema = `named_${randomBytes(5).toString('hex')}`;
// Asked for by openDatabase; PostgreSQL keeps nothing in it.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-named-'));

beforeAll(async () => {
  ({ db, destroy } = await openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL!,
    databaseSchema: schema,
    dataDir,
  }));
  await migrate(db, schema);
});
afterAll(async () => {
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const storeBySlug = prepared((d: Db, a: { slug: string }) => d.selectFrom('stores').select(['id', 'name']).where('slug', '=', a.slug));
const preparedOnConnection = (conn: Db) =>
  sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(conn).then((r) => r.rows.map((x) => x.statement));

it('runs a prepared query as a named statement, prepared once on its connection, with each call’s values', async () => {
  await db.connection().execute(async (conn) => {
    expect(await storeBySlug.all(conn, { slug: 'non-esiste' })).toEqual([]);
    expect(await storeBySlug.all(conn, { slug: 'altro' })).toEqual([]);
    const statements = await preparedOnConnection(conn);
    const ours = statements.filter((s) => s.includes('"stores"') && s.includes('"slug" = $1'));
    expect(ours).toHaveLength(1);
    // A query built per call is not kept by the connection.
    await db.selectFrom('stores').select('id').where('name', '=', 'Negozio costruito ora').execute();
    await conn.selectFrom('stores').select('id').where('name', '=', 'Negozio costruito ora').execute();
    expect((await preparedOnConnection(conn)).filter((s) => s.includes('"name" = $1'))).toEqual([]);
  });
});

// Reads gathered into one statement answer each read as if it ran alone; writes gathered behind a
// requirement stand together or not at all.
beforeAll(async () => {
  await sql`create table t_items (id text primary key, shop text not null, title text, qty integer not null)`.execute(db);
  await sql`insert into t_items values ('a1', 'A', 'Caffè «speciale»', 3), ('a2', 'A', null, 0), ('b1', 'B', 'Tè', 7)`.execute(db);
});

type Items = { t_items: { id: string; shop: string; title: string | null; qty: number } };
const itemsOf = prepared((d: Db, a: { shop: string }) =>
  (d as unknown as Kysely<Items>).selectFrom('t_items').select(['id', 'title', 'qty']).where('shop', '=', a.shop).orderBy('id'),
);
const countOf = prepared((d: Db, a: { min: number }) =>
  (d as unknown as Kysely<Items>)
    .selectFrom('t_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('qty', '>=', a.min),
);

it('answers every gathered read with the rows it gives alone: texts, nulls, integers, counts, order, none', async () => {
  const alone = [
    await itemsOf.all(db, { shop: 'A' }),
    await itemsOf.all(db, { shop: 'B' }),
    await itemsOf.all(db, { shop: 'Z' }),
    await countOf.all(db, { min: 1 }),
  ];
  const reads = new ReadsTogether(db);
  const together = [itemsOf.all(reads, { shop: 'A' }), itemsOf.all(reads, { shop: 'B' }), itemsOf.all(reads, { shop: 'Z' }), countOf.all(reads, { min: 1 })];
  await reads.run();
  expect(await Promise.all(together)).toEqual(alone);
  expect(alone[0]).toEqual([
    { id: 'a1', title: 'Caffè «speciale»', qty: 3 },
    { id: 'a2', title: null, qty: 0 },
  ]);
  expect(alone[3]).toEqual([{ n: 2 }]);
});

it('stands all together or not at all behind its requirement, and says which way it went', async () => {
  const take = (ids: string[]) => {
    const writes = new PendingWrites();
    writes.first(
      'taken',
      sql`update t_items set qty = qty - 1 where id = any(${ids}::text[]) and qty >= 1 returning id`.compile(db),
      sql`(select count(*) from taken) = ${ids.length}`.compile(db),
      'every item taken',
    );
    writes.add(sql`insert into t_items (id, shop, title, qty) select 'log-' || id, 'L', null, 0 from taken`.compile(db));
    return writes.run(db);
  };
  // a2 has none left: a1's unit is given back and no log row stays.
  const refused = await take(['a1', 'a2']).catch((err: unknown) => err);
  expect(isRequirementFailure(refused)).toBe(true);
  expect((await itemsOf.all(db, { shop: 'A' })).map((r) => r.qty)).toEqual([3, 0]);
  expect(await itemsOf.all(db, { shop: 'L' })).toEqual([]);
  await take(['a1', 'b1']);
  expect((await itemsOf.all(db, { shop: 'A' })).map((r) => r.qty)).toEqual([2, 0]);
  expect((await itemsOf.all(db, { shop: 'L' })).map((r) => r.id)).toEqual(['log-a1', 'log-b1']);
});

// The migrator asks at each start which tables exist: only the deployment's own schema is read, so
// other schemas in the same database, even ones dropped meanwhile, neither slow nor fail a start.
it('migrates reading only its own schema: another schema’s tables are not seen, and schemas dropped meanwhile do not fail a start', async () => {
  const other = `other_${randomBytes(5).toString('hex')}`;
  await sql`create schema ${sql.id(other)}`.execute(db);
  await sql`create table ${sql.id(other, 'elsewhere')} (id serial primary key)`.execute(db);
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  expect(new Set(tables.map((t) => t.schema))).toEqual(new Set([schema]));
  expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['kysely_migration', 'products', 'product_search']));
  expect(tables.find((t) => t.name === 'product_search')?.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
  expect((await db.introspection.getTables()).map((t) => t.name)).not.toContain('kysely_migration');
  await sql`drop schema ${sql.id(other)} cascade`.execute(db);

  const fresh = `start_${randomBytes(5).toString('hex')}`;
  let churning = true;
  const churn = (async () => {
    for (let i = 0; churning; i++) {
      const s = `churn_${i}_${randomBytes(3).toString('hex')}`;
      await sql`create schema ${sql.id(s)}`.execute(db);
      await sql`create table ${sql.id(s, 't')} (id serial primary key, name text)`.execute(db);
      await sql`drop schema ${sql.id(s)} cascade`.execute(db);
    }
  })();
  const second = await openDatabase({
    databaseUrl: process.env.TEST_DATABASE_URL!,
    databaseSchema: fresh,
    dataDir,
  });
  try {
    await migrate(second.db, fresh);
    await migrate(second.db, fresh);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(second.db);
    expect(rows[0]!.n).toBe((await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db)).rows[0]!.n);
  } finally {
    churning = false;
    await churn;
    await sql`drop schema if exists ${sql.id(fresh)} cascade`.execute(db);
    await second.destroy();
  }
});
