import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../lib/context.js';
import { jobLeasesRepo } from './repo.js';

/** A periodic job as modules/jobs/registry.ts lists it. */
export interface JobDefinition {
  /** The name of its lease row: one instance at a time holds it. */
  name: string;
  /** How often each instance asks for the lease and, holding it, runs the job. */
  everyMs(ctx: AppContext): number;
  /** Also run once as soon as the app is ready (not only after the first interval). */
  runAtStart: boolean;
  /** The work; returns how many rows it handled. */
  run(ctx: AppContext): Promise<number>;
  /** Logged with the error when a run fails (the next round tries again). */
  failure: string;
  /** Logs what a run did, when it did something. */
  report?(ctx: AppContext, handled: number): void;
}

export interface RunningJob {
  /** One round: takes the lease, then runs the job; 0 when another instance holds it. */
  runOnce(): Promise<number>;
  start(): void;
  /** Stops the timer and waits for a round in flight. */
  close(): Promise<void>;
}

/**
 * Runs a job on this instance: every interval it takes the job's lease (held for two intervals, so
 * the holder renews it) and, holding it, runs the job. The jobs stay correct without the lease
 * (their writes are conditional); the lease only spares the other instances the work.
 */
export function leasedJob(ctx: AppContext, job: JobDefinition, holder: string = randomUUID()): RunningJob {
  const leases = jobLeasesRepo(ctx.db);
  const interval = job.everyMs(ctx);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    if (!(await leases.take(job.name, holder, interval * 2))) return 0;
    return job.run(ctx);
  }

  const tick = () => {
    if (running) return;
    running = runOnce()
      .then((n) => {
        if (n) job.report?.(ctx, n);
        return n;
      })
      .catch((err: unknown) => {
        ctx.log.warn({ err }, job.failure);
        return 0;
      })
      .finally(() => (running = undefined));
  };

  return {
    runOnce,
    start() {
      if (job.runAtStart) tick();
      timer = setInterval(tick, interval);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
