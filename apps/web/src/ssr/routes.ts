import type { ComponentType } from 'react';
import type { DataCache } from '@/features/storefront/data/cache';
import type { PageLoaderArgs } from './loader-args';

/** A route module: its component and, optionally, the loader that starts its data. */
export interface RouteModule {
  default: ComponentType;
  loader?: (args: PageLoaderArgs, cache?: DataCache) => unknown;
}

export type LayoutId = 'storefront' | 'marketing';
export type RouteId =
  | 'landing'
  | 'faq'
  | 'pricing'
  | 'blog'
  | 'not-found'
  | 'store-home'
  | 'store-products'
  | 'store-product'
  | 'store-category'
  | 'store-checkout'
  | 'store-order'
  | 'store-withdrawal'
  | 'store-legal';

export interface PublicRoute {
  id: RouteId;
  /** `:name` segments are parameters; null for the not-found page (it matches nothing). */
  pattern: string | null;
  layout: LayoutId;
  page: () => Promise<RouteModule>;
  /** The page module's file, as the client build's manifest names it (the server preloads it). */
  source: string;
}

/**
 * A module loader that imports once and then answers from memory: every render on the server and
 * every navigation in the browser asks for its modules, and a repeated `import()` is not free (on
 * the server it may go through the module loader's hooks). A failed load (a chunk that could not
 * be fetched) is forgotten, so the next navigation tries again.
 */
function once(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  let loaded: Promise<RouteModule> | undefined;
  return () =>
    (loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    }));
}

export const layouts: Record<LayoutId, () => Promise<RouteModule>> = {
  storefront: once(() => import('@/features/storefront/storefront-layout')),
  marketing: once(() => import('./marketing-shell')),
};

const legalPage = once(() => import('@/features/storefront/pages/legal-page'));

/**
 * Every page of the public build: the storefront and the public site. The server renders them and
 * the browser hydrates and navigates among them; any other path belongs to the dashboard app.
 */
export const publicRoutes: PublicRoute[] = [
  {
    id: 'landing',
    pattern: '/',
    layout: 'marketing',
    page: once(() => import('@/features/marketing/pages/landing-page')),
    source: 'src/features/marketing/pages/landing-page.tsx',
  },
  {
    id: 'faq',
    pattern: '/faq',
    layout: 'marketing',
    page: once(() => import('@/features/marketing/pages/faq-page')),
    source: 'src/features/marketing/pages/faq-page.tsx',
  },
  {
    id: 'pricing',
    pattern: '/pricing',
    layout: 'marketing',
    page: once(() => import('@/features/marketing/pages/pricing-page')),
    source: 'src/features/marketing/pages/pricing-page.tsx',
  },
  {
    id: 'blog',
    pattern: '/blog',
    layout: 'marketing',
    page: once(() => import('@/features/marketing/pages/blog-page')),
    source: 'src/features/marketing/pages/blog-page.tsx',
  },
  {
    id: 'store-home',
    pattern: '/store/:storeSlug',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/home-page')),
    source: 'src/features/storefront/pages/home-page.tsx',
  },
  {
    id: 'store-products',
    pattern: '/store/:storeSlug/products',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/products-page')),
    source: 'src/features/storefront/pages/products-page.tsx',
  },
  {
    id: 'store-product',
    pattern: '/store/:storeSlug/products/:productSlug',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/product-page')),
    source: 'src/features/storefront/pages/product-page.tsx',
  },
  {
    id: 'store-category',
    pattern: '/store/:storeSlug/category/:categorySlug',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/category-page')),
    source: 'src/features/storefront/pages/category-page.tsx',
  },
  {
    id: 'store-checkout',
    pattern: '/store/:storeSlug/checkout',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/checkout-page')),
    source: 'src/features/storefront/pages/checkout-page.tsx',
  },
  {
    // The shopper's own order: no loader, it is read in the browser only (see the page).
    id: 'store-order',
    pattern: '/store/:storeSlug/ordine/:token',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/order-page')),
    source: 'src/features/storefront/pages/order-page.tsx',
  },
  {
    // 'Recedi dal contratto': no loader, the order is read in the browser only.
    id: 'store-withdrawal',
    pattern: '/store/:storeSlug/recesso',
    layout: 'storefront',
    page: once(() => import('@/features/storefront/pages/withdrawal-page')),
    source: 'src/features/storefront/pages/withdrawal-page.tsx',
  },
  // The legal pages (one module; the page reads its kind from the path).
  {
    id: 'store-legal',
    pattern: '/store/:storeSlug/termini',
    layout: 'storefront',
    page: legalPage,
    source: 'src/features/storefront/pages/legal-page.tsx',
  },
  {
    id: 'store-legal',
    pattern: '/store/:storeSlug/privacy',
    layout: 'storefront',
    page: legalPage,
    source: 'src/features/storefront/pages/legal-page.tsx',
  },
  {
    id: 'store-legal',
    pattern: '/store/:storeSlug/spedizioni-resi',
    layout: 'storefront',
    page: legalPage,
    source: 'src/features/storefront/pages/legal-page.tsx',
  },
];

export const notFoundRoute: PublicRoute = {
  id: 'not-found',
  pattern: null,
  layout: 'marketing',
  page: once(() => import('@/features/marketing/pages/not-found-page')),
  source: 'src/features/marketing/pages/not-found-page.tsx',
};

export interface RouteMatch {
  route: PublicRoute;
  params: Record<string, string>;
  /** The part of the path each nesting level matched (layout, page), for useMatches. */
  matchedPaths: string[];
}

function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    let g: string;
    try {
      g = decodeURIComponent(got[i]!);
    } catch {
      return null;
    }
    if (w.startsWith(':')) params[w.slice(1)] = g;
    else if (w !== g) return null;
  }
  return params;
}

/** The public page a path shows, or null when another app (the dashboard) or nobody owns it. */
export function matchPublicRoute(pathname: string): RouteMatch | null {
  // A trailing slash is the same page (/faq/ is /faq), the root excepted.
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const route of publicRoutes) {
    const params = matchPattern(route.pattern!, path);
    if (params) {
      const matchedPaths = route.layout === 'storefront' ? [`/store/${encodeURIComponent(params.storeSlug ?? '')}`, path] : [path];
      return { route, params, matchedPaths };
    }
  }
  return null;
}

/** The not-found page, rendered by this build for paths no app owns (with HTTP 404). */
export const notFoundMatch = (pathname: string): RouteMatch => ({ route: notFoundRoute, params: {}, matchedPaths: [pathname] });

/** Both modules of a match, loaded (before hydrating, before showing a new page). */
export async function loadRoute(match: RouteMatch): Promise<{ layout: RouteModule; page: RouteModule }> {
  const [layout, page] = await Promise.all([layouts[match.route.layout](), match.route.page()]);
  return { layout, page };
}
