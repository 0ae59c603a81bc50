import type { AppContext } from '../../lib/context.js';
import { confirmationService } from '../orders/confirmation/service.js';
import { orderPaymentsService } from './order-status/service.js';

const BATCH = 100;

/**
 * The 'payment-expiry' job (modules/jobs/registry.ts): cancels the orders past their deadline and
 * releases their stock: unpaid bank transfers and card orders, and cash-on-delivery and pickup
 * orders nobody confirmed ('Da confermare'). Returns how many it cancelled.
 */
export async function expireOverdueOrders(ctx: AppContext): Promise<number> {
  const payments = orderPaymentsService(ctx);
  const confirmations = confirmationService(ctx);
  let total = 0;
  for (const expireDue of [payments.expireDue, confirmations.expireDue]) {
    for (;;) {
      const n = await expireDue(BATCH);
      total += n;
      if (n < BATCH) break;
    }
  }
  return total;
}
