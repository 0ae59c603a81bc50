import { sql } from 'kysely';
import { RETURN_PAGE_SIZE, type ReturnDetail, type ReturnSummary } from '@vetrina/shared/returns-admin';
import type { ReturnOrigin, ReturnStatus } from '@vetrina/shared/returns';
import type { Db } from '../../db/index.js';
import type { ReturnsTable } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

/** A new withdrawal or return, as its use case made it. */
export interface NewReturn {
  storeId: string;
  orderId: string;
  origin: ReturnOrigin;
  customerName: string;
  customerEmail: string;
  reason: string | null;
  refundIban: string | null;
  requestKey: string | null;
  createdByUserId: string | null;
  at: string;
  lines: { orderItemId: string; quantity: number }[];
}

const summaryColumns = [
  'r.id',
  'r.number',
  'r.order_id',
  'o.order_number',
  'r.origin',
  'r.status',
  'r.customer_name',
  'r.customer_email',
  'r.created_at',
  'r.updated_at',
  sql<number>`(select coalesce(sum(i.quantity), 0) from return_items i where i.return_id = r.id)`.as('units'),
] as const;

type SummaryRow = {
  id: string;
  number: number;
  order_id: string;
  order_number: number;
  origin: ReturnOrigin;
  status: ReturnStatus;
  customer_name: string;
  customer_email: string;
  created_at: string;
  updated_at: string;
  units: number;
};
const toSummary = (r: SummaryRow): ReturnSummary => ({
  id: r.id,
  number: Number(r.number),
  orderId: r.order_id,
  orderNumber: Number(r.order_number),
  origin: r.origin,
  status: r.status,
  customerName: r.customer_name,
  customerEmail: r.customer_email,
  units: Number(r.units),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

/** The only SQL that writes `returns` and `return_items` (docs/decisions/0051-returns.md). */
export function returnsRepo(db: Db) {
  const summaries = (storeId: string) =>
    db.selectFrom('returns as r').innerJoin('orders as o', 'o.id', 'r.order_id').select(summaryColumns).where('r.store_id', '=', storeId);

  return {
    /**
     * Writes the return and its lines under the store's next number, in the caller's transaction.
     * Two at once may pick the same number: the unique key refuses one, and the caller retries.
     * A request key already used is refused by its own unique key (a replayed confirmation).
     */
    async insert(r: NewReturn): Promise<{ id: string; number: number }> {
      const last = await db
        .selectFrom('returns')
        .select((eb) => eb.fn.max('number').as('n'))
        .where('store_id', '=', r.storeId)
        .executeTakeFirst();
      const number = Number(last?.n ?? 0) + 1;
      const id = newId();
      await db
        .insertInto('returns')
        .values({
          id,
          store_id: r.storeId,
          order_id: r.orderId,
          number,
          origin: r.origin,
          status: 'requested',
          customer_name: r.customerName,
          customer_email: r.customerEmail,
          reason: r.reason,
          reject_reason: null,
          refund_iban: r.refundIban,
          request_key: r.requestKey,
          created_by_user_id: r.createdByUserId,
          created_at: r.at,
          updated_at: r.at,
          authorized_at: null,
          received_at: null,
          closed_at: null,
        })
        .execute();
      await db
        .insertInto('return_items')
        .values(r.lines.map((l) => ({ id: newId(), return_id: id, store_id: r.storeId, order_item_id: l.orderItemId, quantity: l.quantity })))
        .execute();
      return { id, number };
    },

    /** Units of each order line already in a withdrawal or return that was not refused. */
    async returnedUnits(orderId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('return_items as i')
        .innerJoin('returns as r', 'r.id', 'i.return_id')
        .select(['i.order_item_id', (eb) => eb.fn.sum<number>('i.quantity').as('units')])
        .where('r.order_id', '=', orderId)
        .where('r.status', '!=', 'rejected')
        .groupBy('i.order_item_id')
        .execute();
      return new Map(rows.map((r) => [r.order_item_id, Number(r.units)]));
    },

    /** The return in the store, with its lines (undefined: none such in this store). */
    async find(storeId: string, id: string): Promise<(Omit<ReturnDetail, 'messages'> & { raw: ReturnsTable }) | undefined> {
      const row = await db.selectFrom('returns').selectAll().where('store_id', '=', storeId).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const summary = await summaries(storeId).where('r.id', '=', id).executeTakeFirstOrThrow();
      const lines = await db
        .selectFrom('return_items as i')
        .innerJoin('order_items as oi', 'oi.id', 'i.order_item_id')
        .select(['i.order_item_id', 'oi.title', 'oi.variant_label', 'i.quantity', 'i.restocked_quantity'])
        .where('i.return_id', '=', id)
        .orderBy('oi.id')
        .execute();
      return {
        ...toSummary(summary as SummaryRow),
        reason: row.reason,
        rejectReason: row.reject_reason,
        refundIban: row.refund_iban,
        lines: lines.map((l) => ({
          orderItemId: l.order_item_id,
          title: l.title,
          variantLabel: l.variant_label,
          quantity: l.quantity,
          restockedQuantity: l.restocked_quantity,
        })),
        authorizedAt: row.authorized_at,
        receivedAt: row.received_at,
        closedAt: row.closed_at,
        raw: row,
      };
    },

    /** Moves the return only if it is still in one of `from`: false when someone else moved it first. */
    async move(
      storeId: string,
      id: string,
      from: readonly ReturnStatus[],
      to: ReturnStatus,
      at: string,
      extra: Partial<Pick<ReturnsTable, 'reject_reason' | 'authorized_at' | 'received_at' | 'closed_at'>> = {},
    ): Promise<boolean> {
      const r = await db
        .updateTable('returns')
        .set({ status: to, updated_at: at, ...extra })
        .where('store_id', '=', storeId)
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** Units of a line put back in stock on 'Ricevuto'. */
    async markRestocked(returnId: string, orderItemId: string, quantity: number): Promise<void> {
      await db
        .updateTable('return_items')
        .set({ restocked_quantity: sql<number>`restocked_quantity + ${quantity}` })
        .where('return_id', '=', returnId)
        .where('order_item_id', '=', orderItemId)
        .execute();
    },

    /** The store's returns, newest first, a page at a time. */
    async list(storeId: string, filter: { status?: ReturnStatus; page: number }): Promise<{ returns: ReturnSummary[]; total: number }> {
      let q = summaries(storeId);
      let count = db
        .selectFrom('returns')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('store_id', '=', storeId);
      if (filter.status) {
        q = q.where('r.status', '=', filter.status);
        count = count.where('status', '=', filter.status);
      }
      const rows = await q
        .orderBy('r.created_at', 'desc')
        .orderBy('r.number', 'desc')
        .limit(RETURN_PAGE_SIZE)
        .offset((filter.page - 1) * RETURN_PAGE_SIZE)
        .execute();
      const total = await count.executeTakeFirstOrThrow();
      return { returns: rows.map((r) => toSummary(r as SummaryRow)), total: Number(total.n) };
    },

    /** An order's returns, oldest first. */
    async ofOrder(storeId: string, orderId: string): Promise<ReturnSummary[]> {
      const rows = await summaries(storeId).where('r.order_id', '=', orderId).orderBy('r.number').execute();
      return rows.map((r) => toSummary(r as SummaryRow));
    },
  };
}

export type ReturnsRepo = ReturnType<typeof returnsRepo>;
