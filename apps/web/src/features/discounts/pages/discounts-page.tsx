import { useState } from 'react';
import { toast } from 'sonner';
import { Plus, TicketPercent } from 'lucide-react';
import { can, type DiscountCode } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useActiveStore } from '@/lib/auth';
import { useDeleteDiscount, useDiscounts } from '../api';
import { DiscountFormDialog } from '../components/discount-form-dialog';
import { DiscountList } from '../components/discount-list';
import { plural } from '@vetrina/shared/plural';

/** /dashboard/discounts: 'Codici sconto'. The whole team sees them; only admins create, edit and delete. */
export default function DiscountsPage() {
  const store = useActiveStore().store!;
  const canEdit = can(store, 'store:settings');
  const discounts = useDiscounts(store.id);
  const del = useDeleteDiscount(store.id);
  // null: closed; 'new': creating; a code: editing it.
  const [editing, setEditing] = useState<DiscountCode | 'new' | null>(null);

  const remove = (d: DiscountCode) =>
    del.mutate(d.id, {
      onSuccess: () => toast.success(`Codice ${d.code} eliminato`),
      onError: (err) => toast.error('Errore', { description: errorMessage(err, 'Impossibile eliminare il codice sconto') }),
    });
  const newButton = (label: string) =>
    canEdit && (
      <Button onClick={() => setEditing('new')}>
        <Plus aria-hidden /> {label}
      </Button>
    );

  return (
    <div className="grid gap-6">
      <title>Codici sconto · Vetrina</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold">Codici sconto</h1>
          <p className="text-sm text-muted-foreground">
            {canEdit
              ? 'Crea codici da dare ai clienti: una percentuale o un importo tolto dal totale dei prodotti.'
              : 'I codici sconto dello store. Solo gli amministratori possono modificarli.'}
          </p>
        </div>
        {newButton('Nuovo codice')}
      </div>
      {discounts.isPending ? (
        <div className="grid gap-2" aria-busy>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : discounts.isError ? (
        <LoadErrorState icon={TicketPercent} title="Impossibile caricare i codici sconto" error={discounts.error} onRetry={discounts.refetch} />
      ) : discounts.data.length === 0 ? (
        <EmptyState
          icon={TicketPercent}
          title="Nessun codice sconto"
          description="Un codice sconto premia chi lo inserisce al checkout con una percentuale o un importo in meno: per una promozione, per i nuovi clienti o per chi ti segue sui social. Puoi fissare un ordine minimo, le date di validità e quante volte si può usare."
          action={newButton('Crea il primo codice')}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {plural(discounts.data.length, 'codice', 'codici')}
          </p>
          <DiscountList
            discounts={discounts.data}
            canEdit={canEdit}
            onEdit={setEditing}
            onDelete={remove}
            deletingId={del.isPending ? (del.variables ?? null) : null}
          />
        </>
      )}
      {editing !== null && (
        <DiscountFormDialog
          key={editing === 'new' ? 'new' : editing.id}
          storeId={store.id}
          discount={editing === 'new' ? undefined : editing}
          open
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
    </div>
  );
}
