import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { storefrontData } from '@/features/storefront/api';
import { listParams } from '@/features/storefront/list-params';
import { firstCard, summary, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of products-page.tsx. All products, one page of the list (search results are not indexed). */
export const productsHead: StoreHead = ({ store, base, slug, home, url, storeLd, itemList, list }) => {
  const p = listParams(url.searchParams);
  const results = list(storefrontData.products(slug, p).key);
  const query = new URLSearchParams();
  if (p.category) query.set('category', p.category);
  if ((p.page ?? 1) > 1) query.set('page', String(p.page));
  const qs = query.toString();
  return {
    status: 200,
    meta: {
      ...base,
      title: `Prodotti · ${store.name}`,
      description: summary(`Tutti i prodotti di ${store.name}. ${STORE_TAGLINE}`),
      // Search results are not pages of their own for search engines.
      noindex: Boolean(p.search),
      preload: firstCard(results?.items),
      canonical: `${home}/products${qs ? `?${qs}` : ''}`,
      jsonLd: [storeLd, ...(results?.items.length ? [itemList(results.items)] : [])],
    },
  };
};
