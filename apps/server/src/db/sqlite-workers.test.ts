import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './index.js';
import { readsOf, startSqliteWorkers } from './sqlite-workers.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-workers-'));
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir, sqliteReadWorkers: 2 });
  await sql`create table shelf (id integer primary key, name text not null)`.execute(handle.db);
});
afterAll(async () => {
  await handle.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const names = (db = handle.db) => readsOf(db)(sql<{ name: string }>`select name from shelf order by id`.compile(db));

it('a read on a worker sees every commit made before it was sent', async () => {
  for (let i = 1; i <= 20; i++) {
    await sql`insert into shelf (id, name) values (${i}, ${`tazza ${i}`})`.execute(handle.db);
    const seen = await names();
    expect(seen).toHaveLength(i);
    expect(seen.at(-1)).toEqual({ name: `tazza ${i}` });
  }
  // Many at once, spread over both workers: every answer is its own query's.
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, k) => readsOf(handle.db)(sql<{ n: number }>`select ${k} as n, count(*) as c from shelf`.compile(handle.db))),
  );
  expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 40 }, (_, k) => k));
});

it('a transaction reads its own uncommitted writes on its own connection, never on a worker', async () => {
  await handle.db.transaction().execute(async (trx) => {
    await sql`insert into shelf (id, name) values (100, 'in corso')`.execute(trx);
    expect((await names(trx)).at(-1)).toEqual({ name: 'in corso' });
    // Outside the transaction (a worker), it is not there yet.
    expect((await names()).at(-1)).toEqual({ name: 'tazza 20' });
  });
  expect((await names()).at(-1)).toEqual({ name: 'in corso' });
});

it('refuses a statement that writes, and reports SQL errors to the caller', async () => {
  await expect(readsOf(handle.db)(sql`delete from shelf`.compile(handle.db))).rejects.toThrow();
  await expect(readsOf(handle.db)(sql`select * from no_such_table`.compile(handle.db))).rejects.toThrow(/no such table/);
  expect(await names()).toHaveLength(21);
});

it('when every worker is queued deep, some reads run on the request thread, and every answer is still its own', async () => {
  const onRequestThread: number[] = [];
  const workers = startSqliteWorkers(path.join(dataDir, 'vetrina.db'), { count: 1, checkpointMs: 0, cacheKib: 2000 }, async (q) => {
    onRequestThread.push(Number(q.parameters[0]));
    return (await handle.db.executeQuery(q)).rows;
  });
  try {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, k) => workers.read(sql<{ n: number; c: number }>`select ${k} as n, count(*) as c from shelf`.compile(handle.db))),
    );
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 100 }, (_, k) => k));
    expect(new Set(answers.map((rows) => rows[0]?.c))).toEqual(new Set([21]));
    // The first 16 queue on the worker; of the 84 after them, one in three runs here.
    expect(onRequestThread).toHaveLength(28);
    expect(onRequestThread[0]).toBe(16);
    // Nor does a write get through the request thread's share.
    const writes = await Promise.allSettled(Array.from({ length: 40 }, () => readsOf(handle.db)(sql`delete from shelf`.compile(handle.db))));
    expect(writes.every((w) => w.status === 'rejected')).toBe(true);
    expect(await names()).toHaveLength(21);
  } finally {
    await workers.close();
  }
});

it('a read sent while worker 0 runs a checkpoint is answered on the request thread, not queued behind it', async () => {
  const onRequestThread: number[] = [];
  // A timer that never fires in the test: the checkpoint runs when asked.
  const workers = startSqliteWorkers(path.join(dataDir, 'vetrina.db'), { count: 1, checkpointMs: 3_600_000, cacheKib: 2000 }, async (q) => {
    onRequestThread.push(Number(q.parameters[0]));
    return (await handle.db.executeQuery(q)).rows;
  });
  const count = (k: number) => workers.read(sql<{ n: number; c: number }>`select ${k} as n, count(*) as c from shelf`.compile(handle.db));
  try {
    await sql`insert into shelf (id, name) values (200, 'dopo il log')`.execute(handle.db);
    const checkpointed = workers.checkpoint();
    const during = await count(1);
    await checkpointed;
    const after = await count(2);
    expect([during, after]).toEqual([[{ n: 1, c: 22 }], [{ n: 2, c: 22 }]]);
    expect(onRequestThread).toEqual([1]);
  } finally {
    await workers.close();
  }
});
