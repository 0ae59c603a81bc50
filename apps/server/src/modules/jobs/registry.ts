import type { AppContext } from '../../lib/context.js';
import { expireOverdueOrders } from '../payments/payment-expiry.js';
import { forgetPastVisitors } from '../stats/visits.js';
import { purgeExpiredAuditEntries } from '../audit/retention.js';
import { leasedJob, type JobDefinition } from './service.js';

/**
 * Every background job of the server, in one list. Each instance runs them all; a job with a
 * lease (table `job_leases`) does its work on one instance at a time:
 *
 * | job             | every                            | held to one instance by            |
 * | --------------- | -------------------------------- | ---------------------------------- |
 * | payment-expiry  | PAYMENT_EXPIRY_INTERVAL_SECONDS  | lease 'payment-expiry'             |
 * | visitor-cleanup | 15 minutes, and at start         | lease 'visitor-cleanup'            |
 * | audit-retention | daily, and at start              | lease 'audit-retention'            |
 * | mail queue      | polls every 2 s, woken on enqueue | each mail claimed by one instance  |
 *
 * The mail queue needs no lease: every instance sends, and a row claimed by one is skipped by the
 * others (modules/mail/queue-worker.ts). Image re-encoding runs per request, not on a timer
 * (modules/storage/image-queue.ts).
 */

/** Cancels the orders past their deadline and releases their stock (modules/payments/payment-expiry.ts). */
export const paymentExpiry: JobDefinition = {
  name: 'payment-expiry',
  everyMs: (ctx) => ctx.config.paymentExpiryIntervalMs,
  runAtStart: false,
  run: expireOverdueOrders,
  failure: 'payment expiry failed (retried next round)',
  report: (ctx, n) => ctx.log.info({ expired: n }, 'orders past their deadline cancelled'),
};

/** Deletes the visitor hashes and salts of past days (modules/stats/visits.ts). */
export const visitorCleanup: JobDefinition = {
  name: 'visitor-cleanup',
  everyMs: () => 15 * 60_000,
  runAtStart: true,
  run: forgetPastVisitors,
  failure: 'visitor cleanup failed (retried next round)',
};

/** Deletes 'Registro attività' entries older than AUDIT_RETENTION_DAYS (modules/audit/retention.ts). */
export const auditRetention: JobDefinition = {
  name: 'audit-retention',
  everyMs: () => 24 * 3600_000,
  runAtStart: true,
  run: purgeExpiredAuditEntries,
  failure: 'audit log retention failed (retried next round)',
  report: (ctx, n) => ctx.log.info({ removed: n }, 'audit entries past their retention removed'),
};

export const LEASED_JOBS: readonly JobDefinition[] = [paymentExpiry, visitorCleanup, auditRetention];

export const paymentExpiryJob = (ctx: AppContext, holder?: string) => leasedJob(ctx, paymentExpiry, holder);
export const visitorCleanupJob = (ctx: AppContext, holder?: string) => leasedJob(ctx, visitorCleanup, holder);
export const auditRetentionJob = (ctx: AppContext, holder?: string) => leasedJob(ctx, auditRetention, holder);

/** Starts every job once the app is ready; `close` stops them, the mail queue last (a send in flight may finish). */
export function backgroundJobs(ctx: AppContext) {
  const leased = LEASED_JOBS.map((job) => leasedJob(ctx, job));
  return {
    start() {
      ctx.mailer.start();
      for (const job of leased) job.start();
    },
    async close() {
      for (const job of leased) await job.close();
      await ctx.mailer.close();
    },
  };
}
