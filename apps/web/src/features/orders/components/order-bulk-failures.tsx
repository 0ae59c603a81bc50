import { AlertTriangle, X } from 'lucide-react';
import type { OrderBulkFailure } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { Button } from '@/components/ui/button';
import { orderNumber } from '../order-status';

/** The orders a bulk change left as they were, each with the reason, until the merchant closes the note. */
export function OrderBulkFailures({ failures, onClose }: { failures: OrderBulkFailure[]; onClose: () => void }) {
  if (!failures.length) return null;
  return (
    <div role="alert" className="flex items-start gap-3 rounded-lg border border-destructive/40 bg-background p-3 text-sm">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{plural(failures.length, 'ordine non è stato modificato', 'ordini non sono stati modificati')}</p>
        <ul className="mt-1 grid gap-0.5">
          {failures.map((f) => (
            <li key={f.id}>
              <span className="font-medium">Ordine {orderNumber(f.orderNumber)}</span>: {f.message}
            </li>
          ))}
        </ul>
      </div>
      <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label="Chiudi l'avviso">
        <X aria-hidden />
      </Button>
    </div>
  );
}
