import { sql } from 'kysely';
import type { Db } from '../../../db/index.js';
import { newId } from '../../../lib/ids.js';

/** The order's side of a refund (docs/decisions/0051-returns.md): the amount held, and the timeline's lines. */
export function refundHoldRepo(db: Db) {
  return {
    /**
     * Holds `cents` of what was paid for a refund, only if the refunds stay within the total: one
     * conditional update on both engines, so of two refunds for the last euro one wins.
     */
    async hold(storeId: string, orderId: string, cents: number): Promise<boolean> {
      const r = await db
        .updateTable('orders')
        .set({ refunded_cents: sql<number>`refunded_cents + ${cents}` })
        .where('id', '=', orderId)
        .where('store_id', '=', storeId)
        .where(sql<boolean>`refunded_cents + ${cents} <= total_cents`)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Gives back what a refund held (Stripe failed it). */
    async release(storeId: string, orderId: string, cents: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ refunded_cents: sql<number>`refunded_cents - ${cents}` })
        .where('id', '=', orderId)
        .where('store_id', '=', storeId)
        .execute();
    },

    /** A line of the order's timeline: a return's step (value `{status}:{return number}`) or a refund's (`{status}:{amount in cents}`). */
    async recordEvent(e: { orderId: string; kind: 'return' | 'refund'; value: string; actorId: string | null; at: string }): Promise<void> {
      await db
        .insertInto('order_events')
        .values({ id: newId(), order_id: e.orderId, kind: e.kind, value: e.value, created_at: e.at, actor_user_id: e.actorId })
        .execute();
    },
  };
}
