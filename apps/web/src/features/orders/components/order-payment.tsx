import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type OrderSummary } from '@vetrina/shared';
import { formatDateTime } from '@/lib/format';

/** The 'Pagamento' part of the details: method, status, when it was paid or when it falls due. */
export function OrderPayment({ order: o }: { order: Pick<OrderSummary, 'paymentMethod' | 'paymentStatus' | 'paidAt' | 'paymentDueAt'> }) {
  return (
    <div className="border-t pt-3">
      <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Pagamento</h3>
      <p>
        {PAYMENT_METHOD_LABELS[o.paymentMethod]} · {PAYMENT_STATUS_LABELS[o.paymentStatus]}
      </p>
      {o.paidAt && (
        <p className="text-muted-foreground">
          Pagato il <time dateTime={o.paidAt}>{formatDateTime(o.paidAt)}</time>
        </p>
      )}
      {o.paymentDueAt && o.paymentStatus === 'unpaid' && (
        <p className="text-muted-foreground">
          Scade il <time dateTime={o.paymentDueAt}>{formatDateTime(o.paymentDueAt)}</time>
        </p>
      )}
    </div>
  );
}
