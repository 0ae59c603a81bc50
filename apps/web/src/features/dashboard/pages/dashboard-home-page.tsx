import { Skeleton } from '@/components/ui/skeleton';
import { useMe } from '@/lib/auth';
import { ActiveStoreHome } from '../components/active-store-home';
import { FirstStoreHome } from '../components/first-store-home';

/** Spec §2 "Dashboard home": the active store at a glance, or how to create the first one. */
export default function DashboardHomePage() {
  const { data: me, isLoading } = useMe();
  if (isLoading || !me) {
    return (
      <div className="grid gap-4" aria-busy>
        <Skeleton className="h-28" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  return me.activeStore ? <ActiveStoreHome store={me.activeStore} /> : <FirstStoreHome email={me.user.email} />;
}
