import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type DatabaseHandle } from '../src/db/index.js';
import { PG_URL, startServer, type TestServer } from './harness.js';

// PostgreSQL only (the setting's parsing, below, runs on both engines): SQLite has one connection
// for the life of the process and plans each statement when it prepares it (db/index.ts).
describe.runIf(PG_URL)('pooled PostgreSQL connections', () => {
  let server: TestServer;
  let handle: DatabaseHandle;
  let dataDir: string;
  beforeAll(async () => {
    server = await startServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vetrina-connections-'));
    handle = await openDatabase({ databaseUrl: PG_URL, databaseSchema: server.schema, dataDir, connectionLifetimeSeconds: 1, postgresPoolSize: 2 });
  });
  afterAll(async () => {
    await handle.destroy();
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const backend = async (db: DatabaseHandle['db']) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('replaces a connection after its lifetime, so its statements are planned again on the tables as they are', async () => {
    const first = await backend(handle.db);
    expect(await backend(handle.db)).toBe(first);
    await wait(1_500);
    const next = await backend(handle.db);
    expect(next).not.toBe(first);
  });

  it('keeps at most PG_POOL_SIZE connections: six queries at once share its two backends', async () => {
    const pids = await Promise.all(
      Array.from({ length: 6 }, async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid from pg_sleep(0.2)`.execute(handle.db)).rows[0]!.pid),
    );
    expect(new Set(pids).size).toBe(2);
  });

  it('never cuts a transaction that outlives the lifetime: it ends on the connection it began on', async () => {
    const pids = await handle.db.transaction().execute(async (trx) => {
      const before = await backend(trx);
      await wait(1_500);
      return [before, await backend(trx)];
    });
    expect(pids[1]).toBe(pids[0]);
    const rows = await sql<{ n: number }>`select 1 as n`.execute(handle.db);
    expect(rows.rows[0]!.n).toBe(1);
  });
});

describe('PG_POOL_SIZE', () => {
  it('is 10 connections unless set, and a value that is not a number of connections is refused in Italian', () => {
    expect(loadConfig({}).postgresPoolSize).toBe(10);
    expect(loadConfig({ PG_POOL_SIZE: '4' }).postgresPoolSize).toBe(4);
    expect(() => loadConfig({ PG_POOL_SIZE: 'molte' })).toThrow(/PG_POOL_SIZE deve essere un numero di connessioni/);
    expect(() => loadConfig({ PG_POOL_SIZE: '0' })).toThrow(/PG_POOL_SIZE deve essere almeno 1/);
    expect(() => loadConfig({ PG_POOL_SIZE: '2.5' })).toThrow(/PG_POOL_SIZE deve essere un numero intero/);
  });
});
