import { bulkMsg, type OrderBulkFailure, type OrderBulkResult, type OrderStatus } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import { AppError, notFound } from '../../../lib/errors.js';
import { fulfilmentService } from '../fulfilment/service.js';
import type { OrderMember } from '../order-audit.js';
import { ordersRepo } from '../repo.js';

/**
 * The orders table's bulk status change (docs/decisions/0027-back-office-tables.md). Every id must be
 * the store's, or nothing happens (404). Then each order goes through the single change, one at a
 * time in its own transaction, so stock, figures, mails and live events follow exactly as when the
 * team changes it alone; an order whose change is refused (e.g. the stock to reopen it is gone)
 * stays as it was and is reported with the reason. Each change is one 'bulk' entry of 'Registro attività'.
 */
export function orderBulkService(ctx: AppContext) {
  const repo = ordersRepo(ctx.db);
  const fulfilment = fulfilmentService(ctx);

  return {
    async changeStatus(member: OrderMember, ids: string[], status: OrderStatus): Promise<OrderBulkResult> {
      const orders = await repo.numbersOf(member.storeId, ids);
      if (orders.length !== ids.length) throw notFound(bulkMsg.ordersNotFound);
      const failures: OrderBulkFailure[] = [];
      for (const o of orders) {
        try {
          await fulfilment.changeStatus(member, o.id, { status }, { bulk: true });
        } catch (err) {
          // A refusal the team would have read for this order alone; anything else is a fault.
          if (!(err instanceof AppError) || err.status >= 500) throw err;
          failures.push({ id: o.id, orderNumber: o.order_number, message: err.message });
        }
      }
      return { updated: orders.length - failures.length, failures };
    },
  };
}
