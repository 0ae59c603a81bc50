import { hydrateRoot } from 'react-dom/client';
import { ApiError } from '@/lib/api-error';
import { browserCache, type Seed } from '@/features/storefront/data/cache';
import { BrowserApp, locationOf, type ResolvedPage } from './app';
import { installTitleHook } from './document-title';
import { replayEarlyTaps } from './early-taps';
import { loadRoute, matchPublicRoute, notFoundMatch } from './routes';
import '../public.css';

/** What the server embedded in the page: the data it rendered with, and whether it was a 404. */
interface Embedded {
  cache: Seed;
  notFound?: boolean;
}

installTitleHook('client');

/** After the next frame has been painted (at once in a hidden tab, which paints nothing). */
function afterFirstPaint() {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

async function start() {
  const data = JSON.parse(document.getElementById('vetrina-data')?.textContent ?? '{}') as Embedded;
  browserCache.seed(data.cache ?? {}, (f) => new ApiError(f.status, 'seeded', f.message));
  const url = new URL(window.location.href);
  const match = (!data.notFound && matchPublicRoute(url.pathname)) || notFoundMatch(url.pathname);
  // The page arrived complete as HTML: its modules are fetched once its first frame is painted, so
  // that they do not share the network with the stylesheet and the main picture before it.
  await afterFirstPaint();
  const { layout, page } = await loadRoute(match);
  // The modules' evaluation and the hydration run as two tasks, not one long one: the browser
  // can answer a tap in between (and the page's longest task is shorter).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const key = (window.history.state as { key?: string } | null)?.key ?? 'default';
  const initial: ResolvedPage = { location: locationOf(url, null, key), match, layout, page };
  hydrateRoot(document.getElementById('root')!, <BrowserApp initial={initial} />);
  // For tests and monitoring: the page is interactive from here on.
  document.documentElement.dataset.hydrated = 'true';
  // Buttons tapped before this moment (kept by the page's head script) get their tap now.
  await replayEarlyTaps();
}

start().catch((err: unknown) => {
  // A page that could not start must not keep swallowing taps: the browser's own behaviour returns.
  window.__vetrinaTaps?.stop();
  throw err;
});
