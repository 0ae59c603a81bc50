import type { PageLoaderArgs } from '@/ssr/loader-args';
import { ArrowRight } from 'lucide-react';
import { FEATURED_PRODUCTS, prefetchProducts, useStoreProducts } from '../api';
import { browserCache, type DataCache } from '../data/cache';
import { CategoryTiles } from '../components/category-tiles';
import { ProductGrid } from '../components/product-grid';
import { ProductsError, ProductsLoading, ProductsMessage } from '../components/product-list-states';
import { Section } from '../components/section';
import { StoreHero } from '../components/store-hero';
import { InkLink } from '../components/ui';
import { linkedCategories } from '../linked-categories';
import { useStorefront } from '../store-context';

const featured = { pageSize: FEATURED_PRODUCTS };

export function loader({ params }: PageLoaderArgs, cache: DataCache = browserCache) {
  prefetchProducts(params.storeSlug ?? '', featured, cache);
  return null;
}

/** Store home: hero, the first 6 products and 'Vedi tutti' when there are more, up to 8 categories. Products come before categories so that a phone shows them on the first screen. */
export default function StoreHomePage() {
  const { store, home } = useStorefront();
  const products = useStoreProducts(store.slug, featured);
  const more = (products.data?.total ?? 0) > FEATURED_PRODUCTS;
  return (
    <>
      <StoreHero />
      <Section
        id="in-evidenza"
        title="In evidenza"
        action={
          more && (
            <InkLink to={`${home}/products`} className="inline-flex items-center gap-1 text-sm">
              Vedi tutti <ArrowRight aria-hidden className="size-4" />
            </InkLink>
          )
        }
      >
        {products.isPending ? (
          <ProductsLoading count={FEATURED_PRODUCTS} />
        ) : products.isError ? (
          <ProductsError onRetry={() => void products.refetch()} />
        ) : products.data.items.length === 0 ? (
          <ProductsMessage title="Nessun prodotto disponibile">Torna a trovarci presto: stiamo preparando il catalogo.</ProductsMessage>
        ) : (
          <ProductGrid products={products.data.items} />
        )}
      </Section>
      {linkedCategories(store).length > 0 && (
        <Section id="categorie" title="Categorie">
          <CategoryTiles />
        </Section>
      )}
    </>
  );
}
