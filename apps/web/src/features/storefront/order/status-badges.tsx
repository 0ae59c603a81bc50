import clsx from 'clsx';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@vetrina/shared/constants';
import { confirmationMsg } from '@vetrina/shared/order-confirmation';
import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@vetrina/shared/payments';
import { useStorefront } from '../store-context';

const PAYMENT_TONES: Record<PaymentStatus, string> = {
  unpaid: 'bg-amber-100 text-amber-900',
  paid: 'bg-emerald-100 text-emerald-900',
  partially_refunded: 'bg-sky-100 text-sky-900',
  refunded: 'bg-sky-100 text-sky-900',
  expired: 'bg-red-100 text-red-900',
};

/** The order's status (store's secondary colour) and, beside it, the payment's (a colour per meaning). */
export function StatusBadges({
  status,
  paymentStatus,
  awaitingConfirmation = false,
}: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** Cash on delivery and pickup before the shopper's 'Conferma ordine'. */
  awaitingConfirmation?: boolean;
}) {
  const { theme } = useStorefront();
  const badge = clsx('inline-flex items-center px-3 py-1 text-xs font-semibold', theme.badge);
  return (
    <ul role="list" className="flex flex-wrap gap-2" aria-label="Stato">
      <li className={clsx(badge, status === 'cancelled' ? 'bg-neutral-200 text-neutral-900' : 'bg-(--sf-secondary) text-(--sf-on-secondary)')}>
        <span className="sr-only">Stato dell’ordine: </span>
        {ORDER_STATUS_LABELS[status]}
      </li>
      <li className={clsx(badge, PAYMENT_TONES[paymentStatus])}>
        <span className="sr-only">Pagamento: </span>
        {PAYMENT_STATUS_LABELS[paymentStatus]}
      </li>
      {awaitingConfirmation && <li className={clsx(badge, 'bg-amber-200 text-amber-950')}>{confirmationMsg.awaitingLabel}</li>}
    </ul>
  );
}
