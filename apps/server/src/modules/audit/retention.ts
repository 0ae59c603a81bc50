import { AUDIT_RETENTION_DAYS } from '@vetrina/shared';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { auditRepo } from './repo.js';

/** The daily job (modules/jobs/registry.ts): entries older than AUDIT_RETENTION_DAYS are deleted, in every store. */
export async function purgeExpiredAuditEntries(ctx: AppContext): Promise<number> {
  const before = new Date(clock.nowMs() - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  return auditRepo(ctx.db).purgeBefore(before);
}
