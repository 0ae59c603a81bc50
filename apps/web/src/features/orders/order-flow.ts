import type { OrderStatus } from '@vetrina/shared';

/** The order's natural sequence; 'Annullato' stands apart (any status may still be set: spec §4). */
export const ORDER_FLOW = ['pending', 'confirmed', 'processing', 'shipped', 'delivered'] as const satisfies readonly OrderStatus[];

/** The next step of the sequence, with its button's label; null once delivered or cancelled. */
export function nextStep(status: OrderStatus): { status: OrderStatus; label: string } | null {
  switch (status) {
    case 'pending':
      return { status: 'confirmed', label: 'Segna come confermato' };
    case 'confirmed':
      return { status: 'processing', label: 'Metti in lavorazione' };
    case 'processing':
      return { status: 'shipped', label: 'Segna come spedito' };
    case 'shipped':
      return { status: 'delivered', label: 'Segna come consegnato' };
    default:
      return null;
  }
}
