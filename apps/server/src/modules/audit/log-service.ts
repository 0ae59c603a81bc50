import { AUDIT_KIND_LABELS, auditChangeSchema, type AuditEntry, type AuditKind, type AuditListQuery, type AuditExportQuery } from '@vetrina/shared';
import { romeDateTime, romeDayStart } from '@vetrina/shared/shop-day';
import { z } from 'zod';
import type { Db } from '../../db/index.js';
import type { AuditEntriesTable } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { csvDialect } from '../../lib/csv.js';
import { auditMsg } from '@vetrina/shared';
import { audit, type AuditActor } from './service.js';
import { auditRepo, type AuditFilter, type AuditPosition } from './repo.js';

/** A session's device as 'Dispositivi e sessioni' shows it. */
export interface SessionDevice {
  browser: string;
  system: string;
  network: string;
}
/**
 * Reads the devices of sessions by id (the auth module's devices service, handed in by app.ts: the
 * auth module records its own changes here, so this module cannot import it back).
 */
export type SessionDevices = (sessionIds: string[]) => Promise<Map<string, SessionDevice>>;

const PAGE = 50;
const FILE_PAGE = 500;

const changesOf = (raw: string) => {
  try {
    const parsed = z.array(auditChangeSchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
};

/** The cursor is the last entry's time and id, opaque to the client. */
const encodeCursor = (p: AuditPosition) => Buffer.from(`${p.createdAt}|${p.id}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): AuditPosition {
  const [createdAt, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || extra !== undefined || Number.isNaN(Date.parse(createdAt))) throw badRequest(auditMsg.cursor, 'cursor');
  return { createdAt, id };
}

/** The Italian day after `day` ('2026-03-31' → '2026-04-01'). */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function filterOf(storeId: string, q: { member?: string; kind?: AuditKind; from?: string; to?: string }): AuditFilter {
  return {
    storeId,
    memberId: q.member,
    kind: q.kind,
    fromIso: q.from ? romeDayStart(q.from) : undefined,
    toIso: q.to ? romeDayStart(nextDay(q.to)) : undefined,
  };
}

/** 'Chrome su macOS · Rete 203.0.113.x'. */
export const sessionLabel = (d: SessionDevice | null) => (d ? `${d.browser} su ${d.system} · ${d.network}` : '');

/** 'Registro attività' read by owners and admins (guard: 'audit:read'): the list, its members and the CSV file. */
export function auditLog(db: Db, devices: SessionDevices) {
  const repo = auditRepo(db);

  async function withSessions(rows: AuditEntriesTable[]): Promise<AuditEntry[]> {
    const ids = [...new Set(rows.map((r) => r.session_id).filter((s): s is string => !!s))];
    const found = ids.length ? await devices(ids) : new Map<string, SessionDevice>();
    return rows.map((r) => ({
      id: r.id,
      createdAt: r.created_at,
      kind: r.kind as AuditKind,
      action: r.action,
      summary: r.summary,
      actor: { userId: r.actor_user_id, email: r.actor_email },
      sessionId: r.session_id,
      session: (r.session_id && found.get(r.session_id)) || null,
      subject: r.subject_type && r.subject_id ? { type: r.subject_type, id: r.subject_id, label: r.subject_label } : null,
      changes: changesOf(r.changes),
    }));
  }

  return {
    async list(storeId: string, q: AuditListQuery): Promise<{ entries: AuditEntry[]; nextCursor: string | null }> {
      const limit = q.limit ?? PAGE;
      const after = q.cursor ? decodeCursor(q.cursor) : undefined;
      // One more than asked tells whether an older page exists.
      const rows = await repo.page(filterOf(storeId, q), limit + 1, after);
      const shown = rows.slice(0, limit);
      const last = shown.at(-1);
      return { entries: await withSessions(shown), nextCursor: rows.length > limit && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null };
    },

    members: (storeId: string) => repo.actors(storeId),

    /**
     * Records the export itself ('exports'), then yields the file page by page: the export of the
     * log is in the log, and in the file it produced.
     */
    async export(actor: AuditActor, q: AuditExportQuery): Promise<AsyncIterable<string>> {
      await db
        .transaction()
        .execute((trx) => audit.record(trx, actor, { kind: 'exports', action: 'audit.exported', summary: 'Registro attività esportato in CSV', changes: [] }));
      const filter = filterOf(actor.storeId, q);
      const dialect = csvDialect(q.format === 'internazionale' ? 'intl' : 'it');
      return (async function* () {
        yield dialect.start + dialect.line(['Data e ora', 'Membro', 'Tipo', 'Attività', 'Oggetto', 'Modifiche', 'Sessione']);
        let after: AuditPosition | undefined;
        for (;;) {
          const rows = await repo.page(filter, FILE_PAGE, after);
          const entries = await withSessions(rows);
          let chunk = '';
          for (const e of entries) {
            const changes = e.changes.map((c) => `${c.label}: ${c.before ?? '—'} → ${c.after ?? '—'}`).join('; ');
            chunk += dialect.line([
              romeDateTime(e.createdAt),
              e.actor.email ?? 'Vetrina',
              AUDIT_KIND_LABELS[e.kind] ?? e.kind,
              e.summary,
              e.subject?.label ?? '',
              changes,
              sessionLabel(e.session),
            ]);
          }
          if (chunk) yield chunk;
          const last = rows.at(-1);
          if (rows.length < FILE_PAGE || !last) return;
          after = { createdAt: last.created_at, id: last.id };
        }
      })();
    },
  };
}
export type AuditLog = ReturnType<typeof auditLog>;
