import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { sessionManager } from './session';
import { queryClient } from './query-client';

/** Logout clears stores, active store and invitation count (the whole query cache) and goes to /. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    // Leave protected pages first, or their guard would redirect to /login as the session ends.
    // flushSync: the route change is committed (not left pending in a transition) before we go on.
    await navigate('/', { replace: true, flushSync: true });
    await sessionManager.signOut('local');
    queryClient.clear();
    toast.success('Logout effettuato', { description: 'Ci vediamo presto!' });
  };
}
