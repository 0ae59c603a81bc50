import { toast } from 'sonner';
import type { Refund } from '@vetrina/shared/returns-admin';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api';
import { formatCents, formatDateTime } from '@/lib/format';
import { useRetryRefund } from '@/lib/returns';
import { RefundStatusBadge } from './return-badges';

const METHOD: Record<Refund['method'], string> = { stripe: 'Carta (Stripe)', manual: 'Bonifico' };

/** The refunds of an order, newest last: amount, state, how, and 'Riprova' on a failed one. */
export function RefundList({ storeId, orderId, refunds, canRetry }: { storeId: string; orderId: string; refunds: Refund[]; canRetry: boolean }) {
  const retry = useRetryRefund(storeId, orderId);
  return (
    <ul className="grid divide-y" aria-label="Rimborsi">
      {refunds.map((f) => (
        <li key={f.id} className="grid gap-1 py-2 first:pt-0 last:pb-0" data-testid="refund-row">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="font-semibold tabular-nums">{formatCents(f.amountCents)}</span>
            <RefundStatusBadge status={f.status} />
          </div>
          <p className="break-words text-xs text-muted-foreground">
            {METHOD[f.method]} · <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
            {f.createdBy && <span> · {f.createdBy}</span>}
            {f.creditNoteNumber && <> · Nota di credito {f.creditNoteNumber}</>}
          </p>
          {f.status === 'failed' && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-destructive">{f.failureReason ?? 'Il rimborso non è andato a buon fine.'}</p>
              {canRetry && (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={`Riprova il rimborso di ${formatCents(f.amountCents)}`}
                  onClick={() =>
                    retry.mutate(f.id, {
                      onSuccess: (r) =>
                        r.status === 'failed'
                          ? toast.error('Rimborso non riuscito', { description: r.failureReason ?? 'Riprova tra poco' })
                          : toast.success('Rimborso avviato di nuovo'),
                      onError: (err) => toast.error('Impossibile riprovare il rimborso', { description: errorMessage(err, 'Riprova tra poco') }),
                    })
                  }
                >
                  {retry.isPending && retry.variables === f.id ? 'Nuovo tentativo…' : 'Riprova'}
                </Button>
              )}
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
