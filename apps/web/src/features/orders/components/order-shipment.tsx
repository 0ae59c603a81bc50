import { useState } from 'react';
import { ExternalLink, Truck } from 'lucide-react';
import { shippedWith, type OrderDetail } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { ShipmentDialog } from './shipment-dialog';

/** 'Spedizione' of the order details: carrier, tracking and its link, times; the team may add or correct them. */
export function OrderShipment({ storeId, order }: { storeId: string; order: OrderDetail }) {
  const [editing, setEditing] = useState(false);
  const s = order.shipment;
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  if (!shipped && !s?.carrier) return null;
  return (
    <section className="grid gap-2 border-t pt-3" aria-labelledby="spedizione-ordine" data-testid="order-shipment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="spedizione-ordine" className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Spedizione
        </h3>
        {shipped && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Truck aria-hidden /> {s?.carrier ? 'Modifica spedizione' : 'Aggiungi tracking'}
          </Button>
        )}
      </div>
      {s?.carrier ? (
        <dl className="grid gap-1 sm:grid-cols-[10rem_1fr]">
          <dt className="text-muted-foreground">Corriere</dt>
          <dd>{s.carrier === 'altro' ? shippedWith(s.carrier) : s.carrierLabel}</dd>
          <dt className="text-muted-foreground">Numero di tracking</dt>
          <dd className="break-all font-mono">{s.trackingNumber ?? 'Non indicato'}</dd>
          {s.trackingUrl && (
            <>
              <dt className="text-muted-foreground">Link</dt>
              <dd>
                <a
                  href={s.trackingUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                >
                  Traccia la spedizione <ExternalLink aria-hidden className="size-3.5" />
                </a>
              </dd>
            </>
          )}
        </dl>
      ) : (
        <p className="text-muted-foreground">Spedito senza corriere né tracking.</p>
      )}
      {!shipped && <p className="text-xs text-muted-foreground">L’ordine non è più “Spedito”: il cliente non vede questi dati.</p>}
      {(s?.shippedAt || s?.deliveredAt) && (
        <p className="text-xs text-muted-foreground">
          {s.shippedAt && `Spedito il ${formatDateTime(s.shippedAt)}`}
          {s.shippedAt && s.deliveredAt && ' · '}
          {s.deliveredAt && `Consegnato il ${formatDateTime(s.deliveredAt)}`}
        </p>
      )}
      {editing && <ShipmentDialog storeId={storeId} orderId={order.id} number={order.orderNumber} mode="edit" shipment={s} onClose={() => setEditing(false)} />}
    </section>
  );
}
