import { useMemo, useState } from 'react';
import { Outlet, ScrollRestoration, useParams, type LoaderFunctionArgs } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PublicStore } from '@vetrina/shared';
import { queryClient } from '@/lib/query-client';
import { storefrontQueries } from './api';
import { CartDrawer } from './cart/cart-drawer';
import { useCart } from './cart/use-cart';
import { StoreFooter } from './components/store-footer';
import { StoreHeader } from './components/store-header';
import { StoreSkeleton } from './components/store-skeleton';
import { StoreUnavailable } from './components/store-unavailable';
import { StorefrontContext } from './store-context';
import { storeStyle } from './theme/store-style';
import { themeFor } from './theme/themes';

/** Starts loading the store while the page chunks download, instead of after them. */
export function loader({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(storefrontQueries.store(params.storeSlug ?? ''));
  return null;
}

function StoreShell({ store }: { store: PublicStore }) {
  const [cartOpen, setCartOpen] = useState(false);
  const cart = useCart(store.slug);
  const value = useMemo(() => {
    const theme = themeFor(store.theme?.key);
    return { store, theme, home: `/store/${store.slug}`, openCart: () => setCartOpen(true) };
  }, [store]);
  const style = useMemo(() => storeStyle(store.colors, value.theme), [store.colors, value.theme]);

  return (
    <StorefrontContext.Provider value={value}>
      <title>{store.name}</title>
      <div style={style} className={`flex min-h-screen flex-col ${value.theme.page}`} data-theme={value.theme.key}>
        <a href="#contenuto" className="sr-only z-50 bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
          Vai al contenuto
        </a>
        <StoreHeader cartCount={cart.count} />
        <main id="contenuto" className="flex-1">
          <Outlet />
        </main>
        <StoreFooter />
        <CartDrawer open={cartOpen} onOpenChange={setCartOpen} />
        {/* Chat widget (bottom right) goes here: live chat for signed-in visitors, contact form for guests (messages issue). */}
      </div>
      <ScrollRestoration />
    </StorefrontContext.Provider>
  );
}

/** /store/:storeSlug — the public shop: the store's theme and colours around its pages. */
export default function StorefrontLayout() {
  const { storeSlug = '' } = useParams();
  const query = useQuery(storefrontQueries.store(storeSlug));
  if (query.isPending) return <StoreSkeleton />;
  if (query.isError) return <StoreUnavailable error={query.error} onRetry={() => void query.refetch()} />;
  return <StoreShell store={query.data} />;
}
