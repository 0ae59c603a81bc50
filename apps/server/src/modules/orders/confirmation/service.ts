import { createHash } from 'node:crypto';
import { ORDER_CONFIRMATION, confirmationMsg, paymentMsg, type OrderConfirmer } from '@vetrina/shared';
import type { AppContext } from '../../../lib/context.js';
import type { Db } from '../../../db/index.js';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { clock } from '../../../lib/clock.js';
import { storeBySlug } from '../../tenancy/service.js';
import { inventory } from '../../inventory/service.js';
import { announceOrderChange, orderStats } from '../../stats/service.js';
import { confirmationRepo } from './repo.js';
import { orderAudit, type OrderMember } from '../order-audit.js';
import { ordersRepo } from '../repo.js';
import { expireEach } from '../expire-each.js';

type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof ordersRepo>['find']>>>;

const changedMeanwhile = () => conflict('Lo stato dell’ordine è appena cambiato: ricarica e riprova.');

/** The stored form of the confirmation mail's secret: a database copy alone cannot confirm. */
export const confirmationCodeHash = (code: string) => createHash('sha256').update(code).digest('hex');

/** When an order placed now stops holding its stock unless confirmed. */
export const confirmationDueAt = (nowMs: number) => new Date(nowMs + ORDER_CONFIRMATION.holdHours * 3_600_000).toISOString();

/**
 * 'Da confermare' (docs/decisions/0037-order-confirmation.md): cash-on-delivery and pickup orders hold
 * stock with no money paid, so the shopper confirms them from the mail's link, or the team does by
 * hand; those nobody confirmed within ORDER_CONFIRMATION.holdHours are cancelled by the expiry job
 * and give their stock back. One address holds at most config.unconfirmedOrdersPerEmail of them per store.
 */
export function confirmationService(ctx: AppContext) {
  const { db } = ctx;

  /** Confirms one order read in `trx`; an order already confirmed stays as it is. */
  async function confirmIn(trx: Db, o: OrderRow, by: OrderConfirmer, userId: string | null): Promise<boolean> {
    if (o.confirmation === 'confirmed') return false;
    if (o.confirmation === null) throw conflict(confirmationMsg.notAwaiting);
    if (o.status === 'cancelled') throw conflict(o.confirmation === 'expired' ? confirmationMsg.tooLate : confirmationMsg.cancelled);
    if (!(await confirmationRepo(trx).confirm(o.id, by, userId, clock.iso()))) throw changedMeanwhile();
    return true;
  }

  return {
    /**
     * Refuses a new order awaiting confirmation when the address (canonical form) already has the
     * most the platform allows (UNCONFIRMED_ORDERS_PER_EMAIL, 3 unless set; 0 turns the cap off).
     */
    async checkRoom(storeId: string, emailKey: string): Promise<void> {
      const max = ctx.config.unconfirmedOrdersPerEmail;
      if (max === 0) return;
      if ((await confirmationRepo(db).awaitingOf(storeId, emailKey)) >= max) {
        throw new AppError(409, 'too_many_unconfirmed', confirmationMsg.tooManyAwaiting(max), { title: 'Ordine non creato' });
      }
    },

    /**
     * 'Conferma ordine' on the order page opened from the mail (a POST: mail scanners only ever GET
     * the link). Besides the page's token it takes the mail's own secret: the checkout's answer
     * carries the token, so an order made with an invented address cannot confirm itself.
     */
    async byShopper(slug: string, token: string, code: string): Promise<void> {
      const store = await storeBySlug(db, slug);
      if (!store) throw notFound(paymentMsg.orderNotFound);
      const changed = await db.transaction().execute(async (trx) => {
        const o = await ordersRepo(trx).byToken(store.id, token);
        if (!o) throw notFound(paymentMsg.orderNotFound);
        if (o.confirmation === 'awaiting' && o.confirmation_code_hash !== confirmationCodeHash(code)) throw badRequest(confirmationMsg.badCode, 'code');
        return confirmIn(trx, o, 'shopper', null);
      });
      if (changed) announceOrderChange(ctx, store.id);
    },

    /** 'Conferma ordine' in the order's details, after the team heard from the shopper (in 'Registro attività'). */
    async byTeam(member: OrderMember, orderId: string): Promise<void> {
      const { storeId } = member;
      const changed = await db.transaction().execute(async (trx) => {
        const o = await ordersRepo(trx).find(storeId, orderId);
        if (!o) throw notFound('Ordine non trovato');
        const confirmed = await confirmIn(trx, o, 'team', member.user.id);
        if (confirmed) await orderAudit.confirmedByTeam(trx, member, o);
        return confirmed;
      });
      if (changed) announceOrderChange(ctx, storeId);
    },

    /**
     * Cancels open orders nobody confirmed by their deadline and releases their stock, a batch at
     * a time; safe on every instance at once (each order is claimed by one).
     */
    async expireDue(limit = 100): Promise<number> {
      const now = clock.iso();
      const due = await confirmationRepo(db).due(now, limit);
      return expireEach(ctx, due, async (trx, d) => {
        const o = await ordersRepo(trx).find(d.store_id, d.id);
        if (!o || !(await confirmationRepo(trx).expire(o, now))) return false;
        await inventory.release(trx, o.store_id, await ordersRepo(trx).stockLinesOf(o.id), o.status, { orderId: o.id, reason: 'expiry' });
        await orderStats.moved(trx, o, { status: o.status, paymentStatus: 'unpaid' }, { status: 'cancelled', paymentStatus: 'expired' });
        return true;
      });
    },
  };
}
