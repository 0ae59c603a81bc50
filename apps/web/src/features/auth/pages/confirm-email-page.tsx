import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { msg } from '@vetrina/shared';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { sessionManager } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { TokenResult } from '../components/token-result';
import { confirmEmailChange } from '../api';

/** Target of the e-mail-change mail: the new address applies only when this link is opened. */
export default function ConfirmEmailPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const { status } = useAuth();
  // A query, not an effect: React's double mount must not spend the one-time token twice. It waits
  // for the session to be restored: the server signs out every other device of the account, and
  // keeps this browser signed in only if the request carries its session.
  const q = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmailChange(token),
    enabled: !!token && status !== 'loading',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  useEffect(() => {
    if (q.data) {
      sessionManager.notifyUserUpdated(q.data.email);
      void sessionManager.refresh('TOKEN_REFRESHED').catch(() => undefined);
      toast.success('Email aggiornata', { description: `Il tuo indirizzo ora è ${q.data.email}` });
    }
  }, [q.data]);
  const state = !token || q.isError ? 'error' : q.data ? 'success' : 'pending';
  return (
    <AuthCard title="Conferma nuova email">
      <TokenResult
        state={state}
        title={state === 'success' ? 'Email aggiornata' : 'Impossibile confermare l’email'}
        message={state === 'success' ? `Da ora accedi con ${q.data?.email}.` : state === 'error' ? errorMessage(q.error, msg.linkInvalid) : undefined}
        action={{ to: '/dashboard/profile', label: 'Vai al profilo' }}
      />
    </AuthCard>
  );
}
