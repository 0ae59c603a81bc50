import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { ordersRepo } from '../src/modules/orders/repo.js';
import { PG_URL, startServer, type TestServer } from './harness.js';
import { merchant } from './catalog-fixtures.js';

// PostgreSQL only: there the number is taken in a statement of its own that commits without waiting
// for the disk (orders/repo.ts); SQLite takes it inside the order's shared commit.
describe.runIf(PG_URL)('order numbers on PostgreSQL', () => {
  let server: TestServer;
  let handle: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    server = await startServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-numbers-'));
    // A second pool on the server's schema: idle connections are reused last in, first out, so the
    // statement after the number runs on the connection that took it.
    handle = await openDatabase({ databaseUrl: PG_URL, databaseSchema: server.schema, dataDir });
  });
  afterAll(async () => {
    await handle.destroy();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const durability = async (db: DatabaseHandle['db']) =>
    (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]?.synchronous_commit;

  it('gives consecutive numbers and leaves every later statement committing as durably as before', async () => {
    const m = await merchant(server, 'Negozio Numeri');
    const repo = ordersRepo(handle.db);
    const first = await repo.nextNumber(handle.db, m.store.id);
    expect(await durability(handle.db)).toBe('on');
    expect(await repo.nextNumber(handle.db, m.store.id)).toBe(first + 1);
    expect(await durability(handle.db)).toBe('on');
    const taken = await Promise.all(Array.from({ length: 20 }, () => repo.nextNumber(handle.db, m.store.id)));
    expect(new Set(taken).size).toBe(20);
    expect(Math.min(...taken)).toBe(first + 2);
    expect(Math.max(...taken)).toBe(first + 21);
  });

  it('inside a transaction, takes the number with the transaction and never makes its commit asynchronous', async () => {
    const m = await merchant(server, 'Negozio Transazione');
    const repo = ordersRepo(handle.db);
    const seen = await handle.db.transaction().execute(async (trx) => {
      const n = await repo.nextNumber(trx, m.store.id);
      return { n, setting: (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit };
    });
    expect(seen.setting).toBe('on');
    expect(await repo.nextNumber(handle.db, m.store.id)).toBe(seen.n + 1);
  });
});
