import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuthEvent, SessionPayload } from '@vetrina/shared';
import { sessionManager } from '@/lib/session';
import { api } from '@/lib/api';
import { FullPageSpinner } from '@/components/ui/spinner';

type Status = 'loading' | 'authenticated' | 'unauthenticated';
interface AuthState {
  status: Status;
  session: SessionPayload | null;
  lastEvent: AuthEvent | null;
}

const AuthContext = createContext<AuthState>({ status: 'loading', session: null, lastEvent: null });

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading', session: null, lastEvent: null });
  useEffect(() => {
    const off = sessionManager.onAuthStateChange((event, session) => {
      setState({ status: session ? 'authenticated' : 'unauthenticated', session, lastEvent: event });
      if (event === 'SIGNED_OUT') queryClient.clear();
      if (event === 'USER_UPDATED') void queryClient.invalidateQueries({ queryKey: ['me'] });
    });
    void sessionManager.init().then(() => {
      setState((s) =>
        s.status === 'loading'
          ? { status: sessionManager.current ? 'authenticated' : 'unauthenticated', session: sessionManager.current, lastEvent: 'INITIAL_SESSION' }
          : s,
      );
    });
    return () => {
      off();
    };
  }, [queryClient]);
  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);

/** The signed-in user's profile, stores, active store and invitation count. */
export function useMe() {
  const { status, session } = useAuth();
  return useQuery({
    queryKey: ['me', session?.user.id],
    // The schema loads with the first query (only a signed-in visitor has one): see session-schemas.ts.
    queryFn: async () => api('/api/me', { schema: (await import('./session-schemas')).meResponseSchema }),
    enabled: status === 'authenticated',
    staleTime: 30_000,
  });
}

/** Spinner while the session loads; without a session, /login (history replaced). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'unauthenticated') {
    // Signing out on purpose from a protected page ends on the home page, not on the login form.
    if (sessionManager.signedOutDeliberately) return <Navigate to="/" replace />;
    const redirect = location.pathname + location.search;
    return <Navigate to={`/login?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <>{children}</>;
}

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The active store of the signed-in user (null while loading or when there is none). */
export function useActiveStore() {
  const me = useMe();
  return { store: me.data?.activeStore ?? null, isLoading: me.isLoading, me: me.data };
}

/** Store-dependent dashboard pages: without an active store they redirect to /dashboard (spec §2). */
export function RequireActiveStore({ children }: { children: ReactNode }) {
  const { store, isLoading } = useActiveStore();
  if (isLoading) return <FullPageSpinner />;
  if (!store) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
