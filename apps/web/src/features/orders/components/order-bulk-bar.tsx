import { useState } from 'react';
import { toast } from 'sonner';
import { X } from 'lucide-react';
import { ORDER_STATUS_LABELS, type OrderBulkFailure, type OrderStatus } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/select';
import { CsvExportDialog } from '@/components/csv-export-dialog';
import { errorMessage } from '@/lib/api';
import { selectedOrdersCsv, useOrdersBulkStatus } from '../bulk-api';
import { STATUS_OPTIONS } from '../order-status';

/**
 * What to do with the ticked orders: change their status (after a confirmation) or export them.
 * Each order changes as it would from its own card; those the server refuses are reported.
 */
export function OrderBulkBar({
  storeId,
  ids,
  onDone,
  onFailures,
}: {
  storeId: string;
  ids: string[];
  onDone: () => void;
  onFailures: (failures: OrderBulkFailure[]) => void;
}) {
  const bulk = useOrdersBulkStatus(storeId);
  const [status, setStatus] = useState<OrderStatus | null>(null);
  const what = plural(ids.length, 'ordine', 'ordini');

  const apply = (next: OrderStatus) =>
    bulk.mutate(
      { ids, status: next },
      {
        onSuccess: (res) => {
          if (res.updated > 0) toast.success(plural(res.updated, 'ordine aggiornato', 'ordini aggiornati'));
          onFailures(res.failures);
          onDone();
        },
        onError: (err) => toast.error('Nessun ordine è stato modificato', { description: errorMessage(err, 'Riprova più tardi') }),
      },
    );

  const shipping = status === 'shipped' ? ' Corriere e tracking si aggiungono poi dal dettaglio di ogni ordine.' : '';
  return (
    <div role="region" aria-label="Azioni sugli ordini selezionati" className="flex flex-wrap items-center gap-2 rounded-lg border bg-background p-2 shadow-xs">
      <p className="px-1 text-sm font-medium" aria-live="polite">
        {plural(ids.length, 'ordine selezionato', 'ordini selezionati')}
      </p>
      <NativeSelect
        aria-label="Cambia stato degli ordini selezionati"
        value=""
        disabled={bulk.isPending}
        aria-busy={bulk.isPending}
        onChange={(e) => e.target.value && setStatus(e.target.value as OrderStatus)}
        className="h-9 w-48"
      >
        <option value="">{bulk.isPending ? 'Aggiornamento…' : 'Cambia stato…'}</option>
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      <CsvExportDialog
        label="Esporta selezione"
        size="sm"
        title={`Esporta ${what} in CSV`}
        description="Una riga per ogni riga d’ordine, con date e orari italiani. Si apre in Excel o in Fogli Google."
        failure="Impossibile esportare gli ordini"
        file={(format) => selectedOrdersCsv(storeId, ids, format)}
      />
      <Button variant="ghost" size="sm" onClick={onDone}>
        <X aria-hidden /> Deseleziona
      </Button>
      <ConfirmDialog
        open={status !== null}
        onOpenChange={(open) => !open && setStatus(null)}
        title={status ? `Portare ${what} a «${ORDER_STATUS_LABELS[status]}»?` : ''}
        description={`Ogni ordine cambia come dal suo dettaglio: lo stock segue il nuovo stato e il cliente riceve le email previste.${shipping}`}
        confirmLabel="Cambia stato"
        tone="default"
        onConfirm={() => status && apply(status)}
      />
    </div>
  );
}
