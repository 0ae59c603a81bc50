import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Inbox } from 'lucide-react';
import { teamMsg, type ReceivedInvitation } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { ApiError, errorMessage } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useAcceptInvitation, useDeclineInvitation, useReceivedInvitations, useSendVerificationLink } from '../api';
import { EmptyState, ListError, ListSkeleton } from '../components/list-states';
import { MailboxProofNotice } from '../components/mailbox-proof-notice';
import { ReceivedInvitationItem } from '../components/received-invitation-item';

/**
 * /dashboard/invitations ('Inviti Ricevuti'): pending, unexpired invitations for the user's e-mail.
 * 'Accetta' needs a mailbox proved by a mailed link; until then the page says so and offers the link.
 */
export default function ReceivedInvitationsPage() {
  const invitations = useReceivedInvitations();
  const { data: me } = useMe();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const sendLink = useSendVerificationLink();
  const busyId = accept.isPending ? accept.variables : decline.isPending ? decline.variables : null;
  /** What the server last said about the mailbox (a refused 'Accetta', a new link, a mail limit). */
  const [notice, setNotice] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);

  useEffect(() => {
    if (invitations.isError) toast.error('Errore', { description: teamMsg.loadFailed });
  }, [invitations.isError]);

  const email = me?.user.email ?? '';
  const hasInvitations = (invitations.data?.length ?? 0) > 0;
  // Shown while there is something to accept and 'me' does not yet know the address is proved
  // (once the link is opened, maybe in another tab, 'me' is refreshed and the notice goes).
  const proofMessage =
    !me || me.user.emailVerified || !hasInvitations
      ? null
      : (notice ??
        `Per accettare un invito dobbiamo prima sapere che la casella ${email} è tua: ti invieremo un link di conferma. Aprilo e poi premi Accetta.`);

  const onAccept = async (inv: ReceivedInvitation) => {
    try {
      const res = await accept.mutateAsync(inv.id);
      toast.success(teamMsg.accepted, { description: `Ora fai parte del team di ${res.storeName}.` });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'email_unverified') {
        // The server has mailed a verification link (or had already): the explanation stays on the page.
        setNotice(err.message);
        setLinkSent(true);
        toast.error(teamMsg.acceptFailed, { description: 'Conferma prima il tuo indirizzo email.' });
        return;
      }
      toast.error('Errore', { description: errorMessage(err, teamMsg.acceptFailed) });
    }
  };

  const onSendLink = async () => {
    try {
      await sendLink.mutateAsync();
      setLinkSent(true);
      setNotice(`Ti abbiamo inviato un nuovo link a ${email}: aprilo (controlla anche lo spam) e poi premi di nuovo Accetta.`);
      toast.success('Email inviata', { description: `Controlla la casella di ${email}.` });
    } catch (err) {
      const message = errorMessage(err, 'Riprova più tardi');
      setNotice(message);
      toast.error('Errore', { description: message });
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
      {proofMessage && (
        <MailboxProofNotice message={proofMessage} alert={notice !== null} linkSent={linkSent} sending={sendLink.isPending} onSend={() => void onSendLink()} />
      )}
      {invitations.isPending ? (
        <ListSkeleton label="Caricamento inviti" />
      ) : invitations.isError ? (
        <ListError message={teamMsg.loadFailed} onRetry={() => void invitations.refetch()} />
      ) : invitations.data.length === 0 ? (
        <EmptyState icon={<Inbox />} title="Nessun invito in sospeso">
          <p>Quando qualcuno ti inviterà nel team del suo store, troverai l'invito qui.</p>
          <Link to="/dashboard" className={buttonClasses('outline', 'sm', 'mt-3')}>
            Vai alla Dashboard
          </Link>
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
