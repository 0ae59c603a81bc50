import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { OrderListFilter, OrderSort, OrderStatus, OrderSummary, PaymentInstructions, PaymentStatus } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { OrderItemsTable, OrdersTable } from '../../db/schema.js';
import { preparedInsert } from '../../db/prepared.js';
import { writeIn, type WriteScope } from '../../db/write-scope.js';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { containsIgnoreCase } from '../../db/like.js';
import type { OrderStockLine } from '../inventory/service.js';
import { toSummary } from './order-view.js';

type OrderRow = Selectable<OrdersTable>;

/** What a status or payment change may set on an order. */
export type OrderTransition = Partial<Pick<OrderRow, 'status' | 'payment_status' | 'paid_at' | 'payment_due_at'>>;

export interface NewOrder {
  row: OrderRow;
  items: Omit<Selectable<OrderItemsTable>, 'id' | 'order_id'>[];
}

const ORDER_COLUMNS = [
  'id',
  'store_id',
  'order_number',
  'status',
  'customer_name',
  'customer_email',
  'customer_phone',
  'shipping_street',
  'shipping_city',
  'shipping_postal_code',
  'shipping_province',
  'shipping_country',
  'subtotal_cents',
  'discount_code',
  'discount_kind',
  'discount_value',
  'discount_cents',
  'terms_accepted_at',
  'marketing_consent_at',
  'shipping_cents',
  'surcharge_cents',
  'total_cents',
  'notes',
  'idempotency_key',
  'idempotency_fingerprint',
  'payment_method',
  'payment_status',
  'payment_details',
  'payment_due_at',
  'paid_at',
  'stripe_session_id',
  'public_token',
  'created_at',
  'updated_at',
  'taxable_cents',
  'vat_cents',
  'vat_breakdown',
  'invoice_request',
  'invoice_id',
  'confirmation',
  'confirmation_due_at',
  'confirmation_code_hash',
  'confirmed_at',
  'confirmed_by',
  'confirmed_by_user_id',
  'customer_email_key',
  'refunded_cents',
] as const satisfies readonly (keyof OrderRow)[];
// Every column of an order is written: a column added to the table and not listed here fails to compile.
const everyOrderColumn: Exclude<keyof OrderRow, (typeof ORDER_COLUMNS)[number]> extends never ? true : never = true;
void everyOrderColumn;
const insertOrderRow = preparedInsert('orders', ORDER_COLUMNS);
const ITEM_COLUMNS = [
  'id',
  'order_id',
  'product_id',
  'variant_id',
  'title',
  'variant_label',
  'quantity',
  'unit_price_cents',
  'total_price_cents',
  'vat_code',
  'taxable_cents',
  'vat_cents',
] as const satisfies readonly (keyof Selectable<OrderItemsTable>)[];
const insertOrderItem = preparedInsert('order_items', ITEM_COLUMNS);
const insertOrderEvent = preparedInsert('order_events', ['id', 'order_id', 'kind', 'value', 'created_at']);

/**
 * The table's order (docs/decisions/0027-back-office-tables.md): the column, then what the column's
 * index carries after it, ending on the order number (unique in the store), all one direction so
 * each page is read off an index (migrations 001, 008 and 015). Default: newest first.
 */
const ORDER_KEYS: Record<OrderSort, Array<RawBuilder<unknown>>> = {
  number: [sql`o.order_number`],
  date: [sql`o.created_at`, sql`o.order_number`],
  customer: [sql`lower(o.customer_name)`, sql`o.order_number`],
  total: [sql`o.total_cents`, sql`o.order_number`],
  status: [sql`o.status`, sql`o.created_at`, sql`o.order_number`],
  payment: [sql`o.payment_status`, sql`o.created_at`, sql`o.order_number`],
};

function orderedBy<Q extends { orderBy: (e: RawBuilder<unknown>, d: 'asc' | 'desc') => Q }>(qb: Q, q: OrderListFilter): Q {
  const keys = ORDER_KEYS[q.sort ?? 'date'];
  const dir = q.sort ? (q.dir ?? 'asc') : 'desc';
  return keys.reduce((acc, key) => acc.orderBy(key, dir), qb);
}

