import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Printer } from 'lucide-react';
import { can } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { BackLink, DetailPageStates } from '@/components/detail-page';
import { Card } from '@/components/ui/card';
import { useActiveStore } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useOrder } from '../api';
import { orderNumber } from '../order-status';
import { ConfirmationBadge } from '../components/confirmation-badge';
import { OrderAddress } from '../components/order-address';
import { OrderConfirmation } from '../components/order-confirmation';
import { OrderInvoicing } from '../components/order-invoicing';
import { OrderItems } from '../components/order-items';
import { OrderNotes } from '../components/order-notes';
import { OrderPayment } from '../components/order-payment';
import { OrderReturns } from '../components/order-returns';
import { OrderShipment } from '../components/order-shipment';
import { OrderStatusActions } from '../components/order-status-actions';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderTimeline } from '../components/order-timeline';
import { OrderTotals } from '../components/order-totals';
import { PaymentActions } from '../components/payment-actions';
import { PaymentStatusBadge } from '../components/payment-status-badge';

/** The list's address with its filters, when the page was opened from it (see orders-table and order-card). */
export interface OrderPageState {
  fromList?: string;
}

/** A card whose sections are separated by a rule (the first has none). */
const Panel = ({ children, className }: { children: ReactNode; className?: string }) => (
  <Card className={cn('grid gap-4 p-4 sm:p-5 [&>*:first-child]:border-t-0 [&>*:first-child]:pt-0', className)}>{children}</Card>
);

/**
 * /dashboard/orders/:orderId — the order as a workplace: items and totals, its status in the
 * natural sequence, payment, shipping, invoice, the customer and address, the team's internal
 * notes and the timeline with who did what.
 */
export default function OrderPage() {
  const store = useActiveStore().store!;
  const { orderId = '' } = useParams();
  const location = useLocation();
  const back = (location.state as OrderPageState | null)?.fromList ?? '/dashboard/orders';
  const order = useOrder(store.id, orderId);
  const canWrite = can(store, 'orders:write');
  const o = order.data;

  const backLink = <BackLink to={back}>Ordini</BackLink>;
  if (order.isPending || order.isError || !o) return <DetailPageStates back={backLink} query={order} errorTitle="Impossibile caricare l’ordine" />;
  return (
    <div className="grid min-w-0 gap-6">
      <title>{`Ordine ${orderNumber(o.orderNumber)} · Vetrina`}</title>
      <div className="grid gap-2">
        {backLink}
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold">Ordine {orderNumber(o.orderNumber)}</h1>
          <OrderStatusBadge status={o.status} />
          <PaymentStatusBadge status={o.paymentStatus} />
          <ConfirmationBadge order={o} />
        </div>
        <p className="text-sm text-muted-foreground">
          Ricevuto il <time dateTime={o.createdAt}>{formatDateTime(o.createdAt)}</time> da <span className="break-words">{o.customerName}</span>
        </p>
      </div>
      <div className="grid min-w-0 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 gap-6">
          <Panel>
            <h2 className="text-base font-semibold">Articoli</h2>
            <OrderItems items={o.items} />
            <OrderTotals order={o} />
          </Panel>
          <Panel className="text-sm">
            <OrderStatusActions storeId={store.id} order={o} canWrite={canWrite} />
            <OrderConfirmation storeId={store.id} order={o} canWrite={canWrite} />
          </Panel>
          <Panel className="text-sm">
            <div className="grid gap-2 [&>*:first-child]:border-t-0 [&>*:first-child]:pt-0">
              <OrderPayment order={o} />
              {o.status === 'pending' && o.paymentStatus === 'unpaid' && canWrite && (
                <p className="text-xs text-muted-foreground">Segnandolo come pagato, l’ordine passa anche a “Confermato”.</p>
              )}
              {canWrite && (
                <div className="flex flex-wrap gap-2">
                  <PaymentActions storeId={store.id} order={o} />
                </div>
              )}
            </div>
            <OrderShipment storeId={store.id} order={o} />
            <OrderInvoicing storeId={store.id} order={o} canWrite={canWrite} />
          </Panel>
          <Panel className="text-sm">
            <OrderReturns storeId={store.id} member={store} order={o} />
          </Panel>
          <Panel>
            <OrderNotes storeId={store.id} order={o} canWrite={canWrite} />
          </Panel>
          <Panel>
            <OrderTimeline events={o.timeline} />
          </Panel>
        </div>
        <aside className="grid min-w-0 gap-6" aria-label="Cliente e spedizione">
          <Panel className="text-sm">
            <section aria-labelledby="cliente-ordine" className="grid gap-1">
              <h2 id="cliente-ordine" className="text-base font-semibold">
                Cliente
              </h2>
              <p className="break-words font-medium">{o.customerName}</p>
              <a href={`mailto:${o.customerEmail}`} className="break-all text-primary underline-offset-4 hover:underline">
                {o.customerEmail}
              </a>
              {o.customerPhone && (
                <a href={`tel:${o.customerPhone}`} className="text-primary underline-offset-4 hover:underline">
                  {o.customerPhone}
                </a>
              )}
            </section>
            <section aria-labelledby="indirizzo-ordine" className="grid gap-1 border-t pt-4">
              <h2 id="indirizzo-ordine" className="text-base font-semibold">
                Indirizzo di spedizione
              </h2>
              <OrderAddress address={o.shippingAddress} />
            </section>
            <section aria-labelledby="note-cliente" className="grid gap-1 border-t pt-4">
              <h2 id="note-cliente" className="text-base font-semibold">
                Note del cliente
              </h2>
              <p className="whitespace-pre-line break-words">{o.notes || 'Nessuna nota'}</p>
            </section>
            <div className="border-t pt-4">
              <Link to={`/dashboard/orders/${o.id}/packing-slip`} target="_blank" rel="noopener" className={buttonClasses('outline', 'sm')}>
                <Printer aria-hidden /> Stampa la distinta di imballaggio
              </Link>
            </div>
          </Panel>
        </aside>
      </div>
    </div>
  );
}
