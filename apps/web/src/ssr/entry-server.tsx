import { renderToString } from 'preact-render-to-string';
import { createElement } from 'react';
import { ApiError } from '@/lib/api-error';
import { DataCache } from '@/features/storefront/data/cache';
import type { PageRenderer } from '@vetrina/shared/page-renderer';
import { setPublicApiTransport } from '@/features/storefront/data/public-api';
import { locationOf, PageTree, runLoaders, staticNavigator } from './app';
import { installTitleHook } from './document-title';
import { setMarkupKeeper } from '@/features/storefront/kept-markup';
import { serverMarkupKeeper } from './kept-markup-server';
import { scriptJson } from '@vetrina/shared/escape';
import { describePage } from './head';
import { loadRoute, matchPublicRoute, notFoundMatch, type RouteMatch } from './routes';

installTitleHook('server');

// The store's header and footer are rendered once per store and kind of page, then written from the kept copy.
const parts = serverMarkupKeeper();
setMarkupKeeper(parts.keeper);
/** Forgets the kept parts (tests compare them with a fresh render). */
export const forgetKeptParts = parts.forget;

export { matchPublicRoute };

/** The source files of a page's two modules, as the client build's manifest names them (for modulepreload). */
export const moduleSources = (match: RouteMatch) => [
  match.route.layout === 'storefront' ? 'src/features/storefront/storefront-layout.tsx' : 'src/ssr/marketing-shell.tsx',
  match.route.source,
];

/** The API calls a page's loaders make, answered in-process by the server (set once at start-up). */
export const setTransport: PageRenderer['setTransport'] = (transport) => setPublicApiTransport(transport);

/**
 * Renders one public page: matches the route (or the not-found page), runs its loaders into a
 * fresh cache, waits for them, then renders the same components the browser hydrates, with that
 * data. The head (meta, Open Graph, JSON-LD) and the status come from the same data.
 */
export const renderPage: PageRenderer['renderPage'] = async (href, origin, options = {}) => {
  const url = new URL(href, origin);
  const match = (!options.notFound && matchPublicRoute(url.pathname)) || notFoundMatch(url.pathname);
  const { layout, page } = await loadRoute(match);
  const cache = new DataCache();
  runLoaders({ match, layout, page, url }, cache);
  await cache.settled();
  const head = describePage(match, url, cache, origin);
  const modules = moduleSources(match);
  if (head.redirect) return { status: head.status, redirect: head.redirect, head: '', body: '', data: '', modules };
  const resolved = { location: locationOf(url), match, layout, page };
  const body = parts.render(() => renderToString(createElement(PageTree, { resolved, navigator: staticNavigator, cache }) as never));
  const seed = cache.toSeed((e) => (e instanceof ApiError ? { status: e.status, message: e.message } : { status: 503, message: 'Servizio non disponibile' }));
  return {
    status: head.status,
    head: head.html,
    body,
    data: scriptJson({ cache: seed, ...(match.route.id === 'not-found' ? { notFound: true } : {}) }),
    modules,
  };
};
