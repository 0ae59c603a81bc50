import { useMe } from '@/lib/auth';

export default function DashboardHomePage() {
  const { data: me } = useMe();
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold">Benvenuto{me ? `, ${me.user.email}` : ''}</h1>
      <p className="text-muted-foreground">Da qui gestirai i tuoi store.</p>
    </div>
  );
}
