import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { sessionManager } from './session';
import { queryClient } from './query-client';

/** Logout clears stores, active store and invitation count (the whole query cache) and goes to /. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    // Leave protected pages first (and wait for the lazy landing page), or their guard would
    // redirect to /login as the session ends.
    await navigate('/', { replace: true });
    await sessionManager.signOut('local');
    queryClient.clear();
    toast.success('Logout effettuato', { description: 'Ci vediamo presto!' });
  };
}
