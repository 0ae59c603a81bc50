import { useEffect, useMemo, useRef, useState } from 'react';
import { browserCache, DataCacheContext, type DataCache } from '@/features/storefront/data/cache';
import { loadRoute, matchPublicRoute, type RouteMatch, type RouteModule } from './routes';
import { RouterStateProvider, type Location, type NavigateOptions, type Navigator } from './router';

/** A page ready to show: where, which route, and its two modules loaded. */
export interface ResolvedPage {
  location: Location;
  match: RouteMatch;
  layout: RouteModule;
  page: RouteModule;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

export function locationOf(url: URL, state: unknown = null, key = 'default'): Location {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

/** Starts the data of both modules (layout first) into the cache; never waits for it. */
export function runLoaders(resolved: Omit<ResolvedPage, 'location'> & { url: URL }, cache: DataCache) {
  // The URL itself, not a fetch Request: building one cost ~4 µs and an abort signal on every render.
  const args = { params: resolved.match.params, url: resolved.url };
  resolved.layout.loader?.(args, cache);
  resolved.page.loader?.(args, cache);
}

/** What the page renders, the same on the server and in the browser's first render. */
export function PageTree({ resolved, navigator, cache }: { resolved: ResolvedPage; navigator: Navigator; cache: DataCache }) {
  const { layout: Layout, page: Page } = { layout: resolved.layout.default, page: resolved.page.default };
  const state = useMemo(
    () => ({ location: resolved.location, params: resolved.match.params, matchedPaths: resolved.match.matchedPaths, navigator }),
    [resolved, navigator],
  );
  return (
    <DataCacheContext.Provider value={cache}>
      <RouterStateProvider state={state} outlet={<Page />}>
        <Layout />
      </RouterStateProvider>
    </DataCacheContext.Provider>
  );
}

/** The server's navigator: it never navigates (links are plain links in the HTML it writes). */
export const staticNavigator: Navigator = {
  owns: (pathname) => matchPublicRoute(pathname) !== null,
  navigate: async () => undefined,
};

/**
 * The browser's app: starts from the page the server rendered (hydration), then moves between
 * public pages without reloading, keeping the current page on screen until the next one's code is
 * loaded. Paths of the dashboard app are loaded as new documents.
 */
export function BrowserApp({ initial }: { initial: ResolvedPage }) {
  const [resolved, setResolved] = useState(initial);
  const current = useRef(0);

  const navigator = useMemo(() => {
    /** Shows `href`: pushes (or replaces) a history entry, or follows the one the browser moved to (`pop`). */
    async function go(href: string, options: NavigateOptions & { pop?: { key: string } } = {}) {
      const url = new URL(href, window.location.href);
      const match = url.origin === window.location.origin ? matchPublicRoute(url.pathname) : null;
      if (!match) {
        window.location.assign(url.href);
        return;
      }
      const ticket = ++current.current;
      const { layout, page } = await loadRoute(match);
      if (ticket !== current.current) return; // a later navigation won
      runLoaders({ match, layout, page, url }, browserCache);
      const key = options.pop?.key ?? newKey();
      if (!options.pop) {
        const entry = { key, usr: options.state ?? null };
        if (options.replace) window.history.replaceState(entry, '', url.href);
        else window.history.pushState(entry, '', url.href);
      }
      setResolved({ location: locationOf(url, options.state ?? null, key), match, layout, page });
    }
    const nav: Navigator = { owns: (pathname) => matchPublicRoute(pathname) !== null, navigate: (to, options) => go(to, options) };
    return { nav, go };
  }, []);

  useEffect(() => {
    const onPop = (e: PopStateEvent) => {
      const entry = (e.state ?? {}) as { key?: string; usr?: unknown };
      void navigator.go(window.location.href, { pop: { key: entry.key ?? 'default' }, state: entry.usr ?? null });
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigator]);

  return <PageTree resolved={resolved} navigator={navigator.nav} cache={browserCache} />;
}
