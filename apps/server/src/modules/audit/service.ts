import type { AuditChange, AuditKind } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { auditRepo } from './repo.js';

/** Who made a change: the member and the session of the request (absent for the platform's own jobs). */
export interface AuditActor {
  storeId: string;
  user?: { id: string; email?: string; sessionId?: string } | null;
}

/** One change to record. `changes` hold values as text; a secret is written as 'modificato', never its value. */
export interface AuditRecord {
  kind: AuditKind;
  action: string;
  summary: string;
  subject?: { type: string; id: string; label?: string | null };
  changes?: AuditChange[];
}

/**
 * What other modules call to write 'Registro attività', inside THEIR transaction (`trx`), so a
 * change that fails leaves no entry and an entry never exists without its change.
 */
export const audit = {
  async record(trx: Db, actor: AuditActor, entry: AuditRecord): Promise<void> {
    await auditRepo(trx).insert({
      id: newId(),
      store_id: actor.storeId,
      created_at: clock.iso(),
      kind: entry.kind,
      action: entry.action,
      summary: entry.summary.slice(0, 300),
      actor_user_id: actor.user?.id ?? null,
      actor_email: actor.user?.email ?? null,
      session_id: actor.user?.sessionId ?? null,
      subject_type: entry.subject?.type ?? null,
      subject_id: entry.subject?.id ?? null,
      subject_label: entry.subject?.label?.slice(0, 200) ?? null,
      changes: JSON.stringify(entry.changes ?? []),
    });
  },
};

/** The fields whose values differ between `before` and `after`, as text; `secret` fields say only 'modificato'. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
  secret: readonly string[] = [],
): AuditChange[] {
  const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : typeof v === 'object' ? JSON.stringify(v) : String(v));
  const out: AuditChange[] = [];
  for (const [field, label] of Object.entries(labels)) {
    if (!(field in after)) continue;
    const b = text(before[field]);
    const a = text(after[field]);
    if (b === a) continue;
    out.push(
      secret.includes(field)
        ? { field, label, before: b === null ? null : '••••', after: a === null ? null : 'modificato' }
        : { field, label, before: b, after: a },
    );
  }
  return out;
}
