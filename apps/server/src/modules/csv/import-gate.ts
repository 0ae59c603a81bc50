import { csvMsg } from '@vetrina/shared/csv';
import { rateLimited } from '../../lib/errors.js';

/**
 * One product import at a time per server process. A 20 MB file with 10,000 rows needs about
 * 60 MB of memory while it is read, checked and written, and the process runs with a bounded heap
 * (docs/decisions/runtime-memory.md): two at once could exhaust it and stop every store served by
 * this instance. The second merchant is asked to retry in a few seconds; nothing is read or written.
 */
let busy = false;

export async function oneImportAtATime<T>(run: () => Promise<T>): Promise<T> {
  if (busy) throw rateLimited(csvMsg.importBusy, 5, 'Importazione in corso');
  busy = true;
  try {
    return await run();
  } finally {
    busy = false;
  }
}
