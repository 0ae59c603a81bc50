import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS, type OrderStatus, type PaymentStatus, type Shipment } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { AuthUser } from '../../plugins/guard.js';
import { audit, changedFields } from '../audit/service.js';

/** The member changing an order, named in the stock history and in 'Registro attività' with their session. */
export interface OrderMember {
  storeId: string;
  user: Pick<AuthUser, 'id'> & Partial<Pick<AuthUser, 'email' | 'sessionId'>>;
}

const SHIPMENT_LABELS = { carrierLabel: 'Corriere', trackingNumber: 'Numero di tracking', trackingUrl: 'Link di tracking' };

/** The carrier and tracking fields that differ between two states of the order's shipment. */
export const shipmentChanges = (before: Shipment | null, after: Shipment | null) =>
  changedFields(
    { ...before },
    { carrierLabel: after?.carrierLabel ?? null, trackingNumber: after?.trackingNumber ?? null, trackingUrl: after?.trackingUrl ?? null },
    SHIPMENT_LABELS,
  );

/**
 * What the team did to an order, in the change's own transaction (kind 'orders'; 'bulk' when it came
 * from the orders table's 'Cambia stato'). The shopper's own checkout and confirmation are not recorded.
 */
export const orderAudit = {
  async statusChanged(
    trx: Db,
    member: OrderMember,
    order: { id: string; order_number: number },
    change: { from: OrderStatus; to: OrderStatus; shipment?: ReturnType<typeof shipmentChanges> },
    opts: { bulk?: boolean } = {},
  ) {
    const ref = `#${order.order_number}`;
    const cancelled = change.to === 'cancelled';
    const summary = cancelled ? `Ordine ${ref} annullato` : `Ordine ${ref}: ${ORDER_STATUS_LABELS[change.from]} → ${ORDER_STATUS_LABELS[change.to]}`;
    await audit.record(trx, member, {
      kind: opts.bulk ? 'bulk' : 'orders',
      action: cancelled ? 'orders.cancelled' : 'orders.status_changed',
      summary: opts.bulk ? `Azione di massa: ${summary}` : summary,
      subject: { type: 'order', id: order.id, label: ref },
      changes: [
        { field: 'status', label: 'Stato', before: ORDER_STATUS_LABELS[change.from], after: ORDER_STATUS_LABELS[change.to] },
        ...(change.shipment ?? []),
      ],
    });
  },

  /** The team marked the order 'Pagato' or 'Rimborsato' by hand (bank transfer, cash on delivery, pickup). */
  async paymentMarked(trx: Db, member: OrderMember, order: { id: string; order_number: number }, change: { from: PaymentStatus; to: 'paid' | 'refunded' }) {
    const ref = `#${order.order_number}`;
    await audit.record(trx, member, {
      kind: change.to === 'refunded' ? 'refunds' : 'orders',
      action: change.to === 'refunded' ? 'orders.marked_refunded' : 'orders.marked_paid',
      summary: change.to === 'refunded' ? `Ordine ${ref} segnato come rimborsato` : `Ordine ${ref} segnato come pagato`,
      subject: { type: 'order', id: order.id, label: ref },
      changes: [{ field: 'paymentStatus', label: 'Pagamento', before: PAYMENT_STATUS_LABELS[change.from], after: PAYMENT_STATUS_LABELS[change.to] }],
    });
  },

  async shipmentChanged(trx: Db, member: OrderMember, order: { id: string; order_number: number }, changes: ReturnType<typeof shipmentChanges>) {
    if (!changes.length) return;
    const ref = `#${order.order_number}`;
    await audit.record(trx, member, {
      kind: 'orders',
      action: 'orders.shipment_changed',
      summary: `Spedizione dell’ordine ${ref} modificata`,
      subject: { type: 'order', id: order.id, label: ref },
      changes,
    });
  },

  async confirmedByTeam(trx: Db, member: OrderMember, order: { id: string; order_number: number }) {
    const ref = `#${order.order_number}`;
    await audit.record(trx, member, {
      kind: 'orders',
      action: 'orders.confirmed',
      summary: `Ordine ${ref} confermato dal team`,
      subject: { type: 'order', id: order.id, label: ref },
      changes: [{ field: 'confirmation', label: 'Conferma', before: 'Da confermare', after: 'Confermato' }],
    });
  },
};
