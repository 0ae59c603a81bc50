import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { transactions } from './group-commit.js';
import type { Db } from './index.js';

// A stock row and the orders taken against it, like the checkout's conditional update.
const file = new SQLite(':memory:');
file.exec(`create table stock (id text primary key, qty integer not null check (qty >= 0));
  create table orders (id text primary key, key text not null unique);
  insert into stock values ('tazza', 3);`);
let commits = 0;
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: file }), log: (e) => void (e.query.sql === 'commit' && commits++) }) as unknown as Db;
afterAll(() => db.destroy());
const transact = transactions(db, 'sqlite');

/** One order: takes a unit (refused below zero by the check) and records its key (unique). */
const order = (id: string, key = id) =>
  transact(async (trx) => {
    await sql`update stock set qty = qty - 1 where id = 'tazza'`.execute(trx);
    await sql`insert into orders (id, key) values (${id}, ${key})`.execute(trx);
    return id;
  });
const rows = async () => (await sql<{ id: string }>`select id from orders order by id`.execute(db)).rows.map((r) => r.id);
const stock = async () => (await sql<{ qty: number }>`select qty from stock`.execute(db)).rows[0]?.qty;

it('concurrent units share one commit; a unit that fails is undone alone, the others are kept', async () => {
  commits = 0;
  const outcomes = await Promise.allSettled([order('a'), order('b', 'a'), order('c'), order('d'), order('e')]);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'rejected']);
  // 'b' repeated a key, 'e' found no stock left: neither took a unit nor left a row.
  expect(await rows()).toEqual(['a', 'c', 'd']);
  expect(await stock()).toBe(0);
  expect(commits).toBe(1);
});

it('answers each caller only once its writes are committed', async () => {
  await sql`update stock set qty = 1`.execute(db);
  const id = await order('f');
  // Read on the same connection after the answer: committed, not just visible to the transaction.
  expect(file.inTransaction).toBe(false);
  expect(await rows()).toContain(id);
});

it('a unit alone still runs in its own transaction', async () => {
  commits = 0;
  await sql`update stock set qty = 1`.execute(db);
  await expect(order('g')).resolves.toBe('g');
  await expect(order('h')).rejects.toThrow(/CHECK constraint failed/);
  expect(commits).toBe(2);
  expect(await stock()).toBe(0);
});
