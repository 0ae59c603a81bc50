import { Worker, type ResourceLimits } from 'node:worker_threads';
import { csvMsg } from '@vetrina/shared/csv';
import { AppError, badRequest } from '../../lib/errors.js';
import type { ImportPlan, StoreState } from './import-plan.js';

/** Messages to the import's worker thread (./import-worker.ts) and from it. */
export type ToWorker = { kind: 'file'; bytes: Uint8Array } | { kind: 'state'; state: StoreState } | { kind: 'more' };
export type FromWorker =
  | { kind: 'lookup'; handles: string[]; skus: string[] }
  | { kind: 'products'; products: ImportPlan['products'] }
  | { kind: 'plan'; plan: ImportPlan }
  | { kind: 'refused'; status: number; code: AppError['code']; message: string; extra: AppError['extra'] };

/**
 * The worker's heap. A valid 20 MB file of 10,000 rows peaks at about 60 MB in it
 * (docs/decisions/0034-csv-import-isolation.md); a file that needs more is refused, not read further.
 */
export const IMPORT_WORKER_LIMITS = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 } as const;
/**
 * Products per message of the plan. A message is read back on the request thread in one go, and
 * messages already waiting are all read in the same turn: the plan of a 20 MB file (~20 MB of
 * descriptions) held it for 100-400 ms. The worker sends the next piece of 500 only when asked
 * for it, a turn of the event loop later, with other requests served between.
 */
export const PLAN_PIECE = 500;
/** Reading and checking the largest valid file takes ~2 s here; past this the file is treated as hostile. */
const TIME_LIMIT_MS = 60_000;

/**
 * The worker's code. The production bundle is dist/main.js with the worker compiled beside it as
 * dist/csv-import-worker.js (scripts/build.mjs); running the TypeScript sources (tsx, the tests)
 * this module's URL ends in .ts, and a small bootstrap runs the worker's source through tsx.
 */
export function importWorkerFile(here = import.meta.url): URL {
  return here.endsWith('.ts') ? new URL('./import-worker-dev.mjs', here) : new URL('./csv-import-worker.js', here);
}

const tooComplex = () => badRequest(csvMsg.tooComplex, 'file');

/** The worker stopped because of the file: its heap or stack exhausted. Anything else is a fault of ours. */
const fileExhaustedIt = (err: unknown) => (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' || err instanceof RangeError;

/**
 * Reads and checks the file in a worker thread of its own, with `IMPORT_WORKER_LIMITS`: the
 * request thread only loads what the store holds (`storeState`, from the handles and SKUs the file
 * names) and gets the plan back. A refusal of the file answers its Italian message; a file that
 * exhausts the worker, or takes longer than a minute, answers csvMsg.tooComplex. The worker ends
 * with the job either way.
 */
export function planInWorker(
  bytes: Buffer,
  storeState: (names: { handles: string[]; skus: string[] }) => Promise<StoreState>,
  limits: ResourceLimits = IMPORT_WORKER_LIMITS,
): Promise<ImportPlan> {
  const worker = new Worker(importWorkerFile(), { execArgv: [], resourceLimits: limits });
  return new Promise<ImportPlan>((resolve, reject) => {
    let settled = false;
    const finish = (settle: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      settle();
    };
    const fail = (err: unknown) => finish(() => reject(err));
    const timer = setTimeout(() => fail(tooComplex()), TIME_LIMIT_MS);
    const products: ImportPlan['products'] = [];
    worker.on('message', (m: FromWorker) => {
      if (m.kind === 'lookup')
        storeState({ handles: m.handles, skus: m.skus }).then((state) => !settled && worker.postMessage({ kind: 'state', state } satisfies ToWorker), fail);
      else if (m.kind === 'products') {
        products.push(...m.products);
        setImmediate(() => !settled && worker.postMessage({ kind: 'more' } satisfies ToWorker));
      } else if (m.kind === 'plan') finish(() => resolve({ ...m.plan, products }));
      else fail(new AppError(m.status, m.code, m.message, m.extra));
    });
    worker.on('error', (err) => fail(fileExhaustedIt(err) ? tooComplex() : err));
    worker.on('exit', () => fail(tooComplex()));
    // The upload's own memory moves to the worker when the buffer is its alone (a pooled one is copied).
    const owned = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    worker.postMessage({ kind: 'file', bytes } satisfies ToWorker, owned ? [bytes.buffer as ArrayBuffer] : []);
  });
}
