import { sql } from 'kysely';
import type { PriorRefund } from '@vetrina/shared/refund-math';
import type { RefundStatus } from '@vetrina/shared/returns';
import type { Refund } from '@vetrina/shared/returns-admin';
import type { Db } from '../../../db/index.js';
import type { Selectable } from 'kysely';
import type { RefundsTable } from '../../../db/schema.js';

export type RefundRow = Selectable<RefundsTable>;
export interface NewRefund {
  row: RefundRow;
  lines: { orderItemId: string; quantity: number; amountCents: number }[];
}

/** The only SQL that writes `refunds` and `refund_items` (docs/decisions/0051-returns.md). */
export function refundsRepo(db: Db) {
  return {
    /** Writes the refund and its lines, in the caller's transaction. */
    async insert(r: NewRefund): Promise<void> {
      await db.insertInto('refunds').values(r.row).execute();
      if (r.lines.length)
        await db
          .insertInto('refund_items')
          .values(
            r.lines.map((l) => ({
              refund_id: r.row.id,
              store_id: r.row.store_id,
              order_item_id: l.orderItemId,
              quantity: l.quantity,
              amount_cents: l.amountCents,
            })),
          )
          .execute();
    },

    find(storeId: string, id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
    },

    findByStripeId(storeId: string, stripeRefundId: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('store_id', '=', storeId).where('stripe_refund_id', '=', stripeRefundId).executeTakeFirst();
    },

    /** The order's refunds pending or done, as quoteRefund takes them (failed ones left out). */
    async prior(orderId: string): Promise<PriorRefund[]> {
      const rows = await db
        .selectFrom('refunds')
        .select(['id', 'shipping_cents', 'adjustment_cents'])
        .where('order_id', '=', orderId)
        .where('status', '!=', 'failed')
        .orderBy('created_at')
        .execute();
      if (!rows.length) return [];
      const items = await db
        .selectFrom('refund_items')
        .select(['refund_id', 'order_item_id', 'quantity', 'amount_cents'])
        .where(
          'refund_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => ({
        shippingCents: Number(r.shipping_cents),
        adjustmentCents: Number(r.adjustment_cents),
        lines: items
          .filter((i) => i.refund_id === r.id)
          .map((i) => ({ orderItemId: i.order_item_id, quantity: Number(i.quantity), amountCents: Number(i.amount_cents) })),
      }));
    },

    /** The order's refunds as the dashboard lists them, oldest first (the IBAN is the caller's to mask). */
    async ofOrder(storeId: string, orderId: string): Promise<(Refund & { iban: string | null })[]> {
      const rows = await db
        .selectFrom('refunds as r')
        .leftJoin('users as u', 'u.id', 'r.created_by_user_id')
        .leftJoin('invoices as n', (j) => j.onRef('n.id', '=', 'r.credit_note_id').on('n.store_id', '=', storeId))
        .select([
          'r.id',
          'r.return_id',
          'r.method',
          'r.status',
          'r.items_cents',
          'r.shipping_cents',
          'r.adjustment_cents',
          'r.amount_cents',
          'r.failure_reason',
          'r.created_at',
          'r.iban',
          'u.email',
          'n.number as credit_note_number',
        ])
        .where('r.store_id', '=', storeId)
        .where('r.order_id', '=', orderId)
        .orderBy('r.created_at')
        .orderBy('r.id')
        .execute();
      if (!rows.length) return [];
      const items = await db
        .selectFrom('refund_items as i')
        .innerJoin('order_items as oi', 'oi.id', 'i.order_item_id')
        .select(['i.refund_id', 'i.order_item_id', 'oi.title', 'i.quantity', 'i.amount_cents'])
        .where(
          'i.refund_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('oi.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        returnId: r.return_id,
        method: r.method,
        status: r.status,
        itemsCents: Number(r.items_cents),
        shippingCents: Number(r.shipping_cents),
        adjustmentCents: Number(r.adjustment_cents),
        amountCents: Number(r.amount_cents),
        lines: items
          .filter((i) => i.refund_id === r.id)
          .map((i) => ({ orderItemId: i.order_item_id, title: i.title, quantity: Number(i.quantity), amountCents: Number(i.amount_cents) })),
        failureReason: r.failure_reason,
        creditNoteNumber: r.credit_note_number ?? null,
        createdAt: r.created_at,
        createdBy: r.email ?? null,
        iban: r.iban,
      }));
    },

    /** The IBAN the shopper gave in the order's latest withdrawal that has one (null: none). */
    async shopperIban(orderId: string): Promise<string | null> {
      const r = await db
        .selectFrom('returns')
        .select('refund_iban')
        .where('order_id', '=', orderId)
        .where('refund_iban', 'is not', null)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      return r?.refund_iban ?? null;
    },

    /** Moves the refund only if it is still in one of `from`: false when another change got there first. */
    async move(
      id: string,
      from: readonly RefundStatus[],
      to: RefundStatus,
      at: string,
      extra: Partial<Pick<RefundRow, 'stripe_refund_id' | 'failure_reason' | 'succeeded_at'>> = {},
    ): Promise<boolean> {
      const r = await db
        .updateTable('refunds')
        .set({ status: to, updated_at: at, ...extra })
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** One more Stripe attempt; the new count (its idempotency key's suffix). */
    async nextAttempt(id: string, at: string): Promise<number> {
      await db
        .updateTable('refunds')
        .set({ attempts: sql<number>`attempts + 1`, updated_at: at })
        .where('id', '=', id)
        .execute();
      const r = await db.selectFrom('refunds').select('attempts').where('id', '=', id).executeTakeFirstOrThrow();
      return Number(r.attempts);
    },

    /** Stripe's id of the refund, once it answered. */
    async setStripeId(id: string, stripeRefundId: string): Promise<void> {
      await db.updateTable('refunds').set({ stripe_refund_id: stripeRefundId }).where('id', '=', id).execute();
    },

    async setCreditNote(id: string, invoiceId: string): Promise<void> {
      await db.updateTable('refunds').set({ credit_note_id: invoiceId }).where('id', '=', id).execute();
    },

    /** What the order's succeeded refunds add up to. */
    async succeededCents(orderId: string): Promise<number> {
      const r = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.sum<number>('amount_cents').as('n'))
        .where('order_id', '=', orderId)
        .where('status', '=', 'succeeded')
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },

    /** Whether every line of the return has had all its units refunded by the return's succeeded refunds. */
    async returnFullyRefunded(returnId: string): Promise<boolean> {
      const lines = await db.selectFrom('return_items').select(['order_item_id', 'quantity']).where('return_id', '=', returnId).execute();
      if (!lines.length) return false;
      const done = await db
        .selectFrom('refund_items as i')
        .innerJoin('refunds as r', 'r.id', 'i.refund_id')
        .select(['i.order_item_id', (eb) => eb.fn.sum<number>('i.quantity').as('units')])
        .where('r.return_id', '=', returnId)
        .where('r.status', '=', 'succeeded')
        .groupBy('i.order_item_id')
        .execute();
      const units = new Map(done.map((d) => [d.order_item_id, Number(d.units)]));
      return lines.every((l) => (units.get(l.order_item_id) ?? 0) >= Number(l.quantity));
    },
  };
}

export type RefundsRepo = ReturnType<typeof refundsRepo>;
