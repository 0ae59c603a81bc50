import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import { clock } from '../../../lib/clock.js';
import { orderSteps } from '../../orders/service.js';
import { orderStats, announceOrderChange } from '../../stats/service.js';
import { invoicesService } from '../../invoices/service.js';
import { paymentsService } from '../../payments/service.js';
import type { StripeRefundUpdate } from '../../payments/stripe.js';
import { refundAudit } from '../audit-entries.js';
import { returnsRepo } from '../repo.js';
import { queueRefundMail } from './mails.js';
import { refundsRepo, type RefundRow } from './repo.js';

/**
 * What follows a refund's outcome, in the caller's transaction (docs/decisions/0051-returns.md).
 * Every change is conditional on the refund's status, so a webhook's duplicate or late event, or
 * two instances answering at once, never apply it twice.
 */
export const refundOutcome = {
  /** The refund just became 'succeeded': the payment status, the numbers, the return, the timeline. */
  async succeeded(ctx: AppContext, trx: Db, r: RefundRow, actorId: string | null, at: string): Promise<void> {
    const o = await orderSteps.find(trx, r.store_id, r.order_id);
    if (!o) return;
    const done = await refundsRepo(trx).succeededCents(o.id);
    const next = done >= o.total_cents ? 'refunded' : 'partially_refunded';
    const before = { status: o.status, paymentStatus: o.payment_status };
    // 'Rimborsato' set by hand (refunded outside Vetrina) stays: a late card refund never lowers it.
    if (o.payment_status !== next && o.payment_status !== 'refunded') {
      const ok = await orderSteps.transition(trx, o.id, { status: o.status, paymentStatus: o.payment_status }, { payment_status: next }, actorId);
      if (!ok) throw new Error('order changed while a refund settled');
    }
    await orderSteps.recordReturnEvent(trx, { orderId: o.id, kind: 'refund', value: `succeeded:${r.amount_cents}`, actorId, at });
    if (r.return_id && (await refundsRepo(trx).returnFullyRefunded(r.return_id))) {
      const returns = returnsRepo(trx);
      if (await returns.move(r.store_id, r.return_id, ['received', 'authorized'], 'refunded', at, { closed_at: at })) {
        const ret = await returns.find(r.store_id, r.return_id);
        if (ret) await orderSteps.recordReturnEvent(trx, { orderId: o.id, kind: 'return', value: `refunded:${ret.number}`, actorId, at });
      }
    }
    // Last: the day's numbers hold their row until the commit (stats/service.ts). The payment
    // status changed above without `moved`: the refund comes off as the order stood before it.
    await queueRefundMail(ctx, trx, r, o);
    await orderStats.refunded(trx, o, r.amount_cents, at, before);
  },

  /** Stripe failed it: the amount held goes back, once (false: it was no longer pending). */
  async failed(trx: Db, r: RefundRow, reason: string, at: string): Promise<boolean> {
    if (!(await refundsRepo(trx).move(r.id, ['pending'], 'failed', at, { failure_reason: reason.slice(0, 500) }))) return false;
    await orderSteps.releaseRefund(trx, r.store_id, r.order_id, r.amount_cents);
    await orderSteps.recordReturnEvent(trx, { orderId: r.order_id, kind: 'refund', value: `failed:${r.amount_cents}`, actorId: null, at });
    await refundAudit.failed(trx, r, reason.slice(0, 200));
    return true;
  },
};

/** After the commit of a refund that succeeded: its mail sent, its credit note (a failure there never loses the refund), the dashboards. */
export async function afterSucceeded(ctx: AppContext, storeId: string, refundId: string, actorId: string | null): Promise<void> {
  ctx.mailer.wake();
  try {
    const note = await invoicesService(ctx).creditNoteForRefund(storeId, refundId, actorId);
    if (note) await refundsRepo(ctx.db).setCreditNote(refundId, note.id);
  } catch (err) {
    ctx.log.warn({ err: err instanceof Error ? err.message.slice(0, 200) : String(err), refundId }, 'credit note for a refund failed');
  }
  announceOrderChange(ctx, storeId);
}

