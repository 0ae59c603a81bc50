import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';

/**
 * SQLite's work off the request thread (docs/decisions/0032-sqlite-workers.md). better-sqlite3 runs
 * every statement on the thread that calls it, so a search ranking 2,000 matches (2–4 ms) held
 * the one JavaScript thread, and every other request waited behind it while the machine's other
 * core was idle. A few worker threads each open the database file and answer read-only queries
 * (a list's ids and totals, a search's matches); the request thread keeps writes, transactions
 * and everything else.
 *
 * - Every read runs as its own statement, so it sees every commit made before it was sent: what a
 *   request wrote is visible to the read it sends next. Reads inside a transaction never come
 *   here (`readsOf` knows only the database, not its transactions).
 * - Worker 0 also runs the WAL checkpoints, on a connection of its own, every `checkpointMs`
 *   (PASSIVE: it never blocks readers or the writer). In WAL mode a commit only appends to the
 *   log; every ~1,000 pages the committing connection would copy the log back into the database
 *   file and sync it, and that commit would wait for the disk (measured on the checkout bench:
 *   +20 % orders/s every 200 ms; longer intervals made larger checkpoints and a slower p99). The
 *   main connection keeps a large auto-checkpoint as a safety net. The request thread starts each
 *   checkpoint and sends no read to worker 0 until it has run: copying back the log of a 20 MB
 *   import took 0.8-2.1 s on a loaded machine, and a shop's read queued behind it waited as long.
 *   Those reads run on another worker, or on the request thread (the overflow's rule).
 * - A worker that fails is left out; with none left, reads run on the request thread again.
 * - When every worker already has `SHARE_QUEUE` reads waiting, one further read in `SHARE_ONE_IN`
 *   runs on the request thread's own connection instead of queueing. Under a search load the
 *   worker was 92 % busy while the request thread sat half idle (CPU profiles of both threads);
 *   sharing the overflow took the bench's search mix from ~2,700 to 3,300–3,650 req/s, p99 62–67
 *   → 50–61 ms, without another worker's memory. Sharing every overflowing read, or from 4 or 8
 *   waiting, blocked the request thread too often (fewer searches, slower lists).
 */
export interface SqliteWorkers {
  /** Runs a read-only query on the least busy worker (or, when all are queued deep, sometimes right here). */
  read<R>(query: CompiledQuery<R>): Promise<R[]>;
  /** Runs a read-only query on the least busy worker, never here; null when no worker is left (./sqlite-reads-aside.ts). */
  aside<R>(query: CompiledQuery<R>): Promise<R[]> | null;
  /** Runs a WAL checkpoint now (worker 0's timer does every `checkpointMs`); answers when it has run. */
  checkpoint(): Promise<void>;
  close(): Promise<void>;
}

/** The error code of a statement refused because it is not a read (on a worker or on the request thread's share). */
const NOT_A_READ = 'VETRINA_NOT_A_READ';
/** The error of a statement refused because it is not a read. */
export const notARead = () => Object.assign(new Error('not a read'), { code: NOT_A_READ });

