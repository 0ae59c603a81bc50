import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { storeOrderNumbers } from '../src/modules/stores/service.js';
import { ReadsTogether } from '../src/db/prepared.js';
import { PG_URL, client, startServer, type TestServer } from './harness.js';
import { checkoutBody, insertProduct } from './catalog-factory.js';
import { merchant } from './catalog-fixtures.js';

// PostgreSQL only: there the number is taken with the checkout's reads, in a statement that commits
// without waiting for the disk (stores/repo.ts); SQLite takes it inside the order's shared commit.
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

  /** The number taken with a read beside it (the store's counter), as the checkout does: one statement. */
  const beside = async (storeId: string, key: string, take = true) => {
    const reads = new ReadsTogether(handle.db);
    const number = storeOrderNumbers.besideReads(reads, storeId, key, take);
    const store = reads.rows(sql<{ next_order_number: number }>`select next_order_number from stores where id = ${storeId}`.compile(handle.db));
    await reads.run();
    return { number: await number, read: await store };
  };

  it('gives consecutive numbers with the reads and leaves every later statement committing as durably as before', async () => {
    const m = await merchant(server, 'Negozio Numeri');
    const first = await beside(m.store.id, 'chiave-1');
    expect(first.number).toBe(1001);
    // The read beside it sees the statement's snapshot: the counter before the increment.
    expect(first.read).toEqual([{ next_order_number: 1001 }]);
    expect(await durability(handle.db)).toBe('on');
    expect((await beside(m.store.id, 'chiave-2')).number).toBe(1002);
    expect(await durability(handle.db)).toBe('on');
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => beside(m.store.id, `chiave-${i + 3}`)));
    expect(new Set(taken.map((t) => t.number)).size).toBe(20);
    expect(Math.min(...taken.map((t) => t.number!))).toBe(1003);
    expect(Math.max(...taken.map((t) => t.number!))).toBe(1022);
  });

  it('takes none when the order is refused beforehand or its key already made an order', async () => {
    const m = await merchant(server, 'Negozio Chiavi');
    expect((await beside(m.store.id, 'chiave-a', false)).number).toBeNull();
    const p = await insertProduct(server, m.store.id, { priceCents: 100, stock: 5 });
    const body = checkoutBody([{ productId: p.id, quantity: 1, unitPriceCents: 100 }]);
    const placed = await client(server.url).post(`/api/public/stores/${m.store.slug}/checkout`, body);
    expect(placed.body.orderNumber).toBe(1001);
    expect((await beside(m.store.id, body.idempotencyKey)).number).toBeNull();
    expect((await beside(m.store.id, 'chiave-b')).number).toBe(1002);
  });

  it('inside a transaction, takes the number with the transaction and never makes its commit asynchronous', async () => {
    const m = await merchant(server, 'Negozio Transazione');
    const seen = await handle.db.transaction().execute(async (trx) => {
      const n = await storeOrderNumbers.next(trx, m.store.id);
      return { n, setting: (await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit };
    });
    expect(seen.setting).toBe('on');
    expect(await storeOrderNumbers.next(handle.db, m.store.id)).toBe(seen.n + 1);
  });
});
