import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useParams } from 'react-router';
import type { PageLoaderArgs } from '@/ssr/loader-args';
import type { PublicStore } from '@vetrina/shared';
import { prefetchStore, usePublicStore } from './api';
import { browserCache, type DataCache } from './data/cache';
import { useCart } from './cart/use-cart';
import { StoreFooter } from './components/store-footer';
import { StoreHeader } from './components/store-header';
import { StoreSkeleton } from './components/store-skeleton';
import { StoreUnavailable } from './components/store-unavailable';
import { StoreToaster } from './components/store-toaster';
import { StorefrontContext } from './store-context';
import { storeStyle } from './theme/store-style';
import { themeFor } from './theme/themes';
import { ChatLauncher } from './chat/chat-launcher';
import { KeptMarkup } from './kept-markup';

// Not needed for the first paint: the drawer's code is fetched when the browser is idle (or on the
// first tap).
const loadDrawer = () => import('./cart/cart-drawer');
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })));

/** Starts loading the store while the page chunks download, instead of after them. */
export function loader({ params }: PageLoaderArgs, cache: DataCache = browserCache) {
  prefetchStore(params.storeSlug ?? '', cache);
  return null;
}

function StoreShell({ store }: { store: PublicStore }) {
  const [cartOpen, setCartOpen] = useState(false);
  const [cartUsed, setCartUsed] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => window.setTimeout(fn, 1500));
    idle(() => void loadDrawer());
  }, []);
  useEffect(() => {
    // The dashboard's visit count: one beacon per page load of the store, not per in-app navigation (no cookie, nothing kept here).
    navigator.sendBeacon?.(`/api/public/stores/${encodeURIComponent(store.slug)}/visit`);
  }, [store.slug]);
  const cart = useCart(store.slug);
  const value = useMemo(() => {
    const theme = themeFor(store.theme?.key);
    const openCart = () => {
      setCartUsed(true);
      setCartOpen(true);
    };
    return { store, theme, home: `/store/${store.slug}`, openCart };
  }, [store]);
  const style = useMemo(() => storeStyle(store.colors, value.theme), [store.colors, value.theme]);
  const { pathname } = useLocation();
  // What the header and footer show, for their kept markup (server only): the store's data (its
  // text: any change is a new key), and for the header the cart's count and the current link,
  // which is the same on every product page.
  let storeText: string | undefined;
  const storeKey = () => (storeText ??= JSON.stringify(store));
  const productsPath = `${value.home}/products/`;
  const headerKey = () => `header|${cart.count}|${pathname.startsWith(productsPath) ? productsPath : pathname}|${storeKey()}`;
  const year = new Date().getFullYear();
  const footerKey = () => `footer|${year}|${storeKey()}`;

  return (
    <StorefrontContext.Provider value={value}>
      <title>{store.name}</title>
      <div style={style} className={`flex min-h-screen flex-col ${value.theme.page}`} data-theme={value.theme.key}>
        <a href="#contenuto" className="sr-only z-50 bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
          Vai al contenuto
        </a>
        <KeptMarkup keyOf={headerKey}>
          <StoreHeader cartCount={cart.count} />
        </KeptMarkup>
        <main id="contenuto" className="flex-1">
          <Outlet />
        </main>
        <KeptMarkup keyOf={footerKey}>
          <StoreFooter year={year} />
        </KeptMarkup>
        {cartUsed && (
          <Suspense fallback={null}>
            <CartDrawer open={cartOpen} onOpenChange={setCartOpen} />
          </Suspense>
        )}
        <ChatLauncher slug={store.slug} storeName={store.name} />
      </div>
      <StoreToaster />
      <ScrollRestoration />
    </StorefrontContext.Provider>
  );
}

/** /store/:storeSlug — the public shop: the store's theme and colours around its pages. */
export default function StorefrontLayout() {
  const { storeSlug = '' } = useParams();
  const query = usePublicStore(storeSlug);
  if (query.isPending) return <StoreSkeleton />;
  if (query.isError) {
    return <StoreUnavailable error={query.error} onRetry={query.refetch} />;
  }
  return <StoreShell store={query.data} />;
}
