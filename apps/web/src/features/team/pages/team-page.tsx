import { can } from '@vetrina/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveStore } from '@/lib/auth';
import { InviteForm } from '../components/invite-form';
import { MembersList } from '../components/members-list';
import { NoActiveStore } from '../components/no-active-store';
import { PendingInvitations } from '../components/pending-invitations';

/** /dashboard/team: the active store's members, the invite form (admins) and pending invitations. */
export default function TeamPage() {
  const { store, isLoading, me } = useActiveStore();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Team</h1>
        {store && <p className="text-sm text-muted-foreground">Le persone che gestiscono {store.name}.</p>}
      </div>
      {isLoading || !me ? (
        <Skeleton className="h-40 w-full" />
      ) : !store ? (
        <NoActiveStore />
      ) : (
        <TeamSections storeId={store.id} userId={me.user.id} canManage={can(store, 'team:manage')} />
      )}
    </div>
  );
}

function TeamSections({ storeId, userId, canManage }: { storeId: string; userId: string; canManage: boolean }) {
  return (
    <>
      {canManage && <InviteForm storeId={storeId} />}
      <MembersList storeId={storeId} currentUserId={userId} canManage={canManage} />
      <PendingInvitations storeId={storeId} canManage={canManage} />
    </>
  );
}
