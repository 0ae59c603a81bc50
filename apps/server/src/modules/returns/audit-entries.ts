import { formatEuro } from '@vetrina/shared';
import { REFUND_STATUS_LABELS, RETURN_STATUS_LABELS, type RefundStatus, type ReturnStatus } from '@vetrina/shared/returns';
import type { Db } from '../../db/index.js';
import { audit, type AuditActor } from '../audit/service.js';
import { orderSteps } from '../orders/service.js';

type RefundFacts = { id: string; store_id: string; order_id: string; method: 'stripe' | 'manual'; amount_cents: number };

const METHOD_LABELS = { stripe: 'Carta (Stripe)', manual: 'Manuale (bonifico o contanti)' } as const;

/** '#1042', the order's number as the dashboard writes it (the id when the order is gone). */
async function orderRef(trx: Db, storeId: string, orderId: string): Promise<string> {
  const o = await orderSteps.find(trx, storeId, orderId);
  return o ? `#${o.order_number}` : orderId;
}

const statusChange = (before: RefundStatus | null, after: RefundStatus) => ({
  field: 'status',
  label: 'Stato',
  before: before ? REFUND_STATUS_LABELS[before] : null,
  after: REFUND_STATUS_LABELS[after],
});

/**
 * Refunds and return decisions in 'Registro attività' (kind 'refunds'), each in the transaction of
 * the change it records. The shopper's IBAN is never written there.
 */
export const refundAudit = {
  /** 'Rimborsa': a manual refund is done at once, a card refund goes to Stripe next. */
  async issued(trx: Db, actor: AuditActor, r: RefundFacts & { status: RefundStatus }) {
    const ref = await orderRef(trx, r.store_id, r.order_id);
    await audit.record(trx, actor, {
      kind: 'refunds',
      action: 'refunds.issued',
      summary: `Rimborso di ${formatEuro(r.amount_cents)} per l’ordine ${ref}`,
      subject: { type: 'order', id: r.order_id, label: ref },
      changes: [
        { field: 'amount', label: 'Importo', before: null, after: formatEuro(r.amount_cents) },
        { field: 'method', label: 'Metodo', before: null, after: METHOD_LABELS[r.method] },
        statusChange(null, r.status),
      ],
    });
  },

  /** Stripe refused it (on the call or by its webhook): no member made it fail. */
  async failed(trx: Db, r: RefundFacts, reason: string) {
    const ref = await orderRef(trx, r.store_id, r.order_id);
    await audit.record(
      trx,
      { storeId: r.store_id },
      {
        kind: 'refunds',
        action: 'refunds.failed',
        summary: `Rimborso di ${formatEuro(r.amount_cents)} non riuscito per l’ordine ${ref}: ${reason}`,
        subject: { type: 'order', id: r.order_id, label: ref },
        changes: [statusChange('pending', 'failed')],
      },
    );
  },

  /** 'Riprova' on a failed card refund. */
  async retried(trx: Db, actor: AuditActor, r: RefundFacts) {
    const ref = await orderRef(trx, r.store_id, r.order_id);
    await audit.record(trx, actor, {
      kind: 'refunds',
      action: 'refunds.retried',
      summary: `Rimborso di ${formatEuro(r.amount_cents)} riprovato per l’ordine ${ref}`,
      subject: { type: 'order', id: r.order_id, label: ref },
      changes: [statusChange('failed', 'pending')],
    });
  },

  /** 'Apri un reso': the team opens a return for lines of an order. */
  async returnOpened(trx: Db, actor: AuditActor, r: { id: string; number: number; orderId: string }) {
    const ref = await orderRef(trx, actor.storeId, r.orderId);
    await audit.record(trx, actor, {
      kind: 'refunds',
      action: 'returns.opened',
      summary: `Reso n. ${r.number} aperto per l’ordine ${ref}`,
      subject: { type: 'return', id: r.id, label: `n. ${r.number}` },
      changes: [{ field: 'status', label: 'Stato', before: null, after: RETURN_STATUS_LABELS.requested }],
    });
  },

  /** The team's decision on a return: 'Autorizza', 'Ricevuto', 'Rifiuta' (with the reason the shopper reads). */
  async returnMoved(trx: Db, actor: AuditActor, r: { id: string; number: number; orderId: string; status: ReturnStatus }, to: ReturnStatus, reason?: string) {
    const ref = await orderRef(trx, actor.storeId, r.orderId);
    await audit.record(trx, actor, {
      kind: 'refunds',
      action: `returns.${to}`,
      summary: `Reso n. ${r.number} dell’ordine ${ref}: ${RETURN_STATUS_LABELS[to].toLowerCase()}`,
      subject: { type: 'return', id: r.id, label: `n. ${r.number}` },
      changes: [
        { field: 'status', label: 'Stato', before: RETURN_STATUS_LABELS[r.status], after: RETURN_STATUS_LABELS[to] },
        ...(reason ? [{ field: 'reject_reason', label: 'Motivo del rifiuto', before: null, after: reason }] : []),
      ],
    });
  },
};
