import { can } from '@vetrina/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveStore } from '@/lib/auth';
import { InviteForm } from '../components/invite-form';
import { MembersList } from '../components/members-list';
import { NoActiveStore } from '../components/no-active-store';
import { OwnershipCard } from '../components/ownership-card';
import { PendingInvitations } from '../components/pending-invitations';

/**
 * /dashboard/team: the active store's members, the invite form (admins), pending invitations and,
 * for the owner, the transfer of ownership.
 */
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
        <>
          {can(store, 'team:manage') && <InviteForm storeId={store.id} />}
          <MembersList storeId={store.id} viewer={{ userId: me.user.id, role: store.role, isOwner: store.isOwner }} />
          <PendingInvitations storeId={store.id} canManage={can(store, 'team:manage')} />
          {can(store, 'team:owner') && <OwnershipCard storeId={store.id} storeName={store.name} userId={me.user.id} />}
        </>
      )}
    </div>
  );
}
