import { useParams, useSearchParams } from 'react-router';
import type { PageLoaderArgs } from '@/ssr/loader-args';
import clsx from 'clsx';
import { PAGE_SIZE, prefetchProducts, useStoreProducts } from '../api';
import { browserCache, type DataCache } from '../data/cache';
import { categoryListParams, pageOf } from '../list-params';
import { Breadcrumbs } from '../components/breadcrumbs';
import { CONTAINER } from '../components/container';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-grid';
import { ProductsError, ProductsLoading, ProductsMessage } from '../components/product-list-states';
import { StoreLink } from '../components/ui';
import { useStorefront } from '../store-context';
import { foundLabel } from './products-page';

export function loader({ params, url }: PageLoaderArgs, cache: DataCache = browserCache) {
  prefetchProducts(params.storeSlug ?? '', categoryListParams(params.categorySlug, url.searchParams), cache);
  return null;
}

/** /category/:categorySlug — the active products of one category. */
export default function CategoryPage() {
  const { store, theme, home } = useStorefront();
  const { categorySlug = '' } = useParams();
  const [searchParams] = useSearchParams();
  const page = pageOf(searchParams);
  const category = store.categories.find((c) => c.slug === categorySlug);
  const products = useStoreProducts(store.slug, categoryListParams(categorySlug, searchParams));

  if (!category) {
    return (
      <div className={clsx(CONTAINER, theme.section)}>
        <title>{`Categoria non trovata · ${store.name}`}</title>
        <ProductsMessage pageTitle title="Categoria non trovata" action={<StoreLink to={`${home}/products`}>Vedi tutti i prodotti</StoreLink>}>
          Questa categoria non esiste o è stata rimossa.
        </ProductsMessage>
      </div>
    );
  }

  return (
    <div className={clsx(CONTAINER, theme.section)}>
      <title>{`${category.name} · ${store.name}`}</title>
      <Breadcrumbs items={[{ label: 'Home', to: home }, { label: 'Prodotti', to: `${home}/products` }, { label: category.name }]} />
      <h1 className={clsx(theme.h1, 'mb-2 mt-4')}>{category.name}</h1>
      <p aria-live="polite" className="mb-8 text-sm opacity-75">
        {products.data ? foundLabel(products.data.total, products.data.totalCapped) : '\u00a0'}
      </p>
      {products.isPending ? (
        <ProductsLoading />
      ) : products.isError ? (
        <ProductsError onRetry={() => void products.refetch()} />
      ) : products.data.items.length === 0 ? (
        <ProductsMessage
          title="Nessun prodotto in questa categoria"
          action={
            <StoreLink to={`${home}/products`} tone="outline">
              Vedi tutti i prodotti
            </StoreLink>
          }
        />
      ) : (
        <>
          <ProductGrid products={products.data.items} headingLevel={2} />
          <Pagination
            page={page}
            total={products.data.total}
            pageSize={PAGE_SIZE}
            totalCapped={products.data.totalCapped}
            hasMore={products.data.hasMore}
            nextCursor={products.data.nextCursor}
          />
        </>
      )}
    </div>
  );
}
