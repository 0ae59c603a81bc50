import type { Db } from '../db/index.js';
import { clock } from './clock.js';

/**
 * A periodic job that should run on one instance at a time takes a lease row first: the holder
 * renews it, anyone may take it once it lapsed (an instance that died lets go by itself). The
 * jobs stay correct without it (their writes are conditional); the lease only spares the others
 * the work.
 */
export async function takeLease(db: Db, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const now = clock.iso();
  const until = new Date(clock.nowMs() + ttlMs).toISOString();
  const r = await db
    .insertInto('job_leases')
    .values({ name, holder, lease_until: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, lease_until: until })
        .where((eb) => eb.or([eb('job_leases.lease_until', '<', now), eb('job_leases.holder', '=', holder)])),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}
