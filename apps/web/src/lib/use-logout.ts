import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { sessionManager } from '@/lib/session';
import { queryClient } from './query-client';

/** Logout clears stores, active store and invitation count (the whole query cache) and goes to /. */
export function useLogout() {
  const navigate = useNavigate();
  return async () => {
    await sessionManager.signOut('local');
    queryClient.clear();
    toast.success('Logout effettuato', { description: 'Ci vediamo presto!' });
    navigate('/');
  };
}
