import { PAYMENT_METHOD_LABELS, type OrderSummary } from '@vetrina/shared';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { orderNumber } from '../order-status';
import { ConfirmationBadge } from './confirmation-badge';
import { OrderAddress } from './order-address';
import { OrderNetTotal } from './order-net-total';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentActions } from './payment-actions';
import { PaymentStatusBadge } from './payment-status-badge';
import { OrderStatusSelect } from './order-status-select';
import { plural } from '@vetrina/shared/plural';

const articles = (n: number) => plural(n, 'articolo', 'articoli');

/** One order of the list: number, date, status and payment, customer, address, total, status selector, payment actions, 'Dettagli'. */
export function OrderCard({ storeId, order }: { storeId: string; order: OrderSummary }) {
  const { pathname, search } = useLocation();
  return (
    <li className="rounded-xl border bg-background p-4 shadow-xs sm:p-5" data-testid="order-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-base font-semibold">Ordine {orderNumber(order.orderNumber)}</h2>
            <OrderStatusBadge status={order.status} />
            <PaymentStatusBadge status={order.paymentStatus} />
            <ConfirmationBadge order={order} />
          </div>
          <p className="text-sm text-muted-foreground">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> · {articles(order.itemCount)} ·{' '}
            <span data-testid="payment-method">{PAYMENT_METHOD_LABELS[order.paymentMethod]}</span>
          </p>
        </div>
        <p className="text-right text-lg">
          <OrderNetTotal order={order} className="font-semibold" />
        </p>
      </div>
      <div className="mt-4 grid gap-4 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Cliente</p>
          <p className="font-medium">{order.customerName}</p>
          <p className="truncate">
            <a href={`mailto:${order.customerEmail}`} className="text-primary underline-offset-4 hover:underline">
              {order.customerEmail}
            </a>
          </p>
          {order.customerPhone && <p>{order.customerPhone}</p>}
        </div>
        <div className="min-w-0">
          <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Spedizione</p>
          <OrderAddress address={order.shippingAddress} />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <PaymentActions storeId={storeId} order={order} />
        <OrderStatusSelect storeId={storeId} orderId={order.id} number={order.orderNumber} status={order.status} />
        <Link
          to={`/dashboard/orders/${order.id}`}
          state={{ fromList: pathname + search }}
          className={buttonClasses('outline', 'sm')}
          aria-label={`Dettagli dell'ordine ${orderNumber(order.orderNumber)}`}
        >
          Dettagli
        </Link>
      </div>
    </li>
  );
}
