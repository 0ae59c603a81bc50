import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { storefrontData } from '@/features/storefront/api';
import { categoryListParams, pageOf } from '@/features/storefront/list-params';
import { firstCard, summary, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of category-page.tsx. A category's products, with its breadcrumb; an unknown category is a 404. */
export const categoryHead: StoreHead = ({ store, base, slug, home, url, params, storeLd, crumbs, itemList, list }) => {
  const category = store.categories.find((c) => c.slug === params.categorySlug);
  if (!category)
    return {
      status: 404,
      meta: { ...base, title: `Categoria non trovata · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] },
    };
  const page = pageOf(url.searchParams);
  const results = list(storefrontData.products(slug, categoryListParams(category.slug, url.searchParams)).key);
  const path = `${home}/category/${encodeURIComponent(category.slug)}`;
  return {
    status: 200,
    meta: {
      ...base,
      title: `${category.name} · ${store.name}`,
      description: summary(`${category.name}: i prodotti di ${store.name}. ${STORE_TAGLINE}`),
      canonical: page > 1 ? `${path}?page=${page}` : path,
      preload: firstCard(results?.items),
      jsonLd: [
        storeLd,
        crumbs([
          { name: 'Home', path: home },
          { name: 'Prodotti', path: `${home}/products` },
          { name: category.name, path },
        ]),
        ...(results?.items.length ? [itemList(results.items)] : []),
      ],
    },
  };
};