// Plain JavaScript, evaluated in each worker (the server is one bundled module; a worker needs its own source).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true });
db.pragma('busy_timeout = 5000');
db.pragma('temp_store = MEMORY');
db.pragma('cache_size = -' + workerData.cacheKib);
const statements = new Map();
function statement(text) {
  let st = statements.get(text);
  if (!st) {
    if (statements.size >= 500) statements.delete(statements.keys().next().value);
    st = db.prepare(text);
    statements.set(text, st);
  }
  return st;
}
const checkpoints = workerData.checkpointMs ? new Database(workerData.file) : null;
const checkpoint = () => { try { checkpoints.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
if (checkpoints) checkpoints.pragma('busy_timeout = 5000');
parentPort.on('message', (m) => {
  if (m === 'checkpoint') {
    checkpoint();
    parentPort.postMessage('checkpointed');
    return;
  }
  if (m === 'close') {
    if (checkpoints) { checkpoint(); checkpoints.close(); }
    db.close();
    parentPort.postMessage('closed');
    return;
  }
  try {
    const st = statement(m.sql);
    if (!st.reader) throw Object.assign(new Error('not a read'), { code: '${NOT_A_READ}' });
    parentPort.postMessage({ id: m.id, rows: st.all(...m.params) });
  } catch (e) {
    parentPort.postMessage({ id: m.id, error: { message: String(e && e.message), code: e && e.code } });
  }
});
`;

/** Reads waiting on every worker before the request thread takes some (see above). */
const SHARE_QUEUE = 16;
/** Of the reads past that queue, the request thread runs one in this many. */
const SHARE_ONE_IN = 3;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (err: Error) => void;
}
interface Lane {
  worker: Worker;
  pending: Map<number, Pending>;
  alive: boolean;
  /** Its checkpoint's answer, while one runs (reads sent now would wait behind it). */
  checkpointing: Promise<void> | null;
}

/**
 * Starts `count` read workers on the database file (at least one when `checkpointMs` is set, for
 * the checkpoints); `fallback` runs a read on the request thread when no worker is left.
 */
export function startSqliteWorkers(
  file: string,
  opts: { count: number; checkpointMs: number; /** Each read connection's page cache, KiB. */ cacheKib: number },
  fallback: <R>(query: CompiledQuery<R>) => Promise<R[]>,
): SqliteWorkers {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const count = Math.max(opts.count, opts.checkpointMs ? 1 : 0);
  let nextId = 0;
  let overflow = 0;
  const lanes: Lane[] = Array.from({ length: count }, (_, i) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, checkpointMs: i === 0 ? opts.checkpointMs : 0, cacheKib: opts.cacheKib },
    });
    worker.unref();
    const lane: Lane = { worker, pending: new Map(), alive: true, checkpointing: null };
    worker.on('message', (m: { id: number; rows?: unknown[]; error?: { message: string; code?: string } } | 'closed' | 'checkpointed') => {
      if (m === 'closed') return;
      if (m === 'checkpointed') return checkpointDone();
      const p = lane.pending.get(m.id);
      if (!p) return;
      lane.pending.delete(m.id);
      if (m.error) p.reject(Object.assign(new Error(m.error.message), { code: m.error.code }));
      else p.resolve(m.rows ?? []);
    });
    const fail = (err: Error) => {
      lane.alive = false;
      if (lane.checkpointing) checkpointDone();
      for (const p of lane.pending.values()) p.reject(err);
      lane.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('SQLite worker stopped')));
    return lane;
  });
  // Only the checkpointing worker when reads stay on the request thread (count 0).
  const readers = lanes.slice(0, opts.count);
  const checkpointer = opts.checkpointMs ? lanes[0] : undefined;
  let checkpointDone = () => {};
  /** Starts a checkpoint on worker 0 unless one is running; answers when it has run. */
  const checkpoint = (): Promise<void> => {
    if (!checkpointer?.alive) return Promise.resolve();
    checkpointer.checkpointing ??= new Promise<void>((resolve) => {
      checkpointDone = () => {
        checkpointer.checkpointing = null;
        checkpointDone = () => {};
        resolve();
      };
      checkpointer.worker.postMessage('checkpoint');
    });
    return checkpointer.checkpointing;
  };
  const timer = checkpointer ? setInterval(() => void checkpoint(), opts.checkpointMs) : null;
  timer?.unref();

  /** The alive reader with the fewest reads waiting; with `free`, only one that runs no checkpoint. */
  const leastBusy = (free: boolean) => {
    let lane: Lane | undefined;
    for (const l of readers) if (l.alive && !(free && l.checkpointing) && (!lane || l.pending.size < lane.pending.size)) lane = l;
    return lane;
  };
  const send = <R>(target: Lane, query: CompiledQuery<R>) => {
    const id = nextId++;
    return new Promise<R[]>((resolve, reject) => {
      target.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      target.worker.postMessage({ id, sql: query.sql, params: query.parameters });
    });
  };

  return {
    read<R>(query: CompiledQuery<R>): Promise<R[]> {
      // A worker copying a large log back (1-2 s after a 20 MB import, on a busy disk) answers
      // nothing meanwhile: the read runs here, or on another worker, instead of queueing behind it.
      const lane = leastBusy(true);
      if (!lane) return fallback(query);
      if (lane.pending.size >= SHARE_QUEUE && overflow++ % SHARE_ONE_IN === 0) return fallback(query);
      return send(lane, query);
    },
    aside<R>(query: CompiledQuery<R>): Promise<R[]> | null {
      // Behind a checkpoint if need be: the transaction it stands aside from may run for seconds.
      const lane = leastBusy(true) ?? leastBusy(false);
      return lane ? send(lane, query) : null;
    },
    checkpoint,
    async close() {
      if (timer) clearInterval(timer);
      await Promise.all(
        lanes.map(
          (l) =>
            new Promise<void>((resolve) => {
              if (!l.alive) return resolve();
              // Its last checkpoint done and its connections closed, the worker is stopped.
              l.worker.on('message', (m) => m === 'closed' && void l.worker.terminate());
              l.worker.once('exit', () => resolve());
              l.worker.postMessage('close');
            }),
        ),
      );
    },
  };
}

const workersOf = new WeakMap<object, SqliteWorkers>();

/** Gives the database its read workers (./index.ts). */
export function attachReadWorkers(db: object, workers: SqliteWorkers): void {
  workersOf.set(db, workers);
}

/**
 * How to run a read-only query on `db`: on a read worker when `db` is an SQLite database that has
 * them, otherwise right here (PostgreSQL, a transaction, or none configured).
 */
export function readsOf(db: { executeQuery<R>(q: CompiledQuery<R>): Promise<{ rows: R[] }> }): <R>(query: CompiledQuery<R>) => Promise<R[]> {
  const workers = workersOf.get(db);
  return workers ? (q) => workers.read(q) : async (q) => (await db.executeQuery(q)).rows;
}
