import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { csvMsg } from '@vetrina/shared/csv';
import { rateLimited } from '../../lib/errors.js';

/**
 * Imports admitted at once (docs/decisions/0034-csv-import-isolation.md): one per store, so two
 * uploads of the same catalogue never check against each other's half-written rows, and at most
 * `IMPORTS_PER_PROCESS` per server process, because each holds its file and its plan (~20 + ~25 MB
 * for a 20 MB file) on a heap of 128 MB. Taken by the route once the upload is fully received, so a
 * stalled upload holds nothing. With Redis the store's gate is a key with a lease every instance
 * sees, renewed while the import runs; an instance that dies lets go when the lease lapses.
 */
export const IMPORTS_PER_PROCESS = 2;
const LEASE_MS = 30_000;
const busy = () => rateLimited(csvMsg.importBusy, 5, 'Importazione in corso');

let running = 0;
const storesHere = new Set<string>();

const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/** Takes the store's gate or refuses with the Italian 429; answers the function that gives it back. */
async function takeStore(redis: Redis | null, storeId: string): Promise<() => Promise<void>> {
  if (storesHere.has(storeId)) throw busy();
  storesHere.add(storeId);
  if (!redis) return async () => void storesHere.delete(storeId);
  const key = `vetrina:csv-import:${storeId}`;
  const token = randomUUID();
  try {
    if ((await redis.set(key, token, 'PX', LEASE_MS, 'NX')) !== 'OK') throw busy();
  } catch (err) {
    storesHere.delete(storeId);
    throw err;
  }
  const renew = setInterval(() => void redis.eval(RENEW, 1, key, token, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
  renew.unref();
  return async () => {
    clearInterval(renew);
    storesHere.delete(storeId);
    await redis.eval(RELEASE, 1, key, token).catch(() => undefined);
  };
}

/** Runs one store's import when neither that store nor the process is at its limit; otherwise 429, nothing read or written. */
export async function oneImportPerStore<T>(redis: Redis | null, storeId: string, run: () => Promise<T>): Promise<T> {
  if (running >= IMPORTS_PER_PROCESS) throw busy();
  running++;
  try {
    const release = await takeStore(redis, storeId);
    try {
      return await run();
    } finally {
      await release();
    }
  } finally {
    running--;
  }
}
