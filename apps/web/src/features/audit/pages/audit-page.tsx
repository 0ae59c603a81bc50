import { Link, useParams } from 'react-router';
import { ArrowLeft, History, Lock, SearchX } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAuditEntries, useAuditMembers } from '../api';
import { AuditCsvExport } from '../components/audit-csv-export';
import { AuditCards, AuditTable } from '../components/audit-entries';
import { AuditFilters } from '../components/audit-filters';
import { useAuditParams } from '../use-audit-params';

/**
 * Impostazioni → Registro attività (/dashboard/stores/{id}/settings/registro-attivita): who changed
 * what, when and from which session, for owners and admins (docs/decisions/0054-audit-log.md).
 */
export default function AuditPage() {
  const { storeId = '' } = useParams();
  const { filter, setFilter, clear, active } = useAuditParams();
  const entries = useAuditEntries(storeId, filter);
  const members = useAuditMembers(storeId);
  const forbidden = entries.error instanceof ApiError && (entries.error.status === 403 || entries.error.status === 404);
  const list = entries.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <title>Registro attività · Vetrina</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <Link to={`/dashboard/stores/${storeId}/settings/generale`} className={buttonClasses('ghost', 'sm', '-ml-3 mb-1')}>
            <ArrowLeft aria-hidden /> Impostazioni
          </Link>
          <h1 className="text-2xl font-bold">Registro attività</h1>
          <p className="text-sm text-muted-foreground">
            Chi ha cambiato cosa nello store, quando e da quale dispositivo. Le voci restano 12 mesi e non si possono modificare né cancellare.
          </p>
        </div>
        {!forbidden && <AuditCsvExport storeId={storeId} filter={filter} filtered={active} />}
      </div>
      {!forbidden && <AuditFilters filter={filter} members={members.data ?? []} onChange={setFilter} onClear={clear} active={active} />}
      {entries.isPending ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : forbidden ? (
        <EmptyState
          icon={Lock}
          title="Registro riservato"
          description="Solo il proprietario e gli amministratori dello store vedono il registro attività."
          action={
            <Link to="/dashboard" className={buttonClasses('outline')}>
              Torna alla dashboard
            </Link>
          }
        />
      ) : entries.isError ? (
        <LoadErrorState icon={History} title="Impossibile caricare il registro" error={entries.error} onRetry={entries.refetch} />
      ) : list.length === 0 ? (
        active ? (
          <EmptyState
            icon={SearchX}
            title="Nessuna attività con questi filtri"
            description="Prova un altro membro, un altro tipo o un periodo più ampio."
            action={
              <Button variant="outline" onClick={clear}>
                Azzera filtri
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={History}
            title="Nessuna attività registrata"
            description="Quando qualcuno del team cambia impostazioni, pagamenti, prezzi, ordini o il team stesso, lo trovi qui."
          />
        )
      ) : (
        <>
          <div className="lg:hidden">
            <AuditCards entries={list} />
          </div>
          <div className="hidden lg:block">
            <AuditTable entries={list} />
          </div>
          {entries.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => void entries.fetchNextPage()} disabled={entries.isFetchingNextPage}>
                {entries.isFetchingNextPage ? 'Caricamento…' : 'Mostra attività precedenti'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
