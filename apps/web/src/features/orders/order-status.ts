import { ORDER_STATUSES, ORDER_STATUS_LABELS, type OrderStatus } from '@vetrina/shared';

/** Spec §4 colours: pending yellow, confirmed blue, processing purple, shipped indigo, delivered green, cancelled red. */
export const STATUS_BADGE = {
  pending: 'warning',
  confirmed: 'info',
  processing: 'purple',
  shipped: 'indigo',
  delivered: 'success',
  cancelled: 'danger',
} as const satisfies Record<OrderStatus, string>;

export const STATUS_OPTIONS = ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }));

export const isOrderStatus = (v: string | null): v is OrderStatus => v !== null && (ORDER_STATUSES as readonly string[]).includes(v);

export const orderNumber = (n: number) => `#${n}`;
