import { Fragment, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { AUDIT_KIND_LABELS, type AuditEntry } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { AuditChanges, sessionLabel } from './audit-changes';

const actorOf = (e: AuditEntry) => e.actor.email ?? 'Vetrina';

function ToggleDetails({ open, onToggle, controls, summary }: { open: boolean; onToggle: () => void; controls: string; summary: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      aria-label={`${open ? 'Nascondi' : 'Mostra'} dettagli: ${summary}`}
    >
      {open ? 'Nascondi' : 'Dettagli'}
      <ChevronDown aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
    </Button>
  );
}

function useOpen() {
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return { isOpen: (id: string) => open.has(id), toggle };
}

/** Phones and tablets: one card per entry, details below it. */
export function AuditCards({ entries }: { entries: AuditEntry[] }) {
  const { isOpen, toggle } = useOpen();
  return (
    <ul className="grid gap-3" aria-label="Attività">
      {entries.map((e) => (
        <li key={e.id} className="grid min-w-0 gap-2 rounded-xl border bg-background p-4" data-testid="audit-entry">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <Badge variant="secondary">{AUDIT_KIND_LABELS[e.kind]}</Badge>
            <time dateTime={e.createdAt} className="text-xs text-muted-foreground">
              {formatDateTime(e.createdAt)}
            </time>
          </div>
          <p className="break-words font-medium">{e.summary}</p>
          <p className="truncate text-sm text-muted-foreground" title={actorOf(e)}>
            {actorOf(e)}
          </p>
          <div>
            <ToggleDetails open={isOpen(e.id)} onToggle={() => toggle(e.id)} controls={`audit-card-${e.id}`} summary={e.summary} />
          </div>
          {isOpen(e.id) && <AuditChanges entry={e} id={`audit-card-${e.id}`} />}
        </li>
      ))}
    </ul>
  );
}

/** From 1024 px: a compact table; a row opens its details beneath it. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { isOpen, toggle } = useOpen();
  return (
    <div className="overflow-x-auto rounded-xl border bg-background">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Registro attività, dal più recente</caption>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium text-muted-foreground">
          <tr>
            <th scope="col" className="w-44 px-4 py-2">
              Data e ora
            </th>
            <th scope="col" className="w-56 px-4 py-2">
              Membro
            </th>
            <th scope="col" className="w-36 px-4 py-2">
              Tipo
            </th>
            <th scope="col" className="px-4 py-2">
              Attività
            </th>
            <th scope="col" className="w-32 px-4 py-2">
              <span className="sr-only">Dettagli</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <Fragment key={e.id}>
              <tr className="border-b last:border-b-0" data-testid="audit-entry">
                <td className="px-4 py-2 tabular-nums">
                  <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>
                </td>
                <td className="truncate px-4 py-2" title={actorOf(e)}>
                  {actorOf(e)}
                </td>
                <td className="px-4 py-2">{AUDIT_KIND_LABELS[e.kind]}</td>
                <th scope="row" className="truncate px-4 py-2 text-left font-normal" title={`${e.summary} · ${sessionLabel(e.session)}`}>
                  {e.summary}
                </th>
                <td className="px-4 py-1 text-right">
                  <ToggleDetails open={isOpen(e.id)} onToggle={() => toggle(e.id)} controls={`audit-row-${e.id}`} summary={e.summary} />
                </td>
              </tr>
              {isOpen(e.id) && (
                <tr className="border-b bg-muted/30 last:border-b-0">
                  <td colSpan={5} className="px-4 py-3">
                    <AuditChanges entry={e} id={`audit-row-${e.id}`} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
