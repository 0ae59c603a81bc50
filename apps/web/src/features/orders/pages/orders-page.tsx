import { useEffect } from 'react';
import { toast } from 'sonner';
import { ExternalLink, RefreshCw, SearchX, ShoppingCart } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { ViewToggle } from '@/components/ui/view-toggle';
import { useActiveStore } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useViewPreference } from '@/lib/use-view-preference';
import { useOrders } from '../api';
import { OrderCard } from '../components/order-card';
import { AwaitingTabs } from '../components/awaiting-tabs';
import { OrderFilters } from '../components/order-filters';
import { OrdersCsvExport } from '../components/orders-csv-export';
import { OrdersTableView } from '../components/orders-table-view';
import { IbanChangeBanner } from '../components/iban-change-banner';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { useOrdersParams } from '../use-orders-params';
import { plural } from '@vetrina/shared/plural';

/**
 * /dashboard/orders: the active store's orders, filtered by status and payment, searched, paginated
 * (spec §2), with the orders 'Da confermare' apart, as the spec's cards or as a sortable table with bulk actions ('Vista tabella').
 */
export default function OrdersPage() {
  const store = useActiveStore().store!;
  const { filter, setStatus, setPaymentStatus, setAwaitingOnly, setSearch, setPage, clear, setSort } = useOrdersParams();
  const [view, setView] = useViewPreference('orders');
  // The cards keep their order (newest first): a sort is the table's.
  const orders = useOrders(store.id, view === 'table' ? filter : { ...filter, sort: undefined, dir: undefined });
  const filtered = Boolean(filter.status || filter.paymentStatus || filter.search || filter.confirmation);

  useEffect(() => {
    if (orders.isError) toast.error('Errore', { description: 'Impossibile caricare gli ordini' });
  }, [orders.isError]);

  return (
    <div className="grid gap-6">
      <title>Ordini · Vetrina</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Ordini</h1>
          <p className="text-sm text-muted-foreground">Gli ordini ricevuti da {store.name}. Lo stock segue lo stato di ogni ordine.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ViewToggle value={view} onChange={setView} />
          <OrdersCsvExport storeId={store.id} />
          <Button variant="outline" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            <RefreshCw aria-hidden className={cn(orders.isFetching && 'animate-spin')} /> Aggiorna
          </Button>
        </div>
      </div>
      <IbanChangeBanner store={store} />
      <AwaitingTabs awaitingOnly={filter.confirmation === 'awaiting'} count={orders.data?.awaitingConfirmation} onChange={setAwaitingOnly} />
      <OrderFilters
        status={filter.status ?? ''}
        paymentStatus={filter.paymentStatus ?? ''}
        search={filter.search ?? ''}
        onStatus={setStatus}
        onPaymentStatus={setPaymentStatus}
        onSearch={setSearch}
        onClear={clear}
      />
      {orders.isPending ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-44" />
          <Skeleton className="h-44" />
        </div>
      ) : orders.isError ? (
        <LoadErrorState icon={ShoppingCart} title="Impossibile caricare gli ordini" error={orders.error} onRetry={orders.refetch} />
      ) : orders.data.items.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="Nessun ordine trovato"
            description="Nessun ordine corrisponde ai filtri scelti."
            action={
              <Button variant="outline" onClick={clear}>
                Cancella filtri
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={ShoppingCart}
            title="Nessun ordine ancora"
            description="Quando un cliente completa un acquisto nel tuo store, l'ordine compare qui."
            action={
              <a href={`/store/${store.slug}`} target="_blank" rel="noreferrer" className={buttonClasses('outline')}>
                <ExternalLink aria-hidden /> Visita lo store
              </a>
            }
          />
        )
      ) : view === 'table' ? (
        <OrdersTableView storeId={store.id} data={orders.data} filter={filter} busy={orders.isPlaceholderData} onSort={setSort} onPage={setPage} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(orders.data.total, 'ordine', 'ordini')}
          </p>
          <ul className={cn('grid gap-3 transition-opacity', orders.isPlaceholderData && 'opacity-60')}>
            {orders.data.items.map((o) => (
              <OrderCard key={o.id} storeId={store.id} order={o} />
            ))}
          </ul>
          <Pagination page={orders.data.page} pageSize={orders.data.pageSize} total={orders.data.total} onPage={setPage} label="Pagine degli ordini" />
        </>
      )}
    </div>
  );
}
