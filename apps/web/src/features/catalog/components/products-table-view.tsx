import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Package, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import type { Selection } from '@/components/ui/data-table';
import { useCategories } from '../api/categories';
import { useProducts } from '../api/products';
import { useProductTableParams } from '../use-product-table-params';
import { NoProducts } from './product-cards-view';
import { countLabel } from './product-count';
import { PageHeader } from './page-header';
import { ProductBulkBar } from './product-bulk-bar';
import { ProductTableFilters } from './product-table-filters';
import { ProductsTable } from './products-table';

/** 'Vista tabella' of the products (docs/decisions/0027-back-office-tables.md): filters, sorting and pages in the URL, bulk actions on the ticked rows. */
export function ProductsTableView({ storeId, actions }: { storeId: string; actions: ReactNode }) {
  const { filter, setPage, setQuery, setSort, setFilter, clearFilters } = useProductTableParams();
  const products = useProducts(storeId, filter);
  const categories = useCategories(storeId).data ?? [];
  const [selection, setSelection] = useState<Selection>({});
  const data = products.data;
  const filtered = Boolean(filter.q || filter.status || filter.categoryId || filter.stock);
  // Another page, sort or filter shows other rows: what was ticked is no longer in view.
  const view = JSON.stringify(filter);
  useEffect(() => setSelection({}), [view]);
  const lastPage = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : filter.page;
  useEffect(() => {
    if (filter.page > lastPage) setPage(lastPage);
  }, [filter.page, lastPage, setPage]);
  // Only rows on this page count (a deleted one drops out of the selection with the refetch).
  const ids = useMemo(() => (data?.items ?? []).filter((p) => selection[p.id]).map((p) => p.id), [data, selection]);

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Prodotti"
        description={data ? countLabel(data.total, Boolean(data.totalCapped), filtered) : 'Il catalogo del tuo store.'}
        actions={actions}
      />
      {(filtered || (data?.total ?? 0) > 0) && (
        <ProductTableFilters filter={filter} categories={categories} onSearch={setQuery} onFilter={setFilter} onClear={clearFilters} />
      )}
      {ids.length > 0 && <ProductBulkBar storeId={storeId} ids={ids} categories={categories} onDone={() => setSelection({})} />}
      {products.isLoading ? (
        <div className="grid gap-2" aria-busy>
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : products.isError ? (
        <LoadErrorState icon={Package} title="Impossibile caricare i prodotti" error={products.error} onRetry={products.refetch} />
      ) : !data?.items.length ? (
        filtered ? (
          <EmptyState
            icon={SearchX}
            title="Nessun prodotto trovato"
            description="Nessun prodotto corrisponde alla ricerca o ai filtri scelti."
            action={
              <Button variant="outline" onClick={clearFilters}>
                Cancella filtri
              </Button>
            }
          />
        ) : (
          <NoProducts />
        )
      ) : (
        <>
          <ProductsTable
            items={data.items}
            sort={filter.sort ? { id: filter.sort, desc: filter.dir === 'desc' } : null}
            onSort={setSort}
            selection={selection}
            onSelectionChange={setSelection}
            busy={products.isFetching}
          />
          <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Pagine dei prodotti" />
        </>
      )}
    </div>
  );
}
