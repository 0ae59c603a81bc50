import type { PublicStore, StorefrontProductCard } from '@vetrina/shared';
import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { escapeAttribute, escapeHtml, scriptJson } from '@vetrina/shared/escape';
import { ApiError } from '@/lib/api-error';
import { storefrontData, type ProductPage } from '@/features/storefront/api';
import type { DataCache } from '@/features/storefront/data/cache';
import { THEME_FONT_FILES } from '@/features/storefront/theme/theme-fonts';
import { themeFor } from '@/features/storefront/theme/themes';
import { marketingHead } from '@/features/marketing/pages/marketing-head';
import { homeHead } from '@/features/storefront/pages/home-head';
import { productsHead } from '@/features/storefront/pages/products-head';
import { categoryHead } from '@/features/storefront/pages/category-head';
import { productHead } from '@/features/storefront/pages/product-head';
import { checkoutHead } from '@/features/storefront/pages/checkout-head';
import { legalHead } from '@/features/storefront/pages/legal-head';
import { orderHead } from '@/features/storefront/pages/order-head';
import { withdrawalHead } from '@/features/storefront/pages/withdrawal-head';
import { euros, summary, type Described, type Meta, type StoreHead } from './head-parts';
import type { RouteId, RouteMatch } from './routes';

/**
 * What the server writes in a page's <head>, from the data the page was rendered with: title,
 * description, canonical URL, robots, Open Graph, Twitter card and JSON-LD. Also the status code
 * (and the canonical redirect) the page answers with. Server only (not in the browser bundle).
 */
export interface PageHead {
  status: number;
  /** Permanent redirect to the canonical address (old product links by id). */
  redirect?: string;
  html: string;
}

/** Each store page's head, written beside its component (features/storefront/pages/*-head.ts). */
const STORE_HEADS: Partial<Record<RouteId, StoreHead>> = {
  'store-home': homeHead,
  'store-products': productsHead,
  'store-category': categoryHead,
  'store-product': productHead,
  'store-checkout': checkoutHead,
  'store-legal': legalHead,
  'store-order': orderHead,
  'store-withdrawal': withdrawalHead,
};

function read<T>(cache: DataCache, key: string): { data?: T; status?: number } {
  const snap = cache.snapshotOf<T>(key);
  if (snap.data !== undefined) return { data: snap.data };
  return { status: snap.error instanceof ApiError ? snap.error.status : snap.error ? 503 : undefined };
}

export function describePage(match: RouteMatch, url: URL, cache: DataCache, origin: string): PageHead {
  const abs = (path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);
  const page = describe(match, url, cache, abs);
  if ('redirect' in page) return { status: 301, redirect: page.redirect, html: '' };
  return { status: page.status, html: render(page.meta, abs) };
}

function describe(match: RouteMatch, url: URL, cache: DataCache, abs: (p: string) => string): Described {
  const { route, params } = match;
  if (route.layout === 'marketing') return marketingHead(route.id, url, abs);
  const slug = params.storeSlug ?? '';
  const storeRead = read<PublicStore>(cache, storefrontData.store(slug).key);
  const store = storeRead.data;
  if (!store) {
    const status = storeRead.status === 404 ? 404 : 503;
    return {
      status,
      meta: {
        title: status === 404 ? 'Store non trovato' : 'Impossibile caricare lo store',
        description: 'Il negozio che cerchi non esiste o non è raggiungibile.',
        noindex: true,
        siteName: 'Vetrina',
        jsonLd: [],
      },
    };
  }
  const home = `/store/${encodeURIComponent(store.slug)}`;
  const storeLd = {
    '@context': 'https://schema.org',
    '@type': 'OnlineStore',
    name: store.name,
    url: abs(home),
    ...(store.logoUrl ? { logo: abs(store.logoUrl) } : {}),
  };
  const base = { siteName: store.name, image: store.logoUrl ? abs(store.logoUrl) : null, font: THEME_FONT_FILES[themeFor(store.theme?.key).key] };
  const crumbs = (items: Array<{ name: string; path: string }>) => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, name: it.name, item: abs(it.path) })),
  });
  const itemList = (items: StorefrontProductCard[]) => ({
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: items.map((p, i) => ({ '@type': 'ListItem', position: i + 1, url: abs(`${home}/products/${encodeURIComponent(p.slug)}`), name: p.title })),
  });
  const list = (key: string) => read<ProductPage>(cache, key).data;

  const storeHead = STORE_HEADS[route.id];
  if (storeHead) return storeHead({ store, slug, home, url, params, abs, base, storeLd, crumbs, itemList, list, read: (key) => read(cache, key) });
  return { status: 404, meta: { ...base, title: store.name, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
}

function render(m: Meta, abs: (p: string) => string): string {
  const tag = (attrs: Record<string, string>) =>
    `<meta ${Object.entries(attrs)
      .map(([k, v]) => `${k}="${escapeAttribute(v)}"`)
      .join(' ')}>`;
  const lines = [`<title>${escapeHtml(m.title)}</title>`, tag({ name: 'description', content: m.description })];
  if (m.noindex) lines.push(tag({ name: 'robots', content: 'noindex, follow' }));
  if (m.preload) {
    const { image, sizes } = m.preload;
    const srcset = image.srcset.map((s) => `${s.url} ${s.width}w`).join(', ');
    lines.push(
      srcset
        ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.url)}" imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(sizes)}">`
        : `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(image.url)}">`,
    );
  }
  // Fonts are fetched in CORS mode, so their preload must be too or the browser fetches them twice.
  if (m.font) lines.push(`<link rel="preload" as="font" type="font/woff2" href="${escapeAttribute(m.font)}" crossorigin>`);
  if (m.canonical && !m.noindex) lines.push(`<link rel="canonical" href="${escapeAttribute(abs(m.canonical))}">`);
  lines.push(
    tag({ property: 'og:site_name', content: m.siteName }),
    tag({ property: 'og:title', content: m.title }),
    tag({ property: 'og:description', content: m.description }),
    tag({ property: 'og:type', content: m.type ?? 'website' }),
    tag({ property: 'og:locale', content: 'it_IT' }),
  );
  if (m.canonical) lines.push(tag({ property: 'og:url', content: abs(m.canonical) }));
  if (m.image) lines.push(tag({ property: 'og:image', content: m.image }));
  if (m.product) {
    lines.push(
      tag({ property: 'product:price:amount', content: euros(m.product.amount) }),
      tag({ property: 'product:price:currency', content: 'EUR' }),
      tag({ property: 'product:availability', content: m.product.available ? 'in stock' : 'out of stock' }),
    );
  }
  lines.push(
    tag({ name: 'twitter:card', content: m.image ? 'summary_large_image' : 'summary' }),
    tag({ name: 'twitter:title', content: m.title }),
    tag({ name: 'twitter:description', content: m.description }),
  );
  if (m.image) lines.push(tag({ name: 'twitter:image', content: m.image }));
  for (const block of m.jsonLd) lines.push(`<script type="application/ld+json">${scriptJson(block)}</script>`);
  return lines.join('\n');
}
