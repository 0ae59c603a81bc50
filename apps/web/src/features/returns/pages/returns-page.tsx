import { RefreshCw, SearchX, Undo2 } from 'lucide-react';
import { RETURN_STATUS_LABELS } from '@vetrina/shared/returns';
import { plural } from '@vetrina/shared/plural';
import { Link } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveStore } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { RETURN_PAGE_SIZE, useReturns } from '../api';
import { ReturnCards, ReturnsTable } from '../components/returns-table';
import { ReturnStatusChips } from '../components/return-status-chips';
import { useReturnsParams } from '../use-returns-params';

/**
 * /dashboard/returns: every withdrawal and return of the store, newest first, filtered by state
 * (Richiesto → Autorizzato → Ricevuto → Rimborsato, or Rifiutato); a table from 768 px, cards below.
 */
export default function ReturnsPage() {
  const store = useActiveStore().store!;
  const { filter, setStatus, setPage } = useReturnsParams();
  const returns = useReturns(store.id, filter);
  return (
    <div className="grid min-w-0 gap-6">
      <title>Resi · Vetrina</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Resi</h1>
          <p className="text-sm text-muted-foreground">I recessi dei clienti e i resi aperti dal team, con i rimborsi.</p>
        </div>
        <Button variant="outline" onClick={() => void returns.refetch()} disabled={returns.isFetching}>
          <RefreshCw aria-hidden className={cn(returns.isFetching && 'animate-spin')} /> Aggiorna
        </Button>
      </div>
      <ReturnStatusChips value={filter.status} onChange={setStatus} />
      {returns.isPending ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : returns.isError ? (
        <LoadErrorState icon={Undo2} title="Impossibile caricare i resi" error={returns.error} onRetry={returns.refetch} />
      ) : returns.data.returns.length === 0 ? (
        filter.status ? (
          <EmptyState
            icon={SearchX}
            title={`Nessun reso “${RETURN_STATUS_LABELS[filter.status]}”`}
            description="Nessun reso è in questo stato."
            action={
              <Button variant="outline" onClick={() => setStatus(null)}>
                Mostra tutti i resi
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Undo2}
            title="Nessun reso ancora"
            description="Quando un cliente recede da un ordine, il reso compare qui. Puoi anche aprirne uno tu dalla pagina di un ordine."
            action={
              <Link to="/dashboard/orders" className={buttonClasses('outline')}>
                Vai agli ordini
              </Link>
            }
          />
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(returns.data.total, 'reso', 'resi')}
          </p>
          <div className="hidden min-w-0 md:block">
            <ReturnsTable items={returns.data.returns} busy={returns.isPlaceholderData} />
          </div>
          <div className="min-w-0 md:hidden">
            <ReturnCards items={returns.data.returns} busy={returns.isPlaceholderData} />
          </div>
          <Pagination page={filter.page} pageSize={RETURN_PAGE_SIZE} total={returns.data.total} onPage={setPage} label="Pagine dei resi" />
        </>
      )}
    </div>
  );
}
