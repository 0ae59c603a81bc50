import { useParams } from 'react-router';
import type { PageLoaderArgs } from '@/ssr/loader-args';
import clsx from 'clsx';
import { ApiError } from '@/lib/api-error';
import { prefetchProduct, useStoreProduct } from '../api';
import { browserCache, type DataCache } from '../data/cache';
import { CONTAINER } from '../components/container';
import { ProductsError, ProductsMessage } from '../components/product-list-states';
import { StoreLink } from '../components/ui';
import { ProductDetails } from '../product/product-details';
import { useStorefront } from '../store-context';

export function loader({ params }: PageLoaderArgs, cache: DataCache = browserCache) {
  prefetchProduct(params.storeSlug ?? '', params.productSlug ?? '', cache);
  return null;
}

function ProductSkeleton() {
  return (
    <div role="status" aria-label="Caricamento del prodotto…" className="grid gap-8 md:grid-cols-2 lg:gap-14">
      <div aria-hidden className="aspect-square animate-pulse rounded-2xl bg-black/5" />
      <div aria-hidden className="space-y-4">
        <div className="h-4 w-1/3 animate-pulse rounded bg-black/5" />
        <div className="h-10 w-3/4 animate-pulse rounded bg-black/5" />
        <div className="h-8 w-1/4 animate-pulse rounded bg-black/5" />
        <div className="h-12 w-full animate-pulse rounded bg-black/5" />
      </div>
    </div>
  );
}

/** /products/:productSlug — 'Prodotto non trovato' for drafts, unknown products and other stores' products. */
export default function ProductPage() {
  const { store, theme, home } = useStorefront();
  const { productSlug = '' } = useParams();
  const product = useStoreProduct(store.slug, productSlug);
  const missing = product.error instanceof ApiError && product.error.status === 404;

  return (
    <div className={clsx(CONTAINER, 'py-8 sm:py-12', theme.key === 'minimal' && 'sm:py-20')}>
      {product.data && <title>{`${product.data.title} · ${store.name}`}</title>}
      {product.isPending ? (
        <ProductSkeleton />
      ) : missing ? (
        <>
          <title>{`Prodotto non trovato · ${store.name}`}</title>
          <ProductsMessage pageTitle title="Prodotto non trovato" action={<StoreLink to={`${home}/products`}>Vedi tutti i prodotti</StoreLink>}>
            Il prodotto che cerchi non è disponibile o non esiste più.
          </ProductsMessage>
        </>
      ) : product.isError ? (
        <ProductsError pageTitle onRetry={() => void product.refetch()} />
      ) : (
        <ProductDetails key={product.data.id} product={product.data} />
      )}
    </div>
  );
}
