import { useState } from 'react';
import { toast } from 'sonner';
import { Check } from 'lucide-react';
import { ORDER_STATUS_LABELS, type OrderDetail, type OrderStatus } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useUpdateOrderStatus } from '../api';
import { nextStep, ORDER_FLOW } from '../order-flow';
import { orderNumber } from '../order-status';
import { OrderStatusSelect } from './order-status-select';
import { ShipmentDialog } from './shipment-dialog';

/**
 * 'Stato' of the order page: where the order is in its sequence, the button for the next step,
 * 'Annulla ordine' (asked first), and any other status through the select (spec §4).
 */
export function OrderStatusActions({ storeId, order, canWrite }: { storeId: string; order: OrderDetail; canWrite: boolean }) {
  const update = useUpdateOrderStatus(storeId);
  const [shipping, setShipping] = useState(false);
  const next = nextStep(order.status);
  const at = ORDER_FLOW.indexOf(order.status as (typeof ORDER_FLOW)[number]);
  const move = (status: OrderStatus) =>
    status === 'shipped'
      ? setShipping(true)
      : update.mutate(
          { orderId: order.id, status },
          {
            onSuccess: (o) => toast.success(`Stato aggiornato: ${ORDER_STATUS_LABELS[o.status]}`),
            onError: (err) => toast.error('Impossibile aggiornare lo stato', { description: errorMessage(err, 'Riprova più tardi') }),
          },
        );
  return (
    <section aria-labelledby="stato-ordine" className="grid gap-3">
      <h2 id="stato-ordine" className="text-base font-semibold">
        Stato
      </h2>
      <ol className="flex flex-wrap gap-x-1 gap-y-2 text-xs" aria-label="Avanzamento dell'ordine">
        {ORDER_FLOW.map((s, i) => {
          const done = order.status !== 'cancelled' && i <= at;
          return (
            <li
              key={s}
              aria-current={s === order.status ? 'step' : undefined}
              className={cn(
                'inline-flex items-center gap-1 rounded-full border px-2 py-1',
                done ? 'border-primary/40 bg-primary/10 text-foreground' : 'text-muted-foreground',
                s === order.status && 'font-semibold',
              )}
            >
              {done && <Check aria-hidden className="size-3" />}
              {ORDER_STATUS_LABELS[s]}
            </li>
          );
        })}
      </ol>
      {order.status === 'cancelled' && <p className="text-sm text-destructive">L’ordine è annullato: lo stock è tornato disponibile.</p>}
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2">
          {next && (
            <Button size="sm" onClick={() => move(next.status)} disabled={update.isPending}>
              {update.isPending && update.variables?.status === next.status ? 'Aggiornamento...' : next.label}
            </Button>
          )}
          {order.status !== 'cancelled' && order.status !== 'delivered' && (
            <ConfirmDialog
              title={`Annullare l’ordine ${orderNumber(order.orderNumber)}?`}
              description="Lo stock dell’ordine torna disponibile. Potrai riattivarlo scegliendo un altro stato."
              confirmLabel="Annulla ordine"
              cancelLabel="Indietro"
              onConfirm={() => move('cancelled')}
              trigger={
                <Button size="sm" variant="outline" disabled={update.isPending}>
                  Annulla ordine
                </Button>
              }
            />
          )}
          <div className="flex min-w-0 items-center gap-2">
            <span className="text-xs text-muted-foreground">Oppure imposta</span>
            <OrderStatusSelect storeId={storeId} orderId={order.id} number={order.orderNumber} status={order.status} />
          </div>
        </div>
      )}
      {shipping && <ShipmentDialog storeId={storeId} orderId={order.id} number={order.orderNumber} mode="ship" onClose={() => setShipping(false)} />}
    </section>
  );
}
