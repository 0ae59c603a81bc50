import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../lib/context.js';
import { takeLease } from '../../lib/job-lease.js';
import { paymentService } from './payment-service.js';

const BATCH = 100;

/**
 * Every PAYMENT_EXPIRY_INTERVAL_SECONDS each instance asks for the 'payment-expiry' lease; the one
 * holding it cancels unpaid orders past their deadline and releases their stock.
 */
export function paymentExpiryJob(ctx: AppContext, holder: string = randomUUID()) {
  const payments = paymentService(ctx);
  const interval = ctx.config.paymentExpiryIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function runOnce(): Promise<number> {
    if (!(await takeLease(ctx.db, 'payment-expiry', holder, interval * 2))) return 0;
    let total = 0;
    for (;;) {
      const n = await payments.expireDue(BATCH);
      total += n;
      if (n < BATCH) return total;
    }
  }

  const tick = () => {
    if (running) return;
    running = runOnce()
      .then((n) => {
        if (n) ctx.log.info({ expired: n }, 'unpaid orders past their deadline cancelled');
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
