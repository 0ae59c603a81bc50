import { flashAfterLoad } from './flash';
import { sessionManager } from './session';
import { queryClient } from './query-client';

const BYE = { title: 'Logout effettuato', description: 'Ci vediamo presto!' };

/**
 * Logout clears stores, active store and invitation count (the whole query cache) and goes to /.
 * The home page is a server-rendered page of the public build: from anywhere else it is loaded
 * anew, and the toast follows it there.
 */
export function useLogout() {
  return async () => {
    if (window.location.pathname === '/') {
      await sessionManager.signOut('local');
      queryClient.clear();
      // sonner on demand: it stays out of the public pages' first load.
      void import('sonner').then(({ toast }) => toast.success(BYE.title, { description: BYE.description }));
      return;
    }
    flashAfterLoad(BYE.title, BYE.description);
    // Protected pages see a deliberate sign-out and step aside (lib/auth): no detour via /login.
    await sessionManager.signOut('local');
    queryClient.clear();
    window.location.replace('/');
  };
}
