import { REFUND_STATUS_LABELS, RETURN_STATUS_LABELS, type RefundStatus, type ReturnStatus } from '@vetrina/shared/returns';
import {
  ORDER_ACTOR_LABELS,
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  confirmationEventLabel,
  formatEuro,
  type MerchantOrderEvent,
  type OrderActor,
  type OrderStatus,
  type PaymentStatus,
} from '@vetrina/shared';

/** Events of the same instant in the order they happen (money, then confirmation, then the status it brings). */
const KIND_ORDER: Record<MerchantOrderEvent['kind'], number> = {
  payment: 1,
  confirmation: 2,
  status: 3,
  shipment: 4,
  invoice: 5,
  note: 6,
  return: 7,
  refund: 8,
};

/** The label of a withdrawal, return or refund event (the shopper's timeline shows them too). */
export const returnEventLabel = (kind: 'return' | 'refund', value: string) => labelOf(kind, value);

function labelOf(kind: MerchantOrderEvent['kind'], value: string): string {
  switch (kind) {
    case 'status':
      return `Stato: ${ORDER_STATUS_LABELS[value as OrderStatus] ?? value}`;
    case 'payment':
      return `Pagamento: ${PAYMENT_STATUS_LABELS[value as PaymentStatus] ?? value}`;
    case 'confirmation':
      return confirmationEventLabel(value);
    case 'shipment':
      return 'Spedizione aggiornata (corriere o tracking)';
    case 'note':
      return 'Nota interna aggiunta';
    case 'invoice':
      return value;
    case 'return': {
      const [status, number] = value.split(':');
      return `Reso n. ${number}: ${RETURN_STATUS_LABELS[status as ReturnStatus] ?? status}`;
    }
    case 'refund': {
      const [status, cents] = value.split(':');
      return `Rimborso di ${formatEuro(Number(cents))}: ${(REFUND_STATUS_LABELS[status as RefundStatus] ?? status).toLowerCase()}`;
    }
  }
}

/**
 * Every event of an order with who did it: the member (their e-mail) for the team's actions,
 * 'Cliente' for the shopper's (placing the order, confirming it), 'Sistema' for the automatic ones
 * (deadlines, Stripe, invoices issued on payment).
 */
export function merchantTimeline(
  order: { id: string; created_at: string },
  events: readonly { kind: MerchantOrderEvent['kind']; value: string; created_at: string; actor_user_id: string | null; email: string | null }[],
  invoices: readonly { kind: 'invoice' | 'credit_note'; number: string; issued_at: string; issued_by_user_id: string | null; email: string | null }[],
): MerchantOrderEvent[] {
  const member = (userId: string | null, email: string | null): OrderActor | null =>
    userId ? { kind: 'member', label: email ?? ORDER_ACTOR_LABELS.formerMember } : null;
  const shopper: OrderActor = { kind: 'shopper', label: ORDER_ACTOR_LABELS.shopper };
  const system: OrderActor = { kind: 'system', label: ORDER_ACTOR_LABELS.system };
  const rank = (e: MerchantOrderEvent) => (e.at === order.created_at ? (e.kind === 'status' ? -2 : -1) : KIND_ORDER[e.kind]);
  const timeline: MerchantOrderEvent[] = [
    ...events.map((e) => {
      const placed = e.created_at === order.created_at && (e.kind === 'status' || e.kind === 'payment');
      // A withdrawal is the shopper's own request (a return the team opens carries its member).
      const withdrawn = e.kind === 'return' && e.value.startsWith('requested:') && !e.actor_user_id;
      const byShopper = placed || withdrawn || (e.kind === 'confirmation' && e.value === 'shopper');
      return {
        at: e.created_at,
        kind: e.kind,
        value: e.value,
        label: placed && e.kind === 'status' ? 'Ordine ricevuto' : labelOf(e.kind, e.value),
        actor: member(e.actor_user_id, e.email) ?? (byShopper ? shopper : system),
      };
    }),
    ...invoices.map((i) => ({
      at: i.issued_at,
      kind: 'invoice' as const,
      value: i.number,
      label: `${i.kind === 'credit_note' ? 'Nota di credito' : 'Fattura'} ${i.number} emessa`,
      actor: member(i.issued_by_user_id, i.email) ?? system,
    })),
  ];
  return timeline.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : rank(a) - rank(b)));
}
