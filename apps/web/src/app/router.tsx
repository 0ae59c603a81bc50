import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { RequireAuth } from '@/lib/auth';
import { RouteError } from './route-error';
import { MarketingLayout } from '@/features/marketing/components/marketing-layout';

/** Each page is its own chunk: the storefront and marketing pages never download dashboard code. */
const page = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});
const protectedPage = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => {
    const Page = (await load()).default;
    return {
      Component: () => (
        <RequireAuth>
          <Page />
        </RequireAuth>
      ),
    };
  },
});

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        element: <MarketingLayout />,
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
          { path: 'invitations/accept', ...protectedPage(() => import('@/features/team/pages/accept-invitation-page')) },
          { path: '*', ...page(() => import('@/features/marketing/pages/not-found-page')) },
        ],
      },
      // The wizard has its own full-page layout (no marketing footer).
      { path: 'onboarding', ...protectedPage(() => import('@/features/onboarding/pages/onboarding-page')) },
      {
        path: 'dashboard',
        lazy: async () => {
          const { DashboardLayout } = await import('@/features/dashboard/dashboard-layout');
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
          { path: '*', ...page(() => import('@/features/marketing/pages/not-found-page')) },
        ],
      },
    ],
  },
]);
