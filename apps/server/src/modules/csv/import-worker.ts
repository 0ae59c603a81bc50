import { parentPort } from 'node:worker_threads';
import type { ImportRowError } from '@vetrina/shared/csv';
import { AppError } from '../../lib/errors.js';
import { fileSkus, groupRows, planImport, type StoreState } from './import-plan.js';
import type { FromWorker, ToWorker } from './import-job.js';
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
const nextState = () => new Promise<StoreState>((resolve) => port.once('message', (m: ToWorker) => m.kind === 'state' && resolve(m.state)));

port.once('message', (m: ToWorker) => {
  if (m.kind !== 'file') return;
  void (async () => {
    try {
      const table = await readCsv(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
      const cols = mapColumns(table.header);
      const errors: ImportRowError[] = [];
      const groups = groupRows(table.rows, cols, errors);
      send({ kind: 'lookup', handles: groups.map((g) => g.handle).filter(Boolean), skus: fileSkus(table.rows, cols) });
      const state = await nextState();
      send({ kind: 'plan', plan: planImport(groups, cols, state, errors) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      send({ kind: 'refused', status: err.status, code: String(err.code), message: err.message, extra: err.extra });
    }
  })();
});
