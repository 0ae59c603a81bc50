import { toast } from 'sonner';
import { Trash2, Users } from 'lucide-react';
import { teamMsg, type TeamMember } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { useRemoveMember, useTeamMembers } from '../api';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { RoleBadge } from './role-badge';

/** Every member of the store; admins may remove staff (never an admin, never themselves). */
export function MembersList({ storeId, currentUserId, canManage }: { storeId: string; currentUserId: string; canManage: boolean }) {
  const members = useTeamMembers(storeId);
  const remove = useRemoveMember(storeId);

  const onRemove = async (member: TeamMember) => {
    if (!window.confirm(teamMsg.removeConfirm)) return;
    try {
      await remove.mutateAsync(member.id);
      toast.success(teamMsg.memberRemoved, { description: `${member.email} non fa più parte del team.` });
    } catch (err) {
      toast.error('Errore', { description: errorMessage(err, teamMsg.removeFailed) });
    }
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
              const isSelf = m.userId === currentUserId;
              const removable = canManage && !isSelf && m.role !== 'admin';
              return (
                <li key={m.id} className="flex items-center gap-3 py-3" data-testid="team-member">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="flex flex-wrap items-center gap-2">
                      <span className="font-medium [overflow-wrap:anywhere]">{m.email}</span>
                      {isSelf && <Badge variant="outline">Tu</Badge>}
                      <RoleBadge role={m.role} />
                    </p>
                    <p className="text-xs text-muted-foreground">
                      Membro dal <time dateTime={m.createdAt}>{formatDate(m.createdAt)}</time>
                    </p>
                  </div>
                  {removable && (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-destructive hover:bg-red-50"
                      onClick={() => void onRemove(m)}
                      disabled={remove.isPending && remove.variables === m.id}
                      aria-label={`Rimuovi ${m.email}`}
                    >
                      <Trash2 aria-hidden /> <span className="hidden sm:inline">Rimuovi</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
