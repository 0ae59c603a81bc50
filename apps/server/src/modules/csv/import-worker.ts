import { parentPort } from 'node:worker_threads';
import type { ImportRowError } from '@vetrina/shared/csv';
import { AppError } from '../../lib/errors.js';
import { fileSkus, groupRows, planImport } from './import-plan.js';
import { PLAN_PIECE, type FromWorker, type ToWorker } from './import-job.js';
import { mapColumns } from './product-columns.js';
import { readCsv } from './read.js';

/**
 * The import's reading and checking, in a worker thread with its own heap limit (./import-job.ts):
 * a file that exhausts it ends this thread, not the server. Reads the file, asks the request
 * thread for what the store holds of the handles and SKUs it names, then answers the plan.
 */
const port = parentPort;
if (!port) throw new Error('import-worker.ts runs as a worker thread');

const send = (message: FromWorker) => port.postMessage(message);
/** The request thread's next message, of the kind expected (it sends nothing else at that point). */
const next = <K extends ToWorker['kind']>(kind: K) =>
  new Promise<Extract<ToWorker, { kind: K }>>((resolve) =>
    port.once('message', (m: ToWorker) => m.kind === kind && resolve(m as Extract<ToWorker, { kind: K }>)),
  );

void (async () => {
  const { bytes } = await next('file');
  try {
    const table = await readCsv(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const cols = mapColumns(table.header);
    const errors: ImportRowError[] = [];
    const groups = groupRows(table.rows, cols, errors);
    send({ kind: 'lookup', handles: groups.map((g) => g.handle).filter(Boolean), skus: fileSkus(table.rows, cols) });
    const { state } = await next('state');
    const plan = planImport(groups, cols, state, errors);
    for (let i = 0; i < plan.products.length; i += PLAN_PIECE) {
      send({ kind: 'products', products: plan.products.slice(i, i + PLAN_PIECE) });
      await next('more');
    }
    send({ kind: 'plan', plan: { ...plan, products: [] } });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    send({ kind: 'refused', status: err.status, code: err.code, message: err.message, extra: err.extra });
  }
})();
