import { ExternalLink, SearchX, Users } from 'lucide-react';
import { plural } from '@vetrina/shared/plural';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveStore } from '@/lib/auth';
import { useCustomers } from '../api';
import { CustomerSearch } from '../components/customer-search';
import { CustomersCsvExport } from '../components/customers-csv-export';
import { CustomersList } from '../components/customers-list';
import { CustomersTable } from '../components/customers-table';
import { useCustomersParams } from '../use-customers-params';

/** /dashboard/customers: every shopper of the active store by e-mail, from their orders (docs/decisions/0048-customers.md). */
export default function CustomersPage() {
  const store = useActiveStore().store!;
  const { filter, setSearch, setPage, setSort } = useCustomersParams();
  const customers = useCustomers(store.id, filter);
  // Without a sort the list is latest order first: the column says so.
  const sort = filter.sort ? { id: filter.sort, desc: filter.dir === 'desc' } : { id: 'last', desc: true };

  return (
    // One shrinkable column: a table wider than the screen scrolls in its frame, never widens the page.
    <div className="grid grid-cols-1 gap-6">
      <title>Clienti · Vetrina</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Clienti</h1>
          <p className="text-sm text-muted-foreground">
            Chi ha ordinato da {store.name}, per indirizzo email. Gli ordini annullati non contano nel totale speso.
          </p>
        </div>
        <CustomersCsvExport storeId={store.id} search={filter.search} />
      </div>
      <CustomerSearch search={filter.search ?? ''} onSearch={setSearch} />
      {customers.isPending ? (
        <div className="grid gap-3" aria-busy>
          <Skeleton className="h-10" />
          <Skeleton className="h-64" />
        </div>
      ) : customers.isError ? (
        <LoadErrorState icon={Users} title="Impossibile caricare i clienti" error={customers.error} onRetry={customers.refetch} />
      ) : customers.data.items.length === 0 ? (
        filter.search ? (
          <EmptyState
            icon={SearchX}
            title="Nessun cliente trovato"
            description="Nessun cliente ha un nome o un'email che contiene la ricerca."
            action={
              <Button variant="outline" onClick={() => setSearch('')}>
                Cancella ricerca
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Users}
            title="Nessun cliente ancora"
            description="Chi completa un ordine nel tuo store compare qui, anche senza account."
            action={
              <a href={`/store/${store.slug}`} target="_blank" rel="noreferrer" className={buttonClasses('outline')}>
                <ExternalLink aria-hidden /> Visita lo store
              </a>
            }
          />
        )
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(customers.data.total, 'cliente', 'clienti')}
          </p>
          <div className="lg:hidden">
            <CustomersList items={customers.data.items} busy={customers.isPlaceholderData} />
          </div>
          <div className="hidden lg:block">
            <CustomersTable items={customers.data.items} sort={sort} onSort={setSort} busy={customers.isPlaceholderData} />
          </div>
          <Pagination page={customers.data.page} pageSize={customers.data.pageSize} total={customers.data.total} onPage={setPage} label="Pagine dei clienti" />
        </>
      )}
    </div>
  );
}
