import { useState } from 'react';
import { toast } from 'sonner';
import { Trash2, X } from 'lucide-react';
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type Category, type ProductBulkInput, type ProductStatus } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/select';
import { CsvExportDialog } from '@/components/csv-export-dialog';
import { errorMessage } from '@/lib/api';
import { selectedProductsCsv, useProductBulk } from '../api/bulk';

const STATUS_NOTE: Record<ProductStatus, string> = {
  active: 'Saranno visibili e acquistabili nello store.',
  draft: 'Le bozze non sono visibili nello store.',
  archived: 'I prodotti archiviati non sono più visibili nello store.',
};
const NO_CATEGORY = 'none';

interface Pending {
  body: ProductBulkInput;
  title: string;
  description: string;
  confirmLabel: string;
  destructive: boolean;
}

/** What to do with the ticked products: every action asks first and applies to all of them or none. */
export function ProductBulkBar({ storeId, ids, categories, onDone }: { storeId: string; ids: string[]; categories: Category[]; onDone: () => void }) {
  const bulk = useProductBulk(storeId);
  const [pending, setPending] = useState<Pending | null>(null);
  const n = ids.length;
  const what = plural(n, 'prodotto', 'prodotti');

  const askStatus = (status: ProductStatus) =>
    setPending({
      body: { action: 'status', ids, status },
      title: `Impostare ${what} come «${PRODUCT_STATUS_LABELS[status]}»?`,
      description: STATUS_NOTE[status],
      confirmLabel: 'Conferma',
      destructive: false,
    });
  const askCategory = (value: string) => {
    const category = categories.find((c) => c.id === value);
    setPending({
      body: { action: 'category', ids, categoryId: category?.id ?? null },
      title: category ? `Spostare ${what} in «${category.name}»?` : `Togliere la categoria a ${what}?`,
      description: category ? 'La categoria attuale dei prodotti viene sostituita.' : 'I prodotti resteranno senza categoria.',
      confirmLabel: 'Conferma',
      destructive: false,
    });
  };
  const askDelete = () =>
    setPending({
      body: { action: 'delete', ids },
      title: `Eliminare ${what}?`,
      description: 'Questa azione è irreversibile. Verranno eliminate anche tutte le varianti e le immagini dei prodotti.',
      confirmLabel: 'Elimina',
      destructive: true,
    });

  const apply = (p: Pending) =>
    bulk.mutate(p.body, {
      onSuccess: (res) => {
        const done = plural(
          res.count,
          p.body.action === 'delete' ? 'prodotto eliminato' : 'prodotto aggiornato',
          p.body.action === 'delete' ? 'prodotti eliminati' : 'prodotti aggiornati',
        );
        toast.success(done);
        onDone();
      },
      onError: (err) => toast.error('Nessun prodotto è stato modificato', { description: errorMessage(err, 'Riprova più tardi') }),
    });

  return (
    <div role="region" aria-label="Azioni sui prodotti selezionati" className="flex flex-wrap items-center gap-2 rounded-lg border bg-background p-2 shadow-xs">
      <p className="px-1 text-sm font-medium" aria-live="polite">
        {plural(n, 'prodotto selezionato', 'prodotti selezionati')}
      </p>
      <NativeSelect
        aria-label="Cambia stato dei prodotti selezionati"
        value=""
        disabled={bulk.isPending}
        onChange={(e) => e.target.value && askStatus(e.target.value as ProductStatus)}
        className="h-9 w-44"
      >
        <option value="">Cambia stato…</option>
        {PRODUCT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {PRODUCT_STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Sposta in categoria i prodotti selezionati"
        value=""
        disabled={bulk.isPending}
        onChange={(e) => e.target.value && askCategory(e.target.value)}
        className="h-9 w-48"
      >
        <option value="">Sposta in categoria…</option>
        <option value={NO_CATEGORY}>Senza categoria</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </NativeSelect>
      <CsvExportDialog
        label="Esporta selezione"
        size="sm"
        title={`Esporta ${what} in CSV`}
        description="Le colonne del CSV prodotti di Shopify, una riga per variante. Si apre in Excel o in Fogli Google."
        failure="Impossibile esportare i prodotti"
        file={(format) => selectedProductsCsv(storeId, ids, format)}
      />
      <Button variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={askDelete} disabled={bulk.isPending}>
        <Trash2 aria-hidden /> Elimina
      </Button>
      <Button variant="ghost" size="sm" onClick={onDone}>
        <X aria-hidden /> Deseleziona
      </Button>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.title ?? ''}
        description={pending?.description ?? ''}
        confirmLabel={pending?.confirmLabel}
        tone={pending?.destructive ? 'destructive' : 'default'}
        onConfirm={() => pending && apply(pending)}
      />
    </div>
  );
}
