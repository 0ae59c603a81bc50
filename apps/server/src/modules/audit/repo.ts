import type { Db } from '../../db/index.js';
import type { AuditEntriesTable } from '../../db/schema.js';

/** The only SQL of `audit_entries`: rows are inserted and read, never updated; old ones are purged. */
export function auditRepo(db: Db) {
  return {
    insert: (row: AuditEntriesTable) => db.insertInto('audit_entries').values(row).execute(),
  };
}
