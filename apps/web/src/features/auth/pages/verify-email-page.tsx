import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { msg } from '@vetrina/shared';
import { errorMessage } from '@/lib/api';
import { safeRedirect } from '@/lib/auth';
import { AuthCard } from '../components/auth-card';
import { TokenResult } from '../components/token-result';
import { verifyEmail } from '../api';
import { returnAction } from '../return-action';

/**
 * Target of the verification mail (e.g. sent when 'Accetta' on 'Inviti Ricevuti' needs a proved
 * mailbox). Works signed in or out; `redirect` is where the person was going.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const action = returnAction(safeRedirect(params.get('redirect')));
  const qc = useQueryClient();
  // A query, not an effect: React's double mount must not spend the one-time token twice.
  const q = useQuery({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  useEffect(() => {
    // The rest of the app (the invitations page) learns that the address is now proved.
    if (q.data) void qc.invalidateQueries({ queryKey: ['me'] });
  }, [q.data, qc]);
  const state = !token || q.isError ? 'error' : q.data ? 'success' : 'pending';
  return (
    <AuthCard title="Conferma email">
      <TokenResult
        state={state}
        title={state === 'success' ? msg.emailVerified : 'Impossibile confermare l’email'}
        message={
          state === 'success'
            ? `Abbiamo verificato che l’indirizzo ${q.data?.email} è tuo.`
            : state === 'error'
              ? errorMessage(q.error, msg.linkInvalid)
              : undefined
        }
        action={action}
      />
    </AuthCard>
  );
}
