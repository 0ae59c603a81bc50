import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { FEATURED_PRODUCTS, storefrontData } from '@/features/storefront/api';
import { firstCard, largest, summary, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of home-page.tsx. The store's home: the store and its featured products. */
export const homeHead: StoreHead = ({ store, slug, home, base, storeLd, itemList, list }) => {
  const featured = list(storefrontData.products(slug, { pageSize: FEATURED_PRODUCTS }).key);
  const cover = featured?.items.find((p) => p.image)?.image;
  return {
    status: 200,
    meta: {
      ...base,
      image: base.image ?? largest(cover),
      title: store.name,
      description: summary(`${store.name}: ${STORE_TAGLINE}`),
      canonical: home,
      preload: firstCard(featured?.items),
      jsonLd: [storeLd, ...(featured?.items.length ? [itemList(featured.items)] : [])],
    },
  };
};
