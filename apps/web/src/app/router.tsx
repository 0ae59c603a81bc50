import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type LoaderFunction } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { StoreSkeleton } from '@/features/storefront/components/store-skeleton';
import { RouteError } from './route-error';

/**
 * Each page is its own chunk: the storefront and marketing pages never download dashboard code.
 * The session guards (lib/auth, with TanStack Query) load with the pages that need them, keeping
 * them out of the entry chunk the storefront shares.
 */
const guards = () => import('@/lib/auth');
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const protectedPage = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => {
    const [{ default: Page }, { RequireAuth }] = await Promise.all([load(), guards()]);
    return {
      Component: () => (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
    };
  },
});

/** Storefront routes also prefetch their data in a loader, so it loads alongside the page's code. */
const storefrontPage = (load: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) => ({
  lazy: async () => {
    const m = await load();
    return m.loader ? { Component: m.default, loader: m.loader } : { Component: m.default };
  },
});
const storePage = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => {
    const [{ default: Page }, { RequireActiveStore }] = await Promise.all([load(), guards()]);
    return {
      Component: () => (
        <RequireActiveStore>
          <Page />
        </RequireActiveStore>
      ),
    };
  },
});

/** The first paint while route code loads: a storefront skeleton for shoppers, a spinner elsewhere. */
function InitialFallback() {
  return window.location.pathname.startsWith('/store/') ? <StoreSkeleton /> : <FullPageSpinner />;
}

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <InitialFallback />,
    children: [
      // The public storefront: its own layout and theme, no marketing navigation, no dashboard code.
      {
        path: 'store/:storeSlug',
        ...storefrontPage(() => import('@/features/storefront/storefront-layout')),
        children: [
          { index: true, ...storefrontPage(() => import('@/features/storefront/pages/home-page')) },
          { path: 'products', ...storefrontPage(() => import('@/features/storefront/pages/products-page')) },
          { path: 'products/:productId', ...storefrontPage(() => import('@/features/storefront/pages/product-page')) },
          { path: 'category/:categorySlug', ...storefrontPage(() => import('@/features/storefront/pages/category-page')) },
          { path: 'checkout', ...storefrontPage(() => import('@/features/storefront/pages/checkout-page')) },
        ],
      },
      {
        // Session, data cache and toasts of the platform (marketing, auth, onboarding, dashboard), loaded
        // lazily: the storefront brings its own lighter ones and keeps them out of its first load.
        lazy: async () => {
          const { Providers } = await import('./providers');
          return {
            Component: () => (
              <Providers>
                <Outlet />
              </Providers>
            ),
          };
        },
        children: [
          {
            // Lazy, so the top navigation (menus, sheet) is not in the entry chunk the storefront loads.
            lazy: async () => ({ Component: (await import('@/features/marketing/components/marketing-layout')).MarketingLayout }),
            children: [
              { index: true, ...page(() => import('@/features/marketing/pages/landing-page')) },
              { path: 'faq', ...page(() => import('@/features/marketing/pages/faq-page')) },
              { path: 'pricing', ...page(() => import('@/features/marketing/pages/pricing-page')) },
              { path: 'blog', ...page(() => import('@/features/marketing/pages/blog-page')) },
              { path: 'login', ...page(() => import('@/features/auth/pages/login-page')) },
              { path: 'register', ...page(() => import('@/features/auth/pages/register-page')) },
              { path: 'forgot-password', ...page(() => import('@/features/auth/pages/forgot-password-page')) },
              { path: 'reset-password', ...page(() => import('@/features/auth/pages/reset-password-page')) },
              { path: 'auth/confirm-email', ...page(() => import('@/features/auth/pages/confirm-email-page')) },
              { path: 'auth/confirm', ...page(() => import('@/features/auth/pages/confirm-signup-page')) },
              { path: 'auth/verify-email', ...page(() => import('@/features/auth/pages/verify-email-page')) },
              { path: 'invitations/accept', ...protectedPage(() => import('@/features/team/pages/accept-invitation-page')) },
              { path: '*', ...page(() => import('@/features/marketing/pages/not-found-page')) },
            ],
          },
          // The wizard has its own full-page layout (no marketing footer).
          { path: 'onboarding', ...protectedPage(() => import('@/features/onboarding/pages/onboarding-page')) },
          {
            path: 'dashboard',
            lazy: async () => {
              const [{ DashboardLayout }, { RequireAuth }] = await Promise.all([import('@/features/dashboard/dashboard-layout'), guards()]);
              return {
                Component: () => (
                  <RequireAuth>
                    <DashboardLayout />
                  </RequireAuth>
                ),
              };
            },
            children: [
              { index: true, ...page(() => import('@/features/dashboard/pages/dashboard-home-page')) },
              { path: 'profile', ...page(() => import('@/features/account/pages/profile-page')) },
              { path: 'stores', ...page(() => import('@/features/stores/pages/stores-page')) },
              { path: 'stores/:storeId/settings', ...page(() => import('@/features/stores/pages/store-settings-page')) },
              { path: 'team', ...page(() => import('@/features/team/pages/team-page')) },
              { path: 'invitations', ...page(() => import('@/features/team/pages/received-invitations-page')) },
              { path: 'orders', ...storePage(() => import('@/features/orders/pages/orders-page')) },
              { path: 'messages', ...storePage(() => import('@/features/messages/pages/messages-page')) },
              { path: 'products', ...storePage(() => import('@/features/catalog/pages/products-page')) },
              { path: 'products/new', ...storePage(() => import('@/features/catalog/pages/product-form-page')) },
              { path: 'products/:id/edit', ...storePage(() => import('@/features/catalog/pages/product-form-page')) },
              { path: 'inventory', ...storePage(() => import('@/features/catalog/pages/inventory-page')) },
              { path: 'categories', ...storePage(() => import('@/features/catalog/pages/categories-page')) },
              { path: 'categories/new', ...storePage(() => import('@/features/catalog/pages/category-form-page')) },
              { path: 'categories/:id/edit', ...storePage(() => import('@/features/catalog/pages/category-form-page')) },
              { path: '*', ...page(() => import('@/features/marketing/pages/not-found-page')) },
            ],
          },
        ],
      },
    ],
  },
]);
