import { manualPaymentRefusal, paymentMsg, type PaymentStatus } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import { AppError, conflict, notFound } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { inventory } from '../../inventory/service.js';
import { paymentsService, type ChosenMethod } from '../service.js';
import { BadSignature, type WebhookEvent } from '../stripe.js';
import { paymentsRepo } from '../repo.js';
import type { PaymentRefundsPort } from '../refunds-port.js';
import { orderSteps } from '../../orders/service.js';
import type { OrderPaymentsPort } from '../../orders/ports.js';
import { instructionsOf } from '../../orders/order-view.js';
import { queuePaymentReceivedMail, queueStoredOrderMails } from '../../orders/mails.js';
import { notificationsChanged } from '../../notifications/service.js';
import { announceOrderChange, orderStats } from '../../stats/service.js';
import { invoicesService } from '../../invoices/service.js';
import { expireEach } from '../../orders/expire-each.js';
import { moveOrderStatus } from '../../orders/status/service.js';
import { orderAudit, type OrderMember } from '../../orders/order-audit.js';

type OrderRow = NonNullable<Awaited<ReturnType<typeof orderSteps.find>>>;

/**
 * The payment side of an order: the team marking it paid or refunded, the deadline that cancels
 * an unpaid order and releases its stock, and Stripe's Checkout Sessions and webhooks. Every
 * change is conditional on the state it was decided from, so the team, the expiry job on any
 * instance and a redelivered webhook can race without applying anything twice.
 */
