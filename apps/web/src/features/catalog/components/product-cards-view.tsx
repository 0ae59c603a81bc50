import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Package, Plus, SearchX } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useDeleteProduct, useProducts } from '../api/products';
import { useListParams } from '../use-list-params';
import { countLabel } from './product-count';
import { PageHeader } from './page-header';
import { ProductCard } from './product-card';
import { SearchBox } from './search-box';

/** Spec §2 "Products list": cards newest first, a page at a time, search, delete with confirmation. */
export function ProductCardsView({ storeId, actions }: { storeId: string; actions: ReactNode }) {
  const { page, q, setPage, setQuery } = useListParams();
  const products = useProducts(storeId, { page, q });
  const del = useDeleteProduct(storeId);
  const remove = (id: string) =>
    del.mutate(id, {
      onSuccess: () => toast.success('Prodotto eliminato'),
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile eliminare il prodotto') }),
    });
  const data = products.data;
  // Deleting the last product of the last page: step back to the page that still exists.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : page;
  useEffect(() => {
    if (page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Prodotti"
        description={data ? countLabel(data.total, Boolean(data.totalCapped), Boolean(q)) : 'Il catalogo del tuo store.'}
        actions={actions}
      />
      {(q || (data?.total ?? 0) > 0) && (
        <SearchBox value={q} onSearch={setQuery} label="Cerca prodotti" placeholder="Cerca per titolo, SKU, variante o categoria" />
      )}
      {products.isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-busy>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-96" />
          ))}
        </div>
      ) : products.isError ? (
        <LoadErrorState icon={Package} title="Impossibile caricare i prodotti" error={products.error} onRetry={products.refetch} />
      ) : !data?.items.length ? (
        q ? (
          <EmptyState
            icon={SearchX}
            title="Nessun prodotto trovato"
            description={`Nessun risultato per “${q}”.`}
            action={
              <Button variant="outline" onClick={() => setQuery('')}>
                Cancella ricerca
              </Button>
            }
          />
        ) : (
          <NoProducts />
        )
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4" aria-busy={products.isFetching}>
            {data.items.map((p, i) => (
              <li key={p.id} className="grid">
                <ProductCard product={p} priority={i < 4} onDelete={() => remove(p.id)} deleting={del.isPending && del.variables === p.id} />
              </li>
            ))}
          </ul>
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Pagine dei prodotti" />
        </>
      )}
    </div>
  );
}

/** An empty catalogue: the next step is the first product. */
export function NoProducts() {
  return (
    <EmptyState
      icon={Package}
      title="Nessun prodotto trovato"
      description="Aggiungi il primo articolo al tuo catalogo."
      action={
        <Link to="/dashboard/products/new" className={buttonClasses()}>
          <Plus aria-hidden /> Crea il tuo primo prodotto
        </Link>
      }
    />
  );
}
