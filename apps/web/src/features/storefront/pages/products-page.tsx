import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { PageLoaderArgs } from '@/ssr/loader-args';
import clsx from 'clsx';
import { PAGE_SIZE, prefetchProducts, useStoreProducts } from '../api';
import { browserCache, type DataCache } from '../data/cache';
import { listParams } from '../list-params';
import { CONTAINER } from '../components/container';
import { Pagination } from '../components/pagination';
import { ProductFilters, type FilterChange } from '../components/product-filters';
import { foundLabel } from '@vetrina/shared/listing';
import { ProductGrid } from '../components/product-grid';
import { ProductsError, ProductsLoading, ProductsMessage } from '../components/product-list-states';
import { StoreButton } from '../components/ui';
import { useStorefront } from '../store-context';

export function loader({ params, url }: PageLoaderArgs, cache: DataCache = browserCache) {
  prefetchProducts(params.storeSlug ?? '', listParams(url.searchParams), cache);
  return null;
}

export { foundLabel };

/** All products: search with suggestions, category, sort, price range, 'Solo disponibili' (all in the URL), count, 'Cancella filtri', pages. */
export default function ProductsPage() {
  const { store, theme } = useStorefront();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParams(searchParams);
  const products = useStoreProducts(store.slug, params);
  const filtered = Boolean(params.search || params.category || params.minPrice || params.maxPrice || params.available);

  const applyFilters = useCallback(
    (next: FilterChange) =>
      setSearchParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(next)) {
            if (value) p.set(key, value);
            else p.delete(key);
          }
          // A new search is sorted by relevance; any change starts again from the first page.
          if ('search' in next && p.get('sort') === 'relevance' && !next.search) p.delete('sort');
          p.delete('page');
          p.delete('cursor');
          return p;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return (
    <div className={clsx(CONTAINER, theme.section)}>
      <title>{`Prodotti · ${store.name}`}</title>
      <h1 className={clsx(theme.h1, 'mb-6 sm:mb-8')}>Prodotti</h1>
      <ProductFilters
        search={params.search ?? ''}
        category={params.category ?? ''}
        sort={params.sort ?? (params.search ? 'relevance' : 'newest')}
        minPrice={params.minPrice ?? ''}
        maxPrice={params.maxPrice ?? ''}
        available={Boolean(params.available)}
        activeCount={[params.category, params.minPrice, params.maxPrice, params.available].filter(Boolean).length}
        onChange={applyFilters}
      />
      <div className="mb-6 mt-5 flex min-h-11 flex-wrap items-center justify-between gap-3">
        <p aria-live="polite" className="text-sm font-medium">
          {products.data ? foundLabel(products.data.total, products.data.totalCapped) : '\u00a0'}
        </p>
        {filtered && (
          <StoreButton
            tone="outline"
            className="min-h-10 px-4"
            onClick={() => applyFilters({ search: '', category: '', minPrice: '', maxPrice: '', available: '' })}
          >
            Cancella filtri
          </StoreButton>
        )}
      </div>
      {products.isPending ? (
        <ProductsLoading />
      ) : products.isError ? (
        <ProductsError onRetry={() => void products.refetch()} />
      ) : products.data.items.length === 0 ? (
        <ProductsMessage title="Nessun prodotto trovato">
          {filtered ? 'Prova con altre parole o togli i filtri.' : 'Il catalogo è ancora vuoto.'}
        </ProductsMessage>
      ) : (
        <div className={clsx('transition-opacity', products.isPlaceholderData && 'opacity-60')}>
          <ProductGrid products={products.data.items} headingLevel={2} />
          <Pagination
            page={params.page ?? 1}
            total={products.data.total}
            pageSize={PAGE_SIZE}
            totalCapped={products.data.totalCapped}
            hasMore={products.data.hasMore}
            nextCursor={products.data.nextCursor}
          />
        </div>
      )}
    </div>
  );
}
