import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ROLE_LABELS, teamMsg } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api';
import { sessionManager } from '@/lib/session';
import { acceptInvitationByToken } from '../api';
import { AcceptanceCard } from '../components/acceptance-card';

/**
 * /invitations/accept?token=… (the mailed link). The route requires a session, so a signed-out
 * visitor goes to /login?redirect=… and comes back here after signing in or up.
 */
export default function AcceptInvitationPage() {
  const token = (useSearchParams()[0].get('token') ?? '').trim();
  const qc = useQueryClient();
  const announced = useRef(false);
  // A one-time action run once per token: cached for the page's life so a re-render never repeats it.
  const q = useQuery({
    queryKey: ['accept-invitation', token],
    queryFn: () => acceptInvitationByToken(token),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  useEffect(() => {
    if (!q.data || announced.current) return;
    announced.current = true;
    toast.success(teamMsg.accepted, { description: `Ora fai parte del team di ${q.data.storeName}.` });
    void qc.invalidateQueries({ queryKey: ['me'] });
  }, [q.data, qc]);

  if (!token) {
    return (
      <AcceptanceCard state="error" title={teamMsg.tokenInvalid} message="Il link dell'invito è incompleto: aprilo di nuovo dall'email che hai ricevuto." />
    );
  }
  if (q.isPending) return <AcceptanceCard state="pending" />;
  if (q.isError) {
    const wrongAccount = q.error instanceof ApiError && q.error.code === 'invitation_email_mismatch';
    return (
      <AcceptanceCard
        state="error"
        title={teamMsg.acceptError}
        message={errorMessage(q.error, teamMsg.acceptError)}
        extra={
          wrongAccount && (
            // Signing out sends this protected page to /login?redirect=… and back here afterwards.
            <Button variant="ghost" onClick={() => void sessionManager.signOut('local', { thenLogin: true })}>
              Accedi con un altro account
            </Button>
          )
        }
      />
    );
  }
  return (
    <AcceptanceCard
      state="success"
      title={teamMsg.accepted}
      message={`Ora fai parte del team di ${q.data.storeName} con il ruolo ${ROLE_LABELS[q.data.role]}.`}
    />
  );
}
