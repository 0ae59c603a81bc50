import clsx from 'clsx';
import { isAwaitingConfirmation } from '@vetrina/shared/order-confirmation';
import type { PublicOrder } from '@vetrina/shared/payments';
import { formatDateTime } from '@/lib/format';
import { useStorefront } from '../store-context';
import { ConfirmationPanel } from './confirmation-panel';
import { InvoicePanel } from './invoice-panel';
import { OrderItems } from './order-items';
import { OrderTimeline } from './order-timeline';
import { Panel } from './panel';
import type { CardConfirmation } from './payment-details';
import { PaymentPanel } from './payment-panel';
import { ShipmentPanel } from './shipment-panel';
import { StatusBadges } from './status-badges';
import { WithdrawalPanel } from './withdrawal-panel';

/**
 * The shopper's order. On a phone: how to pay first, then the articles, the address, the
 * invoice and the history; from 1024 px the address, invoice and history sit in a side column.
 */
export function OrderView({
  order,
  confirmation,
  token,
  onChanged,
}: {
  order: PublicOrder;
  confirmation: CardConfirmation;
  /** The page's token (the 'Conferma ordine' button posts to it) and the re-read after a change. */
  token: string;
  onChanged: () => void;
}) {
  const { store, theme } = useStorefront();
  const a = order.shippingAddress;
  return (
    <div className="space-y-8">
      <header className="space-y-3">
        <h1 className={theme.h1}>Ordine #{order.orderNumber}</h1>
        <p className="text-sm opacity-75">
          Effettuato il <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
        </p>
        <StatusBadges status={order.status} paymentStatus={order.paymentStatus} awaitingConfirmation={isAwaitingConfirmation(order)} />
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_22rem] lg:gap-10">
        <div className="space-y-6">
          <ConfirmationPanel order={order} slug={store.slug} token={token} onConfirmed={onChanged} />
          <ShipmentPanel order={order} />
          <PaymentPanel order={order} confirmation={confirmation} />
          <OrderItems order={order} />
        </div>
        <div className="space-y-6">
          <Panel title={order.paymentMethod === 'pickup' ? 'I tuoi dati' : 'Spedizione'} id="spedizione">
            <address className="text-sm not-italic leading-relaxed">
              <span className="block font-medium">{order.customerName}</span>
              <span className="block">{a.street}</span>
              <span className="block">
                {a.postalCode} {a.city}
                {a.province && ` (${a.province})`}
              </span>
              <span className="block">{a.country}</span>
              <span className={clsx('mt-2 block break-all opacity-75')}>{order.customerEmail}</span>
            </address>
          </Panel>
          <InvoicePanel order={order} />
          <WithdrawalPanel order={order} token={token} />
          <OrderTimeline events={order.timeline} />
        </div>
      </div>
    </div>
  );
}
