import { useEffect } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Inbox } from 'lucide-react';
import { teamMsg, type ReceivedInvitation } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { useAcceptInvitation, useDeclineInvitation, useReceivedInvitations } from '../api';
import { EmptyState, ListError, ListSkeleton } from '../components/list-states';
import { ReceivedInvitationItem } from '../components/received-invitation-item';

/** /dashboard/invitations ('Inviti Ricevuti'): pending, unexpired invitations for the user's e-mail. */
export default function ReceivedInvitationsPage() {
  const invitations = useReceivedInvitations();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const busyId = accept.isPending ? accept.variables : decline.isPending ? decline.variables : null;

  useEffect(() => {
    if (invitations.isError) toast.error('Errore', { description: teamMsg.loadFailed });
  }, [invitations.isError]);

  const onAccept = async (inv: ReceivedInvitation) => {
    try {
      const res = await accept.mutateAsync(inv.id);
      toast.success(teamMsg.accepted, { description: `Ora fai parte del team di ${res.storeName}.` });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, teamMsg.acceptFailed) });
    }
  };

  const onDecline = async (inv: ReceivedInvitation) => {
    if (!window.confirm(`Rifiutare l'invito di ${inv.storeName}? Non potrai più accettarlo.`)) return;
    try {
      await decline.mutateAsync(inv.id);
      toast.success(teamMsg.declined);
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, teamMsg.declineFailed) });
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Inviti Ricevuti</h1>
        <p className="text-sm text-muted-foreground">Gli store che ti hanno invitato a far parte del loro team.</p>
      </div>
      {invitations.isPending ? (
        <ListSkeleton label="Caricamento inviti" />
      ) : invitations.isError ? (
        <ListError message={teamMsg.loadFailed} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <EmptyState icon={<Inbox />} title="Nessun invito in sospeso">
          <p>Quando qualcuno ti inviterà nel team del suo store, troverai l'invito qui.</p>
          <Link to="/dashboard" className={buttonClasses('outline', 'sm', 'mt-3')}>Vai alla Dashboard</Link>
        </EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Inviti ricevuti">
          {invitations.data.map((inv) => (
            <ReceivedInvitationItem
              key={inv.id}
              invitation={inv}
              busy={busyId === inv.id}
              onAccept={() => void onAccept(inv)}
              onDecline={() => void onDecline(inv)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
