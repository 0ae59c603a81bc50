import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { StoreSummary } from '@vetrina/shared';
import { onApiRefusal } from './api';
import { useAuth, useMe } from './auth';

/** Where a member is sent to turn two-step sign-in on (Profilo → Sicurezza). */
export const TWO_STEP_SETUP_PATH = '/dashboard/profile#sicurezza';

/**
 * What the access token says of the session: 'aal2' once it showed a second factor. Read from the
 * token's payload only to choose what to show; the server checks the signature on every call.
 */
export function accessTokenAal(token: string | undefined): 'aal1' | 'aal2' {
  const payload = token?.split('.')[1];
  if (!payload) return 'aal1';
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: unknown };
    return json.aal === 'aal2' ? 'aal2' : 'aal1';
  } catch {
    return 'aal1';
  }
}

export const useSessionAal = () => accessTokenAal(useAuth().session?.accessToken);

/** The member's stores that require two-step sign-in while this session has shown no second factor. */
export function useTwoStepShortfall(): StoreSummary[] {
  const { data: me } = useMe();
  const aal = useSessionAal();
  if (!me || aal === 'aal2') return [];
  return me.stores.filter((s) => s.twoStepRequired);
}

/** Dashboard pages that belong to no store: they stay open to a member held back by the requirement. */
const ACCOUNT_PAGES = [/^\/dashboard\/profile\/?$/, /^\/dashboard\/stores\/?$/, /^\/dashboard\/invitations\/?$/];

/** The store a dashboard address works on: the one in a settings address, else the active one; null on account pages. */
export function storeOfPage(pathname: string, stores: StoreSummary[], active: StoreSummary | null): StoreSummary | null {
  if (ACCOUNT_PAGES.some((p) => p.test(pathname))) return null;
  const inPath = /^\/dashboard\/stores\/([^/]+)\//.exec(pathname)?.[1];
  return inPath ? (stores.find((s) => s.id === inPath) ?? null) : active;
}

/** The store the current dashboard page would open although it requires two-step sign-in of this session, or null. */
export function useHeldBackStore(): StoreSummary | null {
  const { pathname } = useLocation();
  const { data: me } = useMe();
  const aal = useSessionAal();
  if (!me || aal === 'aal2') return null;
  const store = storeOfPage(pathname, me.stores, me.activeStore);
  return store?.twoStepRequired ? store : null;
}

/**
 * Around the dashboard's pages: a page of a store that requires two-step sign-in, opened by a
 * session without a second factor, goes to Profilo → Sicurezza instead (where the reason is
 * shown). A 403 'two_step_required' from any call (the owner turned it on meanwhile) re-reads the
 * account's stores and goes there too.
 */
export function RequireTwoStep({ children }: { children: ReactNode }) {
  const held = useHeldBackStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(
    () =>
      onApiRefusal((err) => {
        if (err.status !== 403 || err.code !== 'two_step_required') return;
        void queryClient.invalidateQueries({ queryKey: ['me'] });
        if (!ACCOUNT_PAGES.some((p) => p.test(location.pathname))) void navigate(TWO_STEP_SETUP_PATH, { replace: true });
      }),
    [queryClient, navigate],
  );
  if (held && !ACCOUNT_PAGES.some((p) => p.test(pathname))) return <Navigate to={TWO_STEP_SETUP_PATH} replace />;
  return <>{children}</>;
}
