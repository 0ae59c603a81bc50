import type { Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';

/** The only SQL of the jobs module: the `job_leases` rows (migration 008). */
export function jobLeasesRepo(db: Db) {
  return {
    /**
     * Takes or renews the named lease for `holder` until `ttlMs` from now; true when it is theirs.
     * Anyone may take a lease once it lapsed, so an instance that died lets go by itself.
     */
    async take(name: string, holder: string, ttlMs: number): Promise<boolean> {
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
    },
  };
}
export type JobLeasesRepo = ReturnType<typeof jobLeasesRepo>;
