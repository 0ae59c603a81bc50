import type { OrderConfirmer, OrderStatus } from '@vetrina/shared';
import type { Db } from '../../../db/index.js';
import { newId } from '../../../lib/ids.js';

/**
 * The SQL of an order's confirmation ('Da confermare'): the shopper's or the team's confirmation,
 * the deadline that cancels an order nobody confirmed, and the per-address cap. Every change is
 * conditional on the order still awaiting, so the shopper, the team and the expiry job on any
 * instance can race and exactly one of them applies.
 */
export function confirmationRepo(db: Db) {
  const repo = {
    /** Open orders of the address (canonical form) still awaiting confirmation in the store. */
    async awaitingOf(storeId: string, emailKey: string): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('customer_email_key', '=', emailKey)
        .where('confirmation', '=', 'awaiting')
        .where('status', '!=', 'cancelled')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The dashboard's 'Da confermare' count. */
    async awaitingInStore(storeId: string): Promise<number> {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId)
        .where('confirmation', '=', 'awaiting')
        .where('status', '!=', 'cancelled')
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Marks an open order awaiting confirmation as confirmed by the shopper or a member; false when it
     * was no longer so. `reopened`: the team reopened an order that had expired (its status already changed).
     */
    async confirm(orderId: string, by: OrderConfirmer, userId: string | null, now: string, reopened = false): Promise<boolean> {
      const r = await db
        .updateTable('orders')
        .set({
          confirmation: 'confirmed',
          confirmation_due_at: null,
          confirmation_code_hash: null,
          confirmed_at: now,
          confirmed_by: by,
          confirmed_by_user_id: userId,
          updated_at: now,
        })
        .where('id', '=', orderId)
        .where('status', '!=', 'cancelled')
        .where('confirmation', 'in', reopened ? ['awaiting', 'expired'] : ['awaiting'])
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      await db
        .insertInto('order_events')
        .values({ id: newId(), order_id: orderId, kind: 'confirmation', value: by, created_at: now, actor_user_id: userId })
        .execute();
      return true;
    },

    /** Awaiting orders past their deadline, oldest first, a batch at a time (partial index, migration 028). */
    due(now: string, limit: number) {
      return db
        .selectFrom('orders as o')
        .innerJoin('stores as s', 's.id', 'o.store_id')
        .select(['o.id', 'o.store_id', 's.slug'])
        .where('o.confirmation', '=', 'awaiting')
        .where('o.confirmation_due_at', '<=', now)
        .orderBy('o.confirmation_due_at')
        .limit(limit)
        .execute();
    },

    /**
     * Cancels an order nobody confirmed in time ('Annullato', payment 'Scaduto', confirmation
     * 'expired'), only if it is still open, unpaid and awaiting; false otherwise. One the team
     * cancelled or marked paid meanwhile is only taken off the deadline (the job would find it again).
     */
    async expire(o: { id: string; status: OrderStatus }, now: string): Promise<boolean> {
      const r = await db
        .updateTable('orders')
        .set({
          status: 'cancelled',
          payment_status: 'expired',
          confirmation: 'expired',
          confirmation_due_at: null,
          confirmation_code_hash: null,
          updated_at: now,
        })
        .where('id', '=', o.id)
        .where('status', '=', o.status)
        .where('status', '!=', 'cancelled')
        .where('payment_status', '=', 'unpaid')
        .where('confirmation', '=', 'awaiting')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) {
        await db
          .updateTable('orders')
          .set({ confirmation_due_at: null })
          .where('id', '=', o.id)
          .where('confirmation', '=', 'awaiting')
          .where((eb) => eb.or([eb('status', '=', 'cancelled'), eb('payment_status', '!=', 'unpaid')]))
          .execute();
        return false;
      }
      await db
        .insertInto('order_events')
        .values([
          { id: newId(), order_id: o.id, kind: 'status', value: 'cancelled', created_at: now },
          { id: newId(), order_id: o.id, kind: 'payment', value: 'expired', created_at: now },
          { id: newId(), order_id: o.id, kind: 'confirmation', value: 'expired', created_at: now },
        ])
        .execute();
      return true;
    },

    /** The e-mail of the member who confirmed by hand, if still known. */
    async memberEmail(userId: string): Promise<string | null> {
      const u = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
      return u?.email ?? null;
    },
  };
  return repo;
}

export type ConfirmationRepo = ReturnType<typeof confirmationRepo>;
