import { Link } from 'react-router';
import { Plus, Store as StoreIcon } from 'lucide-react';
import { toast } from 'sonner';
import { buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useMe } from '@/lib/auth';
import { useDeleteStore } from '../api';
import { StoreCard } from '../components/store-card';

/** Spec §2 "Stores list": the user's stores as cards, 'New store', delete with confirmation. */
export default function StoresPage() {
  const { data: me, isLoading } = useMe();
  const del = useDeleteStore();
  const remove = (id: string) =>
    del.mutate(id, {
      onSuccess: () => toast.success('Store eliminato'),
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile eliminare lo store') }),
    });

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">I tuoi Stores</h1>
          <p className="text-sm text-muted-foreground">Gestisci gli store di cui fai parte.</p>
        </div>
        <Link to="/onboarding?mode=new-store" className={buttonClasses()}>
          <Plus aria-hidden /> New store
        </Link>
      </div>
      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-44" />
          ))}
        </div>
      ) : !me?.stores.length ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-background p-10 text-center">
          <StoreIcon className="size-10 text-muted-foreground" aria-hidden />
          <p className="font-medium">Nessuno store trovato</p>
          <p className="text-sm text-muted-foreground">Crea il tuo primo store per iniziare a vendere.</p>
          <Link to="/onboarding" className={buttonClasses()}>
            <Plus aria-hidden /> Crea il tuo primo store
          </Link>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {me.stores.map((s) => (
            <li key={s.id} className="grid min-w-0">
              <StoreCard store={s} active={s.id === me.activeStore?.id} onDelete={() => remove(s.id)} deleting={del.isPending && del.variables === s.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
