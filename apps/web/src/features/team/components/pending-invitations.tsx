import { toast } from 'sonner';
import { MailCheck, X } from 'lucide-react';
import { teamMsg, type TeamInvitation } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useCancelInvitation, useTeamInvitations } from '../api';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { RoleBadge } from './role-badge';

/** Invitations not yet answered; admins can cancel them (the link stops working). */
export function PendingInvitations({ storeId, canManage }: { storeId: string; canManage: boolean }) {
  const invitations = useTeamInvitations(storeId);
  const cancel = useCancelInvitation(storeId);

  const onCancel = async (inv: TeamInvitation) => {
    if (!window.confirm(`Annullare l'invito inviato a ${inv.email}? Il link nell'email smetterà di funzionare.`)) return;
    try {
      await cancel.mutateAsync(inv.id);
      toast.success(teamMsg.invitationCancelled, { description: `L'invito a ${inv.email} non è più valido.` });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, teamMsg.cancelFailed) });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Inviti in sospeso{invitations.data ? ` (${invitations.data.length})` : ''}</CardTitle>
        <CardDescription>Inviti inviati e non ancora accettati.</CardDescription>
      </CardHeader>
      <CardContent>
        {invitations.isPending ? (
          <ListSkeleton rows={1} label="Caricamento inviti" />
        ) : invitations.isError ? (
          <ListError message={errorMessage(invitations.error, teamMsg.loadFailed)} onRetry={() => void invitations.refetch()} />
        ) : invitations.data.length === 0 ? (
          <EmptyState icon={<MailCheck />} title="Nessun invito in sospeso">
            {canManage ? 'Invita un collaboratore con il modulo qui sopra.' : 'Solo gli amministratori possono invitare nuovi membri.'}
          </EmptyState>
        ) : (
          <ul className="divide-y" aria-label="Inviti in sospeso">
            {invitations.data.map((inv) => (
              <li key={inv.id} className="flex items-center gap-3 py-3" data-testid="pending-invitation">
                <div className="min-w-0 flex-1 space-y-1">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium [overflow-wrap:anywhere]">{inv.email}</span>
                    <RoleBadge role={inv.role} />
                  </p>
                  <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
                    Scade il <time dateTime={inv.expiresAt}>{formatDate(inv.expiresAt)}</time>
                    {inv.invitedByEmail && <> · invitato da {inv.invitedByEmail}</>}
                  </p>
                </div>
                {canManage && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void onCancel(inv)}
                    disabled={cancel.isPending && cancel.variables === inv.id}
                    aria-label={`Annulla l'invito a ${inv.email}`}
                  >
                    <X aria-hidden /> <span className="hidden sm:inline">Annulla</span>
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
