import { useEffect, type ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RouteError } from './route-error';

/**
 * The dashboard app: sign-in, onboarding and the dashboard. Each page is its own chunk. The
 * storefront and the public site are the public build's (src/ssr), rendered on the server.
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

/**
 * A page the server renders (storefront, public site). The address is already the page's, so
 * loading it again asks the server for it; the spinner shows meanwhile.
 */
function ServerPage() {
  useEffect(() => window.location.reload(), []);
  return <FullPageSpinner />;
}

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      // The storefront and the public site are pages of the server (the public build): reaching one
      // from here loads it from the server.
      { index: true, element: <ServerPage /> },
      { path: 'faq', element: <ServerPage /> },
      { path: 'pricing', element: <ServerPage /> },
      { path: 'blog', element: <ServerPage /> },
      { path: 'store/*', element: <ServerPage /> },
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
          // Printed: outside the dashboard's layout, so the sidebar never reaches the paper.
          { path: 'dashboard/orders/:orderId/packing-slip', ...protectedPage(() => import('@/features/orders/pages/packing-slip-page')) },
          {
            path: 'dashboard',
            lazy: async () => {
              const [{ DashboardLayout }, { RequireAuth }, { NotificationBell }] = await Promise.all([
                import('@/features/dashboard/dashboard-layout'),
                guards(),
                import('@/features/notifications/components/notification-bell'),
              ]);
              return {
                Component: () => (
                  <RequireAuth>
                    <DashboardLayout topBarActions={<NotificationBell />} />
                  </RequireAuth>
                ),
              };
            },
            children: [
              { index: true, ...page(() => import('@/features/dashboard/pages/dashboard-home-page')) },
              { path: 'profile', ...page(() => import('@/features/account/pages/profile-page')) },
              { path: 'stores', ...page(() => import('@/features/stores/pages/stores-page')) },
              // 'Registro attività' is listed among the settings' sections but is its own feature.
              { path: 'stores/:storeId/settings/registro-attivita', ...page(() => import('@/features/audit/pages/audit-page')) },
              { path: 'stores/:storeId/settings/:section?', ...page(() => import('@/features/stores/pages/store-settings-page')) },
              { path: 'team', ...page(() => import('@/features/team/pages/team-page')) },
              { path: 'invitations', ...page(() => import('@/features/team/pages/received-invitations-page')) },
              { path: 'orders', ...storePage(() => import('@/features/orders/pages/orders-page')) },
              { path: 'orders/:orderId', ...storePage(() => import('@/features/orders/pages/order-page')) },
              { path: 'returns', ...storePage(() => import('@/features/returns/pages/returns-page')) },
              { path: 'returns/:returnId', ...storePage(() => import('@/features/returns/pages/return-page')) },
              { path: 'customers', ...storePage(() => import('@/features/customers/pages/customers-page')) },
              { path: 'customers/:customerKey', ...storePage(() => import('@/features/customers/pages/customer-page')) },
              { path: 'invoices', ...storePage(() => import('@/features/invoices/pages/invoices-page')) },
              { path: 'discounts', ...storePage(() => import('@/features/discounts/pages/discounts-page')) },
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
