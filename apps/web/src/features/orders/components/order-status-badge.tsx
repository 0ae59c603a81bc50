import { ORDER_STATUS_LABELS, type OrderStatus } from '@vetrina/shared';
import { Badge } from '@/components/ui/badge';
import { STATUS_BADGE } from '../order-status';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={STATUS_BADGE[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
