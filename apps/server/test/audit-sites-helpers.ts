import { vi } from 'vitest';
import type { AuditChange } from '@vetrina/shared';
import { audit } from '../src/modules/audit/service.js';
import type { TestServer } from './harness.js';

/** The session id a client's access token carries (its `sid` claim). */
export function sessionOf(token: string | null): string {
  const payload = JSON.parse(Buffer.from((token ?? '').split('.')[1] ?? '', 'base64url').toString('utf8')) as { sid: string };
  return payload.sid;
}

/** A store's 'Registro attività' entries, oldest first, with their changes parsed; `action` narrows them. */
export async function entriesOf(server: TestServer, storeId: string, action?: string) {
  let q = server.ctx.db.selectFrom('audit_entries').selectAll().where('store_id', '=', storeId);
  if (action) q = q.where('action', '=', action);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as AuditChange[] }));
}

/**
 * Makes the next audit entry fail right after it is written, inside the change's transaction: the
 * request ends in an error and, if the entry shares the change's transaction, neither is kept.
 */
export function failRightAfterNextEntry() {
  const original = audit.record.bind(audit);
  return vi.spyOn(audit, 'record').mockImplementationOnce(async (trx, actor, entry) => {
    await original(trx, actor, entry);
    throw new Error('forced failure after the audit entry');
  });
}
