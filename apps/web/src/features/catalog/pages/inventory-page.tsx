import { Link } from 'react-router';
import { Boxes, RefreshCw, SearchX } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useInventory } from '../api/inventory';
import { useStoreId } from '../api/keys';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { InventoryTable } from '../components/inventory-table';
import { InventoryTotals } from '../components/inventory-totals';
import { PageHeader } from '../components/page-header';
import { SearchBox } from '../components/search-box';
import { useListParams } from '../use-list-params';

/** Spec §2 "Inventory": totals, search by product, variant or SKU, inline quantity edit, 'Aggiorna'. */
export default function InventoryPage() {
  const storeId = useStoreId();
  const { page, q, setPage, setQuery } = useListParams();
  const inventory = useInventory(storeId, { page, q });
  const data = inventory.data;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Inventario"
        description="Una riga per ogni unità vendibile: le varianti, o il prodotto se non ne ha."
        actions={
          <Button variant="outline" onClick={() => inventory.refetch()} disabled={inventory.isFetching}>
            <RefreshCw aria-hidden className={cn(inventory.isFetching && 'animate-spin')} /> Aggiorna
          </Button>
        }
      />
      <InventoryTotals totals={data?.totals} />
      <SearchBox value={q} onSearch={setQuery} label="Cerca nel magazzino" placeholder="Cerca per prodotto, variante o SKU" />
      {inventory.isLoading ? (
        <Skeleton className="h-64" aria-busy />
      ) : inventory.isError ? (
        <LoadErrorState icon={Boxes} title="Impossibile caricare il magazzino" error={inventory.error} onRetry={inventory.refetch} />
      ) : !data?.items.length ? (
        q ? (
          <EmptyState
            icon={SearchX}
            title="Nessun risultato"
            description={`Nessun articolo corrisponde a “${q}”.`}
            action={
              <Button variant="outline" onClick={() => setQuery('')}>
                Cancella ricerca
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Boxes}
            title="Il magazzino è vuoto"
            description="Crea un prodotto per gestirne le quantità."
            action={
              <Link to="/dashboard/products/new" className={buttonClasses()}>
                Crea il tuo primo prodotto
              </Link>
            }
          />
        )
      ) : (
        <>
          <InventoryTable storeId={storeId} items={data.items} />
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Pagine del magazzino" />
        </>
      )}
    </div>
  );
}
