import type { OrderStatus } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { confirmationRepo } from '../confirmation/repo.js';
import { inventory } from '../../inventory/service.js';
import { orderStats } from '../../stats/service.js';
import { ordersRepo } from '../repo.js';

/** What else the change does in its transaction (the shipment and its mail), also when the status stays. */
type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepo>['find']>>>;

export type StatusFollowUp = (trx: Db, change: { from: OrderStatus; to: OrderStatus }) => Promise<void>;

/**
 * Changes an order's status and lets the inventory apply exactly the stock difference between the
 * old and the new status, in one transaction. An order the deadline cancelled ('Scaduto') that the
 * team reopens is 'Da pagare' again, without a deadline (the team took it in hand). For the same
 * reason an order 'Da confermare' (or one that expired unconfirmed) that the team moves on to any
 * open status counts as confirmed by the team. `actorId`: the member making the change, named in
 * the stock history and as who confirmed.
 */
export async function changeOrderStatus(db: Db, storeId: string, orderId: string, to: OrderStatus, followUp?: StatusFollowUp, actorId?: string) {
  return db.transaction().execute(async (trx) => {
    const order = await ordersRepo(trx).find(storeId, orderId);
    if (!order) throw notFound('Ordine non trovato');
    return moveOrderStatus(trx, storeId, order, to, followUp, actorId);
  });
}

/** The status change of `changeOrderStatus`, in the caller's transaction, from the order as just read there. */
export async function moveOrderStatus(trx: Db, storeId: string, order: OrderRow, to: OrderStatus, followUp?: StatusFollowUp, actorId?: string | null) {
  const repo = ordersRepo(trx);
  const orderId = order.id;
  const from = order.status;
  if (from === to) {
    await followUp?.(trx, { from, to });
    return { from, to };
  }
  const reopenExpired = from === 'cancelled' && order.payment_status === 'expired';
  // Conditional on what we read: two concurrent changes cannot both apply their stock moves.
  const claimed = await repo.transition(
    orderId,
    { status: from, paymentStatus: order.payment_status },
    reopenExpired ? { status: to, payment_status: 'unpaid', payment_due_at: null } : { status: to },
    actorId ?? null,
  );
  if (!claimed) throw new AppError(409, 'conflict', 'Lo stato dell’ordine è appena cambiato: ricarica e riprova.');
  await inventory.followOrderStatus(trx, storeId, await repo.stockLinesOf(orderId), from, to, { orderId, actorId: actorId ?? undefined });
  if (to !== 'cancelled' && (order.confirmation === 'awaiting' || order.confirmation === 'expired')) {
    await confirmationRepo(trx).confirm(orderId, 'team', actorId ?? null, clock.iso(), true);
  }
  await followUp?.(trx, { from, to });
  const paymentStatus = order.payment_status;
  await orderStats.moved(trx, order, { status: from, paymentStatus }, { status: to, paymentStatus: reopenExpired ? 'unpaid' : paymentStatus });
  return { from, to };
}