export function orderPaymentsService(ctx: AppContext) {
  const { db } = ctx;
  const orders = orderSteps;
  const settings = paymentsService(ctx);
  const invoices = invoicesService(ctx);

  /** Cancels an open, unpaid order and gives its stock back; false if it was no longer so. */
  async function cancelUnpaid(trx: Db, o: OrderRow, paymentStatus: PaymentStatus): Promise<boolean> {
    if (o.status === 'cancelled' || o.payment_status !== 'unpaid') return false;
    const claimed = await orders.transition(trx, o.id, { status: o.status, paymentStatus: 'unpaid' }, { status: 'cancelled', payment_status: paymentStatus });
    if (!claimed) return false;
    await inventory.release(trx, o.store_id, await orders.stockLinesOf(trx, o.id), o.status, { orderId: o.id, reason: 'expiry' });
    await orderStats.moved(trx, o, { status: o.status, paymentStatus: 'unpaid' }, { status: 'cancelled', paymentStatus });
    return true;
  }

  /** Marks an unpaid order paid (any status but cancelled) and queues the shopper's mail. */
  async function markPaid(trx: Db, o: OrderRow, actorId: string | null = null): Promise<boolean> {
    const ok = await orders.transition(
      trx,
      o.id,
      { status: o.status, paymentStatus: 'unpaid' },
      { payment_status: 'paid', paid_at: clock.iso(), payment_due_at: null },
      actorId,
    );
    if (!ok) return false;
    if (o.payment_method === 'card') await queueStoredOrderMails(ctx, trx, o.id);
    else await queuePaymentReceivedMail(ctx, trx, o.id);
    await orderStats.moved(trx, o, { status: o.status, paymentStatus: 'unpaid' }, { status: o.status, paymentStatus: 'paid' });
    return true;
  }

  return {
    /**
     * The team marks an order 'Pagato' (not card: Stripe tells) or 'Rimborsato' (once paid). Money
     * received also settles an order still 'Da confermare': it counts as the member's confirmation.
     */
    async setByTeam(member: OrderMember, orderId: string, to: 'paid' | 'refunded'): Promise<void> {
      const { storeId } = member;
      const actorId = member.user.id;
      await db.transaction().execute(async (trx) => {
        const o = await orders.find(trx, storeId, orderId);
        if (!o) throw notFound(paymentMsg.orderNotFound);
        // Asking again for the status it already has changes nothing.
        if (o.payment_status === to) return;
        const refusal = manualPaymentRefusal({ paymentStatus: o.payment_status, paymentMethod: o.payment_method, status: o.status }, to);
        if (refusal) throw conflict(refusal);
        if (to === 'paid') {
          if (!(await markPaid(trx, o, actorId))) throw conflict('Lo stato dell’ordine è appena cambiato: ricarica e riprova.');
          if (o.confirmation === 'awaiting') await orders.confirmByTeam(trx, o.id, actorId, clock.iso());
          // Money received is the team's go-ahead: an order still 'In attesa' becomes 'Confermato' (docs/decisions/0043-order-page.md).
          if (o.status === 'pending') {
            const paidNow = { ...o, payment_status: 'paid' as const, confirmation: o.confirmation === 'awaiting' ? ('confirmed' as const) : o.confirmation };
            await moveOrderStatus(trx, storeId, paidNow, 'confirmed', undefined, actorId);
          }
        } else {
          const ok = await orders.transition(trx, o.id, { status: o.status, paymentStatus: 'paid' }, { payment_status: 'refunded' }, actorId);
          if (!ok) throw conflict('Lo stato dell’ordine è appena cambiato: ricarica e riprova.');
          // Refunded outside Vetrina: the rest of what was paid counts as returned, so no refund by line exceeds it later.
          const rest = o.total_cents - o.refunded_cents;
          if (rest > 0) await orders.holdRefund(trx, storeId, o.id, rest);
          await orderStats.moved(trx, o, { status: o.status, paymentStatus: 'paid' }, { status: o.status, paymentStatus: 'refunded' });
        }
        await orderAudit.paymentMarked(trx, member, o, { from: o.payment_status, to });
      });
      ctx.mailer.wake();
      announceOrderChange(ctx, storeId);
      if (to === 'paid') await invoices.issueIfAutomatic(storeId, orderId);
    },

    /**
     * Cancels unpaid orders past their deadline (bank transfer, card) and releases their stock,
     * a batch at a time. Safe to run on every instance at once: each order is claimed by one.
     */
    async expireDue(limit = 100): Promise<number> {
      const due = await orders.dueUnpaid(db, clock.iso(), limit);
      return expireEach(ctx, due, async (trx, d) => {
        const o = await orders.find(trx, d.store_id, d.id);
        return o ? cancelUnpaid(trx, o, 'expired') : false;
      });
    },

    /**
     * Opens Stripe Checkout for a card order just placed. If Stripe cannot be reached, the order is
     * cancelled at once (its stock released) and the shopper is asked to choose again.
     */
    async openCardSession(order: { storeId: string; storeName: string; slug: string; orderId: string; token: string }, chosen: ChosenMethod): Promise<string> {
      const o = await orders.find(db, order.storeId, order.orderId);
      if (!o || !chosen.stripe) throw new AppError(503, 'payment_unavailable', paymentMsg.cardUnavailable);
      const items = await orders.itemsOf(db, o.id);
      const orderUrl = `${ctx.publicUrl()}/store/${encodeURIComponent(order.slug)}/ordine/${order.token}`;
      try {
        const session = await ctx.stripe.createSession(chosen.stripe.secretKey, {
          orderId: o.id,
          storeId: o.store_id,
          orderNumber: o.order_number,
          storeName: order.storeName,
          customerEmail: o.customer_email,
          // Stripe's lines must add up to the amount charged: a discounted order is one line, its total.
          lines:
            o.discount_cents > 0
              ? [{ name: `Ordine #${o.order_number} (sconto ${o.discount_code ?? ''} incluso)`, unitAmountCents: o.total_cents, quantity: 1 }]
              : [
                  ...items.map((i) => ({
                    name: i.variant_label ? `${i.title} (${i.variant_label})` : i.title,
                    unitAmountCents: i.unit_price_cents,
                    quantity: i.quantity,
                  })),
                  ...(o.shipping_cents > 0 ? [{ name: 'Spedizione', unitAmountCents: o.shipping_cents, quantity: 1 }] : []),
                  ...(o.surcharge_cents > 0 ? [{ name: 'Supplemento', unitAmountCents: o.surcharge_cents, quantity: 1 }] : []),
                ],
          successUrl: `${orderUrl}?pagamento=completato`,
          cancelUrl: orderUrl,
          expiresAt: Math.floor(Date.parse(o.payment_due_at ?? clock.iso()) / 1000),
        });
        await orders.setStripeSession(db, o.id, session.id, session.url, instructionsOf(o));
        return session.url;
      } catch (err) {
        ctx.log.warn(
          { err: err instanceof Error ? { name: err.name, message: err.message.slice(0, 200) } : String(err), orderId: o.id },
          'stripe checkout session failed',
        );
        await db.transaction().execute(async (trx) => {
          const fresh = await orders.find(trx, o.store_id, o.id);
          if (fresh) await cancelUnpaid(trx, fresh, 'expired');
        });
        ctx.stockChanged(order.slug);
        announceOrderChange(ctx, order.storeId);
        throw new AppError(503, 'payment_unavailable', paymentMsg.cardUnavailable, { title: 'Pagamento non disponibile' });
      }
    },

    /**
     * A Stripe webhook for a store: verified with the store's signing secret (400 when it does not
     * match: nothing changes), recorded once by event id (a redelivery changes nothing twice), then
     * applied: completed and paid → 'Pagato'; expired → cancelled with its stock released.
     */
    async applyStripeWebhook(storeId: string, rawBody: string, signature: string | undefined, refunds?: PaymentRefundsPort): Promise<{ applied: boolean }> {
      const secret = await settings.webhookSecret(storeId);
      if (!secret) throw notFound('Pagamenti con carta non configurati per questo store');
      let event: WebhookEvent;
      try {
        event = await ctx.stripe.verifyEvent(rawBody, signature, secret);
      } catch (err) {
        if (err instanceof BadSignature) throw new AppError(400, 'bad_signature', 'Firma del webhook non valida');
        throw err;
      }
      // A refund's events go to the refunds, recorded once in their transaction (duplicates change nothing).
      if (event.refunds.length) {
        if (!refunds) return { applied: false };
        const claim = (trx: Db) => paymentsRepo(trx).recordStripeEvent({ id: event.id, storeId, type: event.type });
        return { applied: await refunds.applyStripeRefunds(storeId, event.refunds, claim) };
      }
      const s = event.session;
      const relevant = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.expired'].includes(event.type);
      // Another store's session (or no order at all) is acknowledged and ignored.
      if (!relevant || !s?.orderId || s.storeId !== storeId) return { applied: false };
      let changed = false;
      await db.transaction().execute(async (trx) => {
        if (!(await paymentsRepo(trx).recordStripeEvent({ id: event.id, storeId, type: event.type }))) return;
        const o = await orders.find(trx, storeId, s.orderId!);
        if (!o || o.payment_method !== 'card') return;
        if (event.type === 'checkout.session.expired') {
          changed = await cancelUnpaid(trx, o, 'expired');
          return;
        }
        // Paid only when Stripe says so, for exactly this order's amount in euros.
        if (s.paymentStatus !== 'paid' || s.amountTotal !== o.total_cents || s.currency !== 'eur') {
          if (s.paymentStatus === 'paid')
            ctx.log.warn({ orderId: o.id, eventId: event.id }, 'stripe amount or currency differs from the order: not marked paid');
          return;
        }
        if (o.payment_status === 'unpaid' && o.status !== 'cancelled') {
          changed = await markPaid(trx, o);
          return;
        }
        // Paid after the order had expired (events out of order): the money arrived, so say so;
        // the order stays cancelled for the team to refund or reopen.
        if (o.payment_status === 'expired') {
          changed = await orders.transition(trx, o.id, { status: o.status, paymentStatus: 'expired' }, { payment_status: 'paid', paid_at: clock.iso() });
          if (changed) await orderStats.moved(trx, o, { status: o.status, paymentStatus: 'expired' }, { status: o.status, paymentStatus: 'paid' });
        }
      });
      if (changed) {
        const slug = await paymentsRepo(db).storeSlug(storeId);
        if (slug) ctx.stockChanged(slug);
        ctx.mailer.wake();
        notificationsChanged(ctx, storeId);
        announceOrderChange(ctx, storeId);
        if (event.type !== 'checkout.session.expired') await invoices.issueIfAutomatic(storeId, s.orderId);
      }
      return { applied: changed };
    },
  };
}

export type OrderPaymentsService = ReturnType<typeof orderPaymentsService>;

/** What the checkout and the order routes use of payments, given to the orders module in app.ts. */
export function paymentsForOrders(ctx: AppContext): OrderPaymentsPort {
  const settings = paymentsService(ctx);
  const flow = orderPaymentsService(ctx);
  return {
    choose: (storeId, method) => settings.choose(storeId, method),
    openCardSession: (order, chosen) => flow.openCardSession(order, chosen),
    setByTeam: (member, orderId, to) => flow.setByTeam(member, orderId, to),
  };
}
