import { useState } from 'react';
import { toast } from 'sonner';
import { Crown, Trash2, Users } from 'lucide-react';
import { ROLE_LABELS, teamMsg, type Role, type TeamMember } from '@vetrina/shared';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useChangeMemberRole, useRemoveMember, useTeamMembers } from '../api';
import { memberActions, type TeamViewer } from '../member-actions';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { MemberRoleSelect } from './member-role-select';
import { RoleBadge } from './role-badge';

/**
 * Every member of the store. Admins remove staff; the owner also removes admins and changes roles
 * (demoting an admin asks first). Nobody acts on themselves or on the owner.
 */
export function MembersList({ storeId, viewer }: { storeId: string; viewer: TeamViewer }) {
  const members = useTeamMembers(storeId);
  const remove = useRemoveMember(storeId);
  const changeRole = useChangeMemberRole(storeId);
  const [demoting, setDemoting] = useState<TeamMember | null>(null);

  const onRemove = async (member: TeamMember) => {
    if (!window.confirm(teamMsg.removeConfirm)) return;
    try {
      await remove.mutateAsync(member.id);
      toast.success(teamMsg.memberRemoved, { description: `${member.email} non fa più parte del team.` });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, teamMsg.removeFailed) });
    }
  };

  const applyRole = async (member: TeamMember, role: Role) => {
    try {
      await changeRole.mutateAsync({ memberId: member.id, role });
      toast.success(teamMsg.roleChanged, { description: `${member.email} ora è ${ROLE_LABELS[role]}.` });
    } catch (err) {
      toast.error(teamMsg.roleChangeFailed, { description: errorMessage(err, teamMsg.roleChangeFailed) });
    }
  };

  const onRoleChange = (member: TeamMember, role: Role) => {
    if (role === member.role) return;
    if (member.role === 'admin') setDemoting(member);
    else void applyRole(member, role);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Membri{members.data ? ` (${members.data.length})` : ''}</CardTitle>
        <CardDescription>Chi lavora con te in questo store.</CardDescription>
      </CardHeader>
      <CardContent>
        {members.isPending ? (
          <ListSkeleton label="Caricamento membri" />
        ) : members.isError ? (
          <ListError message={errorMessage(members.error, 'Impossibile caricare i membri del team')} onRetry={() => void members.refetch()} />
        ) : members.data.length === 0 ? (
          <EmptyState icon={<Users />} title="Nessun membro" />
        ) : (
          <ul className="divide-y" aria-label="Membri del team">
            {members.data.map((m) => {
              const allowed = memberActions(viewer, m);
              const busy = (remove.isPending && remove.variables === m.id) || (changeRole.isPending && changeRole.variables?.memberId === m.id);
              return (
                <li key={m.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="team-member">
                  <div className="min-w-0 flex-1 basis-60 space-y-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium [overflow-wrap:anywhere]">{m.email}</span>
                      {m.userId === viewer.userId && <Badge variant="outline">Tu</Badge>}
                      {m.isOwner && (
                        <Badge variant="warning" className="gap-1">
                          <Crown className="size-3" aria-hidden /> {teamMsg.ownerLabel}
                        </Badge>
                      )}
                      {!allowed.changeRole && <RoleBadge role={m.role} />}
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Membro dal <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
                    </p>
                  </div>
                  {(allowed.changeRole || allowed.remove) && (
                    <div className="ml-auto flex items-center gap-2">
                      {allowed.changeRole && <MemberRoleSelect member={m} disabled={busy} onChange={(role) => onRoleChange(m, role)} />}
                      {allowed.remove && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:bg-red-50"
                          onClick={() => void onRemove(m)}
                          disabled={busy}
                          aria-label={`Rimuovi ${m.email}`}
                        >
                          <Trash2 aria-hidden /> <span className="hidden sm:inline">Rimuovi</span>
                        </Button>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={demoting !== null}
        onOpenChange={(open) => !open && setDemoting(null)}
        title="Togliere il ruolo di amministratore?"
        description={`${demoting?.email ?? ''} diventerà Staff: potrà ancora gestire prodotti, ordini e messaggi, ma non invitare o rimuovere membri né modificare le impostazioni dello store.`}
        confirmLabel="Rendi Staff"
        onConfirm={() => demoting && void applyRole(demoting, 'staff')}
      />
    </Card>
  );
}
