import type { Db } from '../../db/index.js';
import type { AuditEntriesTable } from '../../db/schema.js';

/** What the list and the file filter on: times are UTC ISO bounds (`from` included, `to` excluded). */
export interface AuditFilter {
  storeId: string;
  memberId?: string;
  kind?: string;
  fromIso?: string;
  toIso?: string;
}

/** The position after which a page starts: the last entry of the page before it. */
export interface AuditPosition {
  createdAt: string;
  id: string;
}

/** The only SQL of `audit_entries`: rows are inserted and read, never updated; old ones are purged. */
export function auditRepo(db: Db) {
  return {
    insert: (row: AuditEntriesTable) => db.insertInto('audit_entries').values(row).execute(),

    /** The store's entries matching the filter, newest first, after `after` when given. */
    page(filter: AuditFilter, limit: number, after?: AuditPosition): Promise<AuditEntriesTable[]> {
      let q = db.selectFrom('audit_entries').selectAll().where('store_id', '=', filter.storeId);
      if (filter.memberId) q = q.where('actor_user_id', '=', filter.memberId);
      if (filter.kind) q = q.where('kind', '=', filter.kind);
      if (filter.fromIso) q = q.where('created_at', '>=', filter.fromIso);
      if (filter.toIso) q = q.where('created_at', '<', filter.toIso);
      if (after)
        q = q.where((eb) => eb.or([eb('created_at', '<', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)])]));
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Everyone who made an entry in the store, with the address they had then (the latest one). */
    async actors(storeId: string): Promise<{ userId: string; email: string }[]> {
      const rows = await db
        .selectFrom('audit_entries')
        .select(['actor_user_id', 'actor_email'])
        .select((eb) => eb.fn.max('created_at').as('last_at'))
        .where('store_id', '=', storeId)
        .where('actor_user_id', 'is not', null)
        .where('actor_email', 'is not', null)
        .groupBy(['actor_user_id', 'actor_email'])
        .orderBy('last_at', 'desc')
        .execute();
      const seen = new Map<string, string>();
      for (const r of rows) if (r.actor_user_id && r.actor_email && !seen.has(r.actor_user_id)) seen.set(r.actor_user_id, r.actor_email);
      return [...seen].map(([userId, email]) => ({ userId, email })).sort((a, b) => a.email.localeCompare(b.email, 'it'));
    },

    /** Removes every store's entries written before `beforeIso`; returns how many went. */
    async purgeBefore(beforeIso: string): Promise<number> {
      const r = await db.deleteFrom('audit_entries').where('created_at', '<', beforeIso).executeTakeFirst();
      return Number(r.numDeletedRows ?? 0n);
    },
  };
}