/** Stripe's Refunds API for a card order's refund, and what its answers and webhooks do. */
export function stripeRefunds(ctx: AppContext) {
  const { db } = ctx;
  const repo = refundsRepo(db);

  async function fail(r: RefundRow, reason: string) {
    await db.transaction().execute((trx) => refundOutcome.failed(trx, r, reason, clock.iso()));
    announceOrderChange(ctx, r.store_id);
  }

  return {
    /** One attempt at Stripe (its own idempotency key); the refund as it stands afterwards. */
    async attempt(r: RefundRow, actorId: string | null): Promise<void> {
      const attempt = await repo.nextAttempt(r.id, clock.iso());
      const o = await orderSteps.find(db, r.store_id, r.order_id);
      const secretKey = await paymentsService(ctx).secretKey(r.store_id);
      let answer: { id: string; status: string; failureReason: string | null };
      try {
        const intent = secretKey && o?.stripe_session_id ? await ctx.stripe.paymentIntentOf(secretKey, o.stripe_session_id) : null;
        if (!secretKey || !intent) return await fail(r, 'Pagamento con carta non trovato su Stripe');
        answer = await ctx.stripe.createRefund(
          secretKey,
          { paymentIntent: intent, amountCents: r.amount_cents, metadata: { refund_id: r.id, order_id: r.order_id, store_id: r.store_id } },
          `vetrina-refund-${r.id}-${attempt}`,
        );
      } catch (err) {
        ctx.log.warn({ err: err instanceof Error ? err.message.slice(0, 200) : String(err), refundId: r.id }, 'stripe refund failed');
        return await fail(r, err instanceof Error ? err.message : 'Stripe non raggiungibile');
      }
      await repo.setStripeId(r.id, answer.id);
      if (answer.status === 'failed' || answer.status === 'canceled') return await fail(r, answer.failureReason ?? answer.status);
      if (answer.status !== 'succeeded') return; // pending at Stripe: its webhook tells.
      const at = clock.iso();
      const moved = await db.transaction().execute(async (trx) => {
        if (!(await refundsRepo(trx).move(r.id, ['pending'], 'succeeded', at, { succeeded_at: at }))) return false;
        await refundOutcome.succeeded(ctx, trx, r, actorId, at);
        return true;
      });
      if (moved) await afterSucceeded(ctx, r.store_id, r.id, actorId);
    },

    /** A webhook's refunds of the store, in one transaction that first records the event (payments' claim). */
    async apply(storeId: string, updates: StripeRefundUpdate[], claim: (trx: Db) => Promise<boolean>): Promise<boolean> {
      const settled: string[] = [];
      let changed = false;
      await db.transaction().execute(async (trx) => {
        if (!(await claim(trx))) return;
        const refunds = refundsRepo(trx);
        for (const u of updates) {
          if (u.storeId && u.storeId !== storeId) continue;
          const r = (u.refundId ? await refunds.find(storeId, u.refundId) : undefined) ?? (await refunds.findByStripeId(storeId, u.stripeRefundId));
          if (!r || r.method !== 'stripe' || (r.stripe_refund_id && r.stripe_refund_id !== u.stripeRefundId)) continue;
          const at = clock.iso();
          if (u.status === 'succeeded') {
            const done = { succeeded_at: at, stripe_refund_id: u.stripeRefundId, failure_reason: null };
            // Failed here without Stripe's answer (an error on the call) but done at Stripe: it counts again, if it
            // still fits in what was paid. One Stripe itself failed stays failed (its 'succeeded' came late).
            if (r.status === 'failed' && !r.stripe_refund_id) {
              if (!(await orderSteps.holdRefund(trx, storeId, r.order_id, r.amount_cents))) {
                ctx.log.warn({ refundId: r.id }, 'stripe refund succeeded after it failed here, but the order has no room left for it');
                continue;
              }
              if (!(await refunds.move(r.id, ['failed'], 'succeeded', at, done))) {
                await orderSteps.releaseRefund(trx, storeId, r.order_id, r.amount_cents);
                continue;
              }
            } else if (!(await refunds.move(r.id, ['pending'], 'succeeded', at, done))) continue;
            await refundOutcome.succeeded(ctx, trx, r, null, at);
            settled.push(r.id);
            changed = true;
          } else if (u.status === 'failed' || u.status === 'canceled') {
            changed = (await refundOutcome.failed(trx, { ...r }, u.failureReason ?? u.status, at)) || changed;
          }
        }
      });
      for (const id of settled) await afterSucceeded(ctx, storeId, id, null);
      if (changed && !settled.length) announceOrderChange(ctx, storeId);
      return changed;
    },
  };
}
