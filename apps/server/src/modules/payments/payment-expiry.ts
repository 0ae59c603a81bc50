import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../lib/context.js';
import { takeLease } from '../../lib/job-lease.js';
import { confirmationService } from '../orders/confirmation/service.js';
import { orderPaymentsService } from './order-status/service.js';

const BATCH = 100;

/**
 * Every PAYMENT_EXPIRY_INTERVAL_SECONDS each instance asks for the 'payment-expiry' lease; the one
 * holding it cancels the orders past their deadline and releases their stock: unpaid bank transfers
 * and card orders, and cash-on-delivery and pickup orders nobody confirmed ('Da confermare').
 */
export function paymentExpiryJob(ctx: AppContext, holder: string = randomUUID()) {
  const payments = orderPaymentsService(ctx);
  const confirmations = confirmationService(ctx);
  const interval = ctx.config.paymentExpiryIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    if (!(await takeLease(ctx.db, 'payment-expiry', holder, interval * 2))) return 0;
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

  const tick = () => {
    if (running) return;
    running = runOnce()
      .then((n) => {
        if (n) ctx.log.info({ expired: n }, 'orders past their deadline cancelled');
        return n;
      })
      .catch((err: unknown) => {
        ctx.log.warn({ err }, 'payment expiry failed (retried next round)');
        return 0;
      })
      .finally(() => (running = undefined));
  };

  return {
    runOnce,
    start() {
      timer = setInterval(tick, interval);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
