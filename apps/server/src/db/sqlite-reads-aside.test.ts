import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './index.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-aside-'));
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir, sqliteReadWorkers: 1 });
  await sql`create table shelf (id integer primary key, name text not null)`.execute(handle.db);
  await sql`insert into shelf (id, name) values (1, 'tazza')`.execute(handle.db);
});
afterAll(async () => {
  await handle.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const names = async () => (await sql<{ name: string }>`select name from shelf order by id`.execute(handle.db)).rows.map((r) => r.name);

/**
 * Opens a transaction that writes `row` and stays open until `end` is called (or, should the code
 * under test wait for it, until `giveUpMs`: the test then fails on what it saw, not on a hang).
 */
function longTransaction(row: { id: number; name: string }, giveUpMs = 2000) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const giveUp = setTimeout(end, giveUpMs);
  let open = false;
  let markOpen!: () => void;
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  const done = handle.db.transaction().execute(async (trx) => {
    await sql`insert into shelf (id, name) values (${row.id}, ${row.name})`.execute(trx);
    open = true;
    markOpen();
    await ended;
    open = false;
  });
  return { opened, done, isOpen: () => open, end: () => (clearTimeout(giveUp), end()) };
}

it('a read outside a long transaction is answered while it is open, from the last commit', async () => {
  const tx = longTransaction({ id: 2, name: 'piatto' });
  await tx.opened;
  const seen = await names();
  const whileOpen = tx.isOpen();
  tx.end();
  await tx.done;
  expect({ seen, whileOpen }).toEqual({ seen: ['tazza'], whileOpen: true });
  expect(await names()).toEqual(['tazza', 'piatto']);
});

it('a write outside a transaction still waits for its commit (one writer)', async () => {
  const tx = longTransaction({ id: 5, name: 'vassoio' });
  await tx.opened;
  const order: string[] = [];
  const write = sql`insert into shelf (id, name) values (3, 'ciotola')`.execute(handle.db).then(() => order.push('write'));
  await new Promise((r) => setImmediate(r));
  order.push('commit');
  tx.end();
  await Promise.all([tx.done, write]);
  expect(order).toEqual(['commit', 'write']);
  expect(await names()).toEqual(['tazza', 'piatto', 'ciotola', 'vassoio']);
});

it('a transaction still reads its own uncommitted rows, and a failed one leaves the connection usable', async () => {
  await expect(
    handle.db.transaction().execute(async (trx) => {
      await sql`insert into shelf (id, name) values (4, 'brocca')`.execute(trx);
      expect((await sql<{ name: string }>`select name from shelf where id = 4`.execute(trx)).rows).toEqual([{ name: 'brocca' }]);
      throw new Error('annullata');
    }),
  ).rejects.toThrow('annullata');
  expect(await names()).toEqual(['tazza', 'piatto', 'ciotola', 'vassoio']);
  const tx = longTransaction({ id: 6, name: 'teiera' });
  await tx.opened;
  expect(await names()).toEqual(['tazza', 'piatto', 'ciotola', 'vassoio']);
  expect(tx.isOpen()).toBe(true);
  tx.end();
  await tx.done;
});

it("a pragma outside a transaction is not sent aside: it reads this connection's own settings", async () => {
  const own = (await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db)).rows[0]?.cache_size;
  const tx = longTransaction({ id: 7, name: 'caraffa' });
  await tx.opened;
  const order: string[] = [];
  const read = sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db).then((r) => (order.push('pragma'), r.rows[0]?.cache_size));
  await new Promise((r) => setImmediate(r));
  order.push('commit');
  tx.end();
  const [, seen] = await Promise.all([tx.done, read]);
  expect({ order, seen }).toEqual({ order: ['commit', 'pragma'], seen: own });
});