/** The only SQL on orders, their items and their timeline. */
export function ordersRepo(db: Db) {
  const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = o.id)`;
  // What the order's succeeded refunds returned (the returns module writes them; the list shows the net).
  const refundedDone = sql<number>`(select coalesce(sum(r.amount_cents), 0) from refunds r where r.order_id = o.id and r.status = 'succeeded')`;
  return {
    /** One page of a store's orders, newest first or by the table's column, filtered by status, payment status and number / customer. */
    async page(storeId: string, q: OrderListFilter): Promise<{ items: OrderSummary[]; total: number }> {
      let base = db.selectFrom('orders as o').where('o.store_id', '=', storeId);
      if (q.status) base = base.where('o.status', '=', q.status);
      if (q.paymentStatus) base = base.where('o.payment_status', '=', q.paymentStatus);
      if (q.confirmation === 'awaiting') base = base.where('o.confirmation', '=', 'awaiting').where('o.status', '!=', 'cancelled');
      const term = q.search?.replace(/^#/, '').trim();
      if (term) {
        const asNumber = /^\d+$/.test(term) ? Number(term) : null;
        base = base.where((eb) =>
          eb.or([
            containsIgnoreCase('o.customer_name', term),
            containsIgnoreCase('o.customer_email', term),
            ...(asNumber !== null && asNumber <= 2_147_483_647 ? [eb('o.order_number', '=', asNumber)] : []),
          ]),
        );
      }
      const [rows, count] = await Promise.all([
        base
          .selectAll('o')
          .select([itemCount.as('item_count'), refundedDone.as('refunded_done')])
          .$call((qb) => orderedBy(qb, q))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
      ]);
      return { items: rows.map(toSummary), total: Number(count?.n ?? 0) };
    },

    /** The order with its item count, in the store (undefined: not this store's). */
    withItemCount(storeId: string, orderId: string) {
      return db
        .selectFrom('orders as o')
        .selectAll('o')
        .select([itemCount.as('item_count'), refundedDone.as('refunded_done')])
        .where('o.id', '=', orderId)
        .where('o.store_id', '=', storeId)
        .executeTakeFirst();
    },

    /** The order behind the shopper's page, by the store and the page's token. */
    byToken(storeId: string, token: string) {
      return db.selectFrom('orders').selectAll().where('public_token', '=', token).where('store_id', '=', storeId).executeTakeFirst();
    },

    /** The order's lines in the order its pages print them. */
    itemsInPrintOrder(orderId: string) {
      return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('title').orderBy('id').execute();
    },

    /** The timeline the shopper sees: the team's own entries (internal notes, tracking corrections) stay in the dashboard. */
    publicEvents(orderId: string) {
      return db
        .selectFrom('order_events')
        .select(['kind', 'value', 'created_at'])
        .where('order_id', '=', orderId)
        .where('kind', 'in', ['status', 'payment', 'confirmation', 'return', 'refund'])
        .orderBy('created_at')
        .orderBy('kind', 'desc')
        .execute();
    },

    /** Every event of the order with the e-mail of the member who made it (if any). */
    eventsWithActors(orderId: string) {
      return db
        .selectFrom('order_events as e')
        .leftJoin('users as u', 'u.id', 'e.actor_user_id')
        .select(['e.kind', 'e.value', 'e.created_at', 'e.actor_user_id', 'u.email'])
        .where('e.order_id', '=', orderId)
        .execute();
    },

    /** The order's invoices and credit notes as timeline entries, with the e-mail of the member who issued them. */
    invoiceEvents(orderId: string) {
      return db
        .selectFrom('invoices as i')
        .leftJoin('users as u', 'u.id', 'i.issued_by_user_id')
        .select(['i.kind', 'i.number', 'i.issued_at', 'i.issued_by_user_id', 'u.email'])
        .where('i.order_id', '=', orderId)
        .execute();
    },

    /** The numbers of those of these orders that are the store's, lowest first. */
    numbersOf(storeId: string, orderIds: string[]) {
      return db
        .selectFrom('orders')
        .select(['id', 'order_number'])
        .where('store_id', '=', storeId)
        .where('id', 'in', orderIds)
        .orderBy('order_number')
        .execute();
    },

    /** The whole order row, in the store (null: not this store's). */
    find(storeId: string, orderId: string) {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).where('store_id', '=', storeId).executeTakeFirst();
    },

    /** The whole order row by its id alone (mails written in the order's own transaction). */
    byId(orderId: string) {
      return db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    },

    /** What the shipment mail says of the order, in the store. */
    mailHeader(storeId: string, orderId: string) {
      return db
        .selectFrom('orders')
        .select(['order_number', 'customer_name', 'customer_email', 'public_token'])
        .where('id', '=', orderId)
        .where('store_id', '=', storeId)
        .executeTakeFirstOrThrow();
    },

    /** The order's lines by title, as the mails list them. */
    itemsByTitle(orderId: string) {
      return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('title').execute();
    },

    /** The order's lines as the inventory moves their stock. */
    async stockLinesOf(orderId: string): Promise<OrderStockLine[]> {
      const rows = await db.selectFrom('order_items').select(['product_id', 'variant_id', 'quantity', 'title']).where('order_id', '=', orderId).execute();
      return rows.map((i) => ({ productId: i.product_id, variantId: i.variant_id, quantity: i.quantity, title: i.title }));
    },

    itemsOf(orderId: string) {
      return db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
    },

    /** The order page's secret (null for orders from before it existed). */
    async tokenOf(orderId: string): Promise<string | null> {
      return (await db.selectFrom('orders').select('public_token').where('id', '=', orderId).executeTakeFirst())?.public_token ?? null;
    },

    /** A new order, its lines and its first two timeline events (statements compiled once: the checkout's hot path). */
    async insert(order: NewOrder, scope: WriteScope = db): Promise<void> {
      const at = order.row.created_at;
      // One statement on PostgreSQL (runTogether): the order, its lines and its events, with the
      // unit's other writes when the scope batches them.
      await writeIn(scope, [
        ...insertOrderRow.compile(db, order.row),
        ...insertOrderItem.compile(
          db,
          order.items.map((item) => ({ id: newId(), order_id: order.row.id, ...item })),
        ),
        ...insertOrderEvent.compile(db, [
          { id: newId(), order_id: order.row.id, kind: 'status', value: order.row.status, created_at: at },
          { id: newId(), order_id: order.row.id, kind: 'payment', value: order.row.payment_status, created_at: at },
        ]),
      ]);
    },

    /**
     * Changes what the order was read with to new values, only if it still has them: of two
     * concurrent changes (the team, the expiry job, a webhook) exactly one applies. The caller then
     * moves the home's numbers (orderStats.moved in modules/stats) as the last step of its transaction.
     */
    async transition(
      orderId: string,
      expect: { status: OrderStatus; paymentStatus: PaymentStatus },
      set: OrderTransition,
      /** The member making the change, named in the merchant's timeline (null: the shopper or the system). */
      actorId: string | null = null,
    ): Promise<boolean> {
      const now = clock.iso();
      const r = await db
        .updateTable('orders')
        .set({ ...set, updated_at: now })
        .where('id', '=', orderId)
        .where('status', '=', expect.status)
        .where('payment_status', '=', expect.paymentStatus)
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) return false;
      const events = [
        ...(set.status && set.status !== expect.status ? [{ kind: 'status' as const, value: set.status }] : []),
        ...(set.payment_status && set.payment_status !== expect.paymentStatus ? [{ kind: 'payment' as const, value: set.payment_status }] : []),
      ];
      if (events.length)
        await db
          .insertInto('order_events')
          .values(events.map((e) => ({ id: newId(), order_id: orderId, created_at: now, actor_user_id: actorId, ...e })))
          .execute();
      return true;
    },

    async setStripeSession(orderId: string, sessionId: string, url: string, details: PaymentInstructions) {
      await db
        .updateTable('orders')
        .set({ stripe_session_id: sessionId, payment_details: JSON.stringify({ ...details, checkoutUrl: url }) })
        .where('id', '=', orderId)
        .execute();
    },

    /** Unpaid orders past their deadline, oldest first, a batch at a time (partial index on payment_due_at). */
    dueUnpaid(now: string, limit: number) {
      return db
        .selectFrom('orders as o')
        .innerJoin('stores as s', 's.id', 'o.store_id')
        .select(['o.id', 'o.store_id', 's.slug'])
        .where('o.payment_status', '=', 'unpaid')
        .where('o.payment_due_at', '<=', now)
        .orderBy('o.payment_due_at')
        .limit(limit)
        .execute();
    },

    /** Makes the invoice the order's live one, only if it has none: false when another got there first. */
    async claimInvoice(storeId: string, orderId: string, invoiceId: string): Promise<boolean> {
      const r = await db
        .updateTable('orders')
        .set({ invoice_id: invoiceId })
        .where('id', '=', orderId)
        .where('store_id', '=', storeId)
        .where('invoice_id', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },

    /** A credit note cancelled the order's invoice: the order may be invoiced again. */
    async releaseInvoice(storeId: string, orderId: string, invoiceId: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ invoice_id: null })
        .where('id', '=', orderId)
        .where('store_id', '=', storeId)
        .where('invoice_id', '=', invoiceId)
        .execute();
    },
  };
}

export type OrdersRepo = ReturnType<typeof ordersRepo>;
