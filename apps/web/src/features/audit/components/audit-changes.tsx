import type { AuditEntry } from '@vetrina/shared';

/** 'Chrome su macOS · Rete 203.0.113.x', or a dash when the change came from no session (or it is gone). */
export const sessionLabel = (s: AuditEntry['session']) => (s ? `${s.browser} su ${s.system} · ${s.network}` : '—');

/** Before → after of each changed field; secrets arrive as 'modificato' only. */
export function AuditChanges({ entry, id }: { entry: AuditEntry; id: string }) {
  return (
    <div id={id} className="grid gap-2 text-sm">
      {entry.changes.length === 0 ? (
        <p className="text-muted-foreground">Nessun campo da confrontare.</p>
      ) : (
        <dl className="grid gap-2">
          {entry.changes.map((c) => (
            <div key={c.field} className="grid min-w-0 gap-0.5 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-3">
              <dt className="font-medium">{c.label}</dt>
              <dd className="min-w-0 break-words">
                <span className="text-muted-foreground line-through decoration-muted-foreground/60">{c.before ?? '—'}</span>
                <span aria-hidden> → </span>
                <span className="sr-only"> diventa </span>
                <span>{c.after ?? '—'}</span>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="text-xs text-muted-foreground">Sessione: {sessionLabel(entry.session)}</p>
    </div>
  );
}
