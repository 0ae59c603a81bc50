import type { PublicStore, StorefrontProductDetail } from '@vetrina/shared';
import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { storefrontData } from '@/features/storefront/api';
import { GALLERY_SIZES } from '@/features/storefront/components/responsive-img';
import { euros, summary, type Meta, type StoreHead } from '@/ssr/head-parts';

/** The head (meta and JSON-LD) of product-page.tsx. A product's page: Product JSON-LD with its offers, breadcrumb and price meta; an old link by id redirects to the slug. */
export const productHead: StoreHead = ({ store, slug, home, params, abs, base, storeLd, crumbs, read }) => {
  const ref = params.productSlug ?? '';
  const got = read<StorefrontProductDetail>(storefrontData.product(slug, ref).key);
  const product = got.data;
  if (!product) {
    const status = got.status === 404 ? 404 : 503;
    return { status, meta: { ...base, title: `Prodotto non trovato · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
  }
  const path = `${home}/products/${encodeURIComponent(product.slug)}`;
  if (ref !== product.slug) return { redirect: path };
  return { status: 200, meta: { ...productMeta(store, product, path, base.siteName, abs, storeLd, crumbs), font: base.font } };
};

function productMeta(
  store: PublicStore,
  product: StorefrontProductDetail,
  path: string,
  siteName: string,
  abs: (p: string) => string,
  storeLd: object,
  crumbs: (items: Array<{ name: string; path: string }>) => object,
): Meta {
  const home = `/store/${encodeURIComponent(store.slug)}`;
  const prices = product.variants.length ? product.variants.map((v) => v.priceCents) : [product.priceCents];
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const available = !product.soldOut;
  const availability = available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock';
  const images = product.images.map((i) => abs(i.url));
  const offers =
    low === high
      ? { '@type': 'Offer', price: euros(low), priceCurrency: 'EUR', availability, url: abs(path), seller: { '@type': 'Organization', name: store.name } }
      : {
          '@type': 'AggregateOffer',
          lowPrice: euros(low),
          highPrice: euros(high),
          offerCount: prices.length,
          priceCurrency: 'EUR',
          availability,
          url: abs(path),
        };
  const crumbPath = [
    { name: 'Home', path: home },
    { name: 'Prodotti', path: `${home}/products` },
  ];
  if (product.category) crumbPath.push({ name: product.category.name, path: `${home}/category/${encodeURIComponent(product.category.slug)}` });
  crumbPath.push({ name: product.title, path });
  const description = product.description.trim() ? product.description : `${product.title} da ${store.name}. ${STORE_TAGLINE}`;
  return {
    title: `${product.title} · ${store.name}`,
    description: summary(description),
    canonical: path,
    type: 'product',
    siteName,
    image: images[0] ?? (store.logoUrl ? abs(store.logoUrl) : null),
    preload: product.images[0] ? { image: product.images[0], sizes: GALLERY_SIZES } : null,
    product: { amount: low, available },
    jsonLd: [
      storeLd,
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.title,
        description: summary(description, 5000),
        sku: product.sku,
        url: abs(path),
        ...(images.length ? { image: images } : {}),
        brand: { '@type': 'Brand', name: store.name },
        ...(product.category ? { category: product.category.name } : {}),
        offers,
      },
      crumbs(crumbPath),
    ],
  };
}
