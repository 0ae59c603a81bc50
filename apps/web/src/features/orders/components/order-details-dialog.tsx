import { Link } from 'react-router';
import { discountLabel } from '@vetrina/shared/discounts';
import { Printer } from 'lucide-react';
import { can } from '@vetrina/shared';
import { buttonClasses } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useActiveStore } from '@/lib/auth';
import { formatCents, formatDateTime } from '@/lib/format';
import { useOrder } from '../api';
import { orderNumber } from '../order-status';
import { ConfirmationBadge } from './confirmation-badge';
import { OrderConfirmation } from './order-confirmation';
import { OrderInvoicing } from './order-invoicing';
import { OrderItems } from './order-items';
import { OrderPayment } from './order-payment';
import { OrderShipment } from './order-shipment';
import { OrderStatusBadge } from './order-status-badge';
import { OrderVatRow, OrderVatSummary } from './order-vat';
import { PaymentStatusBadge } from './payment-status-badge';

/** 'Dettagli': items, totals with their VAT, payment, shipment, invoices and notes of one order; the packing slip. */
export function OrderDetailsDialog({ storeId, orderId, onClose }: { storeId: string; orderId: string | null; onClose: () => void }) {
  const order = useOrder(storeId, orderId);
  const { store } = useActiveStore();
  // Issuing is an order action: members who may not change orders still see and download the invoices.
  const canWrite = store ? can(store, 'orders:write') : false;
  const o = order.data;
  return (
    <Dialog open={Boolean(orderId)} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {o ? `Ordine ${orderNumber(o.orderNumber)}` : 'Dettagli ordine'}
            {o && <OrderStatusBadge status={o.status} />}
            {o && <PaymentStatusBadge status={o.paymentStatus} />}
            {o && <ConfirmationBadge order={o} />}
          </DialogTitle>
          <DialogDescription>{o ? `Ricevuto il ${formatDateTime(o.createdAt)} da ${o.customerName}` : 'Caricamento dei dettagli…'}</DialogDescription>
        </DialogHeader>
        {order.isPending ? (
          <Skeleton className="h-48" />
        ) : order.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(order.error, "Impossibile caricare l'ordine")}
          </p>
        ) : (
          o && (
            <div className="grid gap-5 text-sm">
              <OrderItems items={o.items} />
              <div className="grid gap-2 border-t pt-3">
                <dl className="grid gap-1">
                  <div className="flex justify-between">
                    <dt className="text-muted-foreground">Subtotale</dt>
                    <dd className="tabular-nums">{formatCents(o.subtotalCents)}</dd>
                  </div>
                  {o.discount && o.discountCents > 0 && (
                    <div className="flex justify-between">
                      <dt className="text-muted-foreground">{discountLabel(o.discount)}</dt>
                      <dd className="tabular-nums">−{formatCents(o.discountCents)}</dd>
                    </div>
                  )}
                  <div className="flex justify-between">
                    <dt className="text-muted-foreground">Spedizione{o.shippingAddress.country !== 'Italia' ? ` (${o.shippingAddress.country})` : ''}</dt>
                    <dd className="tabular-nums">{formatCents(o.shippingCents)}</dd>
                  </div>
                  {o.surchargeCents > 0 && (
                    <div className="flex justify-between">
                      <dt className="text-muted-foreground">Supplemento contrassegno</dt>
                      <dd className="tabular-nums">{formatCents(o.surchargeCents)}</dd>
                    </div>
                  )}
                  <div className="flex justify-between text-base font-semibold">
                    <dt>Totale</dt>
                    <dd className="tabular-nums">{formatCents(o.totalCents)}</dd>
                  </div>
                  <OrderVatRow vat={o.vat} />
                </dl>
                <OrderVatSummary vat={o.vat} />
              </div>
              <OrderConfirmation storeId={storeId} order={o} canWrite={canWrite} />
              <OrderPayment order={o} />
              <OrderShipment storeId={storeId} order={o} />
              <OrderInvoicing storeId={storeId} order={o} canWrite={canWrite} />
              <div className="grid gap-4 border-t pt-3 sm:grid-cols-2">
                <div>
                  <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Cliente</h3>
                  <p>{o.customerName}</p>
                  <p className="break-all">{o.customerEmail}</p>
                  {o.customerPhone && <p>{o.customerPhone}</p>}
                </div>
                <div>
                  <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Spedizione</h3>
                  <address className="not-italic">
                    {o.shippingAddress.street}, {o.shippingAddress.postalCode} {o.shippingAddress.city}, {o.shippingAddress.country}
                  </address>
                </div>
              </div>
              <div className="border-t pt-3">
                <h3 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Note</h3>
                <p className="whitespace-pre-line">{o.notes || 'Nessuna nota'}</p>
              </div>
              <div className="flex justify-end border-t pt-3">
                <Link to={`/dashboard/orders/${o.id}/packing-slip`} target="_blank" rel="noopener" className={buttonClasses('outline', 'sm')}>
                  <Printer aria-hidden /> Stampa documento di trasporto
                </Link>
              </div>
            </div>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}
