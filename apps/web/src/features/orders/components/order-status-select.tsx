import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { OrderStatus } from '@vetrina/shared';
import { NativeSelect } from '@/components/ui/select';
import { ApiError } from '@/lib/api-error';
import { useUpdateOrderStatus } from '../api';
import { orderNumber, STATUS_OPTIONS } from '../order-status';
import { ShipmentDialog } from './shipment-dialog';

/**
 * Sets any status (spec §4: no restricted transitions); the server refuses what the stock cannot
 * follow. 'Spedito' first asks for the carrier and tracking number (both optional).
 */
export function OrderStatusSelect({
  storeId,
  orderId,
  number,
  status,
  className,
}: {
  storeId: string;
  orderId: string;
  number: number;
  status: OrderStatus;
  className?: string;
}) {
  const id = useId();
  const update = useUpdateOrderStatus(storeId);
  const [shipping, setShipping] = useState(false);
  const change = (next: OrderStatus) =>
    next === 'shipped' && status !== 'shipped'
      ? setShipping(true)
      : update.mutate(
          { orderId, status: next },
          {
            onSuccess: () => toast.success('Stato aggiornato'),
            onError: (err) => toast.error('Impossibile aggiornare lo stato', { description: err instanceof ApiError ? err.message : undefined }),
          },
        );
  return (
    <div className={className}>
      <label htmlFor={id} className="sr-only">
        Stato dell&apos;ordine {orderNumber(number)}
      </label>
      <NativeSelect
        id={id}
        value={status}
        disabled={update.isPending}
        aria-busy={update.isPending}
        onChange={(e) => change(e.target.value as OrderStatus)}
        className="h-9 min-w-40"
      >
        {STATUS_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {shipping && <ShipmentDialog storeId={storeId} orderId={orderId} number={number} mode="ship" onClose={() => setShipping(false)} />}
    </div>
  );
}
