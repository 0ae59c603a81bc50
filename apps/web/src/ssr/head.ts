import type { PublicStore, ResponsiveImage, StorefrontProductCard, StorefrontProductDetail } from '@vetrina/shared';
import type { PublicLegalPage } from '@vetrina/shared/business';
import { legalPageDescription } from '@vetrina/shared/legal-pages';
import { STORE_TAGLINE } from '@vetrina/shared/constants';
import { escapeAttribute, escapeHtml, scriptJson } from '@vetrina/shared/escape';
import { ApiError } from '@/lib/api-error';
import { FEATURED_PRODUCTS, storefrontData, type ProductPage } from '@/features/storefront/api';
import { categoryListParams, listParams, pageOf } from '@/features/storefront/list-params';
import type { DataCache } from '@/features/storefront/data/cache';
import { CARD_SIZES, GALLERY_SIZES } from '@/features/storefront/components/responsive-img';
import { THEME_FONT_FILES } from '@/features/storefront/theme/theme-fonts';
import { themeFor } from '@/features/storefront/theme/themes';
import type { RouteMatch } from './routes';

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

interface Meta {
  title: string;
  description: string;
  /** Path (and query) of the canonical address; absent for pages that are not indexed. */
  canonical?: string;
  noindex?: boolean;
  type?: 'website' | 'product';
  image?: string | null;
  siteName: string;
  product?: { amount: number; available: boolean };
  /** The page's largest picture, fetched with high priority before the stylesheet is parsed. */
  preload?: { image: ResponsiveImage; sizes: string } | null;
  /** The store theme's font file, preloaded so that the text swaps to it before the first paint or soon after. */
  font?: string;
  jsonLd: object[];
}

const MARKETING: Record<string, { title: string; description: string }> = {
  landing: {
    title: 'Vetrina — Il tuo negozio online in pochi minuti',
    description: 'Vetrina: crea il tuo negozio online in pochi minuti. 0% commissioni, store illimitati, assistenza in italiano.',
  },
  faq: {
    title: 'Domande frequenti · Vetrina',
    description: 'Le risposte alle domande più frequenti su Vetrina: prezzi, pagamenti, store, team, sicurezza e assistenza.',
  },
  pricing: {
    title: 'Prezzi · Vetrina',
    description: 'Starter a 29 € al mese, Professional a 79 €, Enterprise su misura. 0% commissioni sulle vendite e 30 giorni soddisfatti o rimborsati.',
  },
  blog: {
    title: 'Blog · Vetrina',
    description: 'Guide, strategie e case study per vendere online: SEO, spedizioni in Italia, schede prodotto e lavoro in team.',
  },
};

/** A description of at most 160 characters, cut at a word, on one line. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

const euros = (cents: number) => (cents / 100).toFixed(2);
const largest = (img: ResponsiveImage | null | undefined) => (img ? img.url : null);
/** The first card's picture: the largest paint of a listing on a phone. */
const firstCard = (items: StorefrontProductCard[] | undefined) => {
  const image = items?.[0]?.image;
  return image ? { image, sizes: CARD_SIZES } : null;
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

type Described = { status: number; meta: Meta } | { redirect: string };

function describe(match: RouteMatch, url: URL, cache: DataCache, abs: (p: string) => string): Described {
  const { route, params } = match;
  if (route.layout === 'marketing') {
    const m = MARKETING[route.id];
    if (!m)
      return {
        status: 404,
        meta: {
          title: 'Pagina non trovata · Vetrina',
          description: 'La pagina che cerchi non esiste o è stata spostata.',
          noindex: true,
          siteName: 'Vetrina',
          jsonLd: [],
        },
      };
    const org = { '@context': 'https://schema.org', '@type': 'Organization', name: 'Vetrina', url: abs('/'), logo: abs('/favicon.svg') };
    return {
      status: 200,
      meta: {
        ...m,
        canonical: url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, ''),
        siteName: 'Vetrina',
        image: abs('/og-vetrina.png'),
        jsonLd: route.id === 'landing' ? [org] : [],
      },
    };
  }

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

  switch (route.id) {
    case 'store-home': {
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
    }
    case 'store-products': {
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
    }
    case 'store-category': {
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
    }
    case 'store-product': {
      const ref = params.productSlug ?? '';
      const got = read<StorefrontProductDetail>(cache, storefrontData.product(slug, ref).key);
      const product = got.data;
      if (!product) {
        const status = got.status === 404 ? 404 : 503;
        return { status, meta: { ...base, title: `Prodotto non trovato · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
      }
      const path = `${home}/products/${encodeURIComponent(product.slug)}`;
      if (ref !== product.slug) return { redirect: path };
      return { status: 200, meta: { ...productMeta(store, product, path, base.siteName, abs, storeLd, crumbs), font: base.font } };
    }
    case 'store-checkout':
      return { status: 200, meta: { ...base, title: `Checkout · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
    case 'store-legal': {
      const kind = url.pathname.replace(/\/+$/, '').split('/').pop() ?? '';
      const got = read<PublicLegalPage>(cache, storefrontData.legalPage(slug, kind).key);
      const page = got.data;
      if (!page) {
        const status = got.status === 404 ? 404 : 503;
        return { status, meta: { ...base, title: `Pagina non trovata · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
      }
      const path = `${home}/${page.kind}`;
      return {
        status: 200,
        meta: {
          ...base,
          title: `${page.title} · ${store.name}`,
          description: summary(legalPageDescription(page.kind, store.name)),
          canonical: path,
          jsonLd: [
            storeLd,
            crumbs([
              { name: 'Home', path: home },
              { name: page.title, path },
            ]),
          ],
        },
      };
    }
    case 'store-order':
      // Nothing of the order itself: the server never reads it, and caches this page by path.
      return { status: 200, meta: { ...base, title: `Il tuo ordine · ${store.name}`, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
    default:
      return { status: 404, meta: { ...base, title: store.name, description: summary(STORE_TAGLINE), noindex: true, jsonLd: [] } };
  }
}

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
