import { sql } from 'kysely';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  confirmationEventLabel,
  invoiceRequestDataSchema,
  paymentInstructionsSchema,
  type InvoiceRequestData,
  type AppliedDiscount,
  type OrderConfirmation,
  type OrderDetail,
  type OrderEvent,
  type OrderStatus,
  type OrderSummary,
  type OrderListFilter,
  type PaymentInstructions,
  type PaymentStatus,
  type PublicOrder,
} from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { OrderItemsTable, OrdersTable } from '../../db/schema.js';
import { prepared, preparedInsert, writeNowOrLater, type PendingWrites, type ReadsTogether } from '../../db/prepared.js';
import type { Selectable } from 'kysely';
import { clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { containsIgnoreCase } from '../../lib/sql-like.js';
import type { OrderStockLine } from '../inventory/service.js';
import { confirmationRepo } from './confirmation/repo.js';
import { fulfilmentRepo } from './fulfilment/repo.js';
import { orderNotesRepo } from './notes/repo.js';
import { merchantTimeline } from './order-timeline.js';
import { orderedBy } from './list-order.js';
import { listInvoices } from '../invoices/invoice-list.js';
import { storedOrderVat } from '../invoices/order-vat.js';
import { invoicesRepo } from '../invoices/repo.js';

/** The increment of the store's order counter, which both statements below make. */
const counterIncrement = (db: Db, storeId: string) =>
  db
    .updateTable('stores')
    .set((eb) => ({ next_order_number: eb('next_order_number', '+', 1) }))
    .where('id', '=', storeId);

/** The store's next order number, in the caller's transaction or alone (compiled once). */
const takeOrderNumber = prepared((db: Db, a: { storeId: string }) => counterIncrement(db, a.storeId).returning('next_order_number'));

/**
 * PostgreSQL: the number taken in the checkout's reads statement (`ReadsTogether.returning`), only
 * when `take` is 1 (the store's settings accept the order) and the idempotency key made no order
 * yet (a retry takes none). That statement commits without waiting for the disk
 * (`synchronous_commit` off for its transaction only). Safe because the order that uses the number
 * commits after it, synchronously, and PostgreSQL's log is one sequence: waiting for the order's
 * commit record waits for this increment too. After a crash an acknowledged order's number is
 * never given again; an increment lost with a crash was on no committed order
 * (docs/decisions/orders.md).
 */
const takeOrderNumberBesideReads = prepared((db: Db, a: { storeId: string; key: string; take: number }) =>
  counterIncrement(db, a.storeId)
    .where(sql<boolean>`${a.take} = 1`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('orders')
            .select(sql`1`.as('one'))
            .where('orders.store_id', '=', a.storeId)
            .where('orders.idempotency_key', '=', a.key),
        ),
      ),
    )
    .where(sql<boolean>`set_config('synchronous_commit', 'off', true) is not null`)
    .returning('next_order_number'),
);

type OrderRow = Selectable<OrdersTable>;

function toSummary(o: OrderRow & { item_count: number }): OrderSummary {
  return {
    id: o.id,
    orderNumber: o.order_number,
    status: o.status,
    createdAt: o.created_at,
    customerName: o.customer_name,
    customerEmail: o.customer_email,
    customerPhone: o.customer_phone,
    shippingAddress: {
      street: o.shipping_street,
      city: o.shipping_city,
      postalCode: o.shipping_postal_code,
      province: o.shipping_province,
      country: o.shipping_country,
    },
    subtotalCents: o.subtotal_cents,
    discountCents: o.discount_cents,
    discount: discountOf(o),
    shippingCents: o.shipping_cents,
    surchargeCents: o.surcharge_cents,
    totalCents: o.total_cents,
    paymentMethod: o.payment_method,
    paymentStatus: o.payment_status,
    paidAt: o.paid_at,
    paymentDueAt: o.payment_due_at,
    notes: o.notes,
    itemCount: Number(o.item_count),
    confirmation: confirmationOf(o),
  };
}

/** 'Da confermare' and who confirmed, or null when the order needs no confirmation. */
export function confirmationOf(o: Pick<OrderRow, 'confirmation' | 'confirmation_due_at' | 'confirmed_at' | 'confirmed_by'>): OrderConfirmation {
  if (!o.confirmation) return null;
  return { state: o.confirmation, dueAt: o.confirmation_due_at, confirmedAt: o.confirmed_at, confirmedBy: o.confirmed_by };
}

/** The discount code as the order was placed with it, or null. */
export function discountOf(o: Pick<OrderRow, 'discount_code' | 'discount_kind' | 'discount_value'>): AppliedDiscount | null {
  return o.discount_code && o.discount_kind && o.discount_value !== null ? { code: o.discount_code, kind: o.discount_kind, value: o.discount_value } : null;
}

/** The shopper's 'Richiedi fattura', or null (none asked, or unreadable). */
export function invoiceRequestOf(o: Pick<OrderRow, 'invoice_request'>): InvoiceRequestData | null {
  if (!o.invoice_request) return null;
  try {
    return invoiceRequestDataSchema.safeParse(JSON.parse(o.invoice_request)).data ?? null;
  } catch {
    return null;
  }
}

/** The instructions snapshot stored with the order (orders from before payments: cash on delivery). */
export function instructionsOf(o: Pick<OrderRow, 'payment_details' | 'payment_method' | 'surcharge_cents'>): PaymentInstructions {
  try {
    const parsed = paymentInstructionsSchema.safeParse(JSON.parse(o.payment_details ?? 'null'));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return o.payment_method === 'card' ? { method: 'card', checkoutUrl: null } : { method: 'cod', surchargeCents: o.surcharge_cents };
}

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

/** The only SQL on orders, their items and their timeline. */
export function ordersRepo(db: Db) {
  const itemCount = sql<number>`(select coalesce(sum(oi.quantity), 0) from order_items oi where oi.order_id = o.id)`;
  return {
    /** One page of a store's orders, newest first or by the table's column, filtered by status, payment status and number / customer. */
    async list(storeId: string, q: OrderListFilter) {
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
      const [rows, count, awaitingConfirmation] = await Promise.all([
        base
          .selectAll('o')
          .select(itemCount.as('item_count'))
          .$call((qb) => orderedBy(qb, q))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
        confirmationRepo.awaitingInStore(db, storeId),
      ]);
      return { items: rows.map(toSummary), total: Number(count?.n ?? 0), page: q.page, pageSize: q.pageSize, awaitingConfirmation };
    },

    async detail(storeId: string, orderId: string): Promise<OrderDetail | null> {
      const o = await db
        .selectFrom('orders as o')
        .selectAll('o')
        .select(itemCount.as('item_count'))
        .where('o.id', '=', orderId)
        .where('o.store_id', '=', storeId)
        .executeTakeFirst();
      if (!o) return null;
      const [items, shipment, invoices, defaultVatCode, confirmedByMember, internalNotes, timeline] = await Promise.all([
        db.selectFrom('order_items').selectAll().where('order_id', '=', o.id).orderBy('title').orderBy('id').execute(),
        fulfilmentRepo.shipmentOf(db, storeId, o.id),
        listInvoices(db, storeId, { orderId: o.id }),
        invoicesRepo.defaultVatCode(db, storeId),
        o.confirmed_by_user_id ? confirmationRepo.memberEmail(db, o.confirmed_by_user_id) : null,
        orderNotesRepo.list(db, o.id),
        merchantTimeline(db, o),
      ]);
      const vat = storedOrderVat(o, items, defaultVatCode);
      return {
        ...toSummary(o),
        shipment,
        items: items.map((i, k) => ({
          id: i.id,
          title: i.title,
          variantLabel: i.variant_label,
          quantity: i.quantity,
          unitPriceCents: i.unit_price_cents,
          totalPriceCents: i.total_price_cents,
          vatCode: vat.items[k]?.vatCode ?? defaultVatCode,
          taxableCents: vat.items[k]?.taxableCents ?? i.total_price_cents,
          vatCents: vat.items[k]?.vatCents ?? 0,
        })),
        vat: { summary: vat.summary, taxableCents: vat.taxableCents, vatCents: vat.vatCents },
        invoiceRequest: invoiceRequestOf(o),
        invoices,
        confirmedByMember,
        internalNotes,
        timeline,
      };
    },

    /** The shopper's view of their order, by the store and the order page's token. */
    async publicByToken(storeId: string, slug: string, token: string): Promise<PublicOrder | null> {
      const o = await db.selectFrom('orders').selectAll().where('public_token', '=', token).where('store_id', '=', storeId).executeTakeFirst();
      if (!o) return null;
      const [items, events, invoices, defaultVatCode] = await Promise.all([
        db.selectFrom('order_items').selectAll().where('order_id', '=', o.id).orderBy('title').orderBy('id').execute(),
        db
          .selectFrom('order_events')
          .select(['kind', 'value', 'created_at'])
          .where('order_id', '=', o.id)
          // The team's own entries (internal notes, tracking corrections) stay in the dashboard.
          .where('kind', 'in', ['status', 'payment', 'confirmation'])
          .orderBy('created_at')
          .orderBy('kind', 'desc')
          .execute(),
        listInvoices(db, storeId, { orderId: o.id }),
        invoicesRepo.defaultVatCode(db, storeId),
      ]);
      const timeline: OrderEvent[] = events.map((e) => ({
        at: e.created_at,
        kind: e.kind as OrderEvent['kind'],
        value: e.value,
        label:
          e.kind === 'status'
            ? (ORDER_STATUS_LABELS[e.value as OrderStatus] ?? e.value)
            : e.kind === 'confirmation'
              ? confirmationEventLabel(e.value)
              : (PAYMENT_STATUS_LABELS[e.value as PaymentStatus] ?? e.value),
      }));
      return {
        orderNumber: o.order_number,
        createdAt: o.created_at,
        status: o.status,
        paymentStatus: o.payment_status,
        paymentMethod: o.payment_method,
        customerName: o.customer_name,
        customerEmail: o.customer_email,
        shippingAddress: {
          street: o.shipping_street,
          city: o.shipping_city,
          postalCode: o.shipping_postal_code,
          province: o.shipping_province,
          country: o.shipping_country,
        },
        items: items.map((i) => ({
          title: i.title,
          variantLabel: i.variant_label,
          quantity: i.quantity,
          unitPriceCents: i.unit_price_cents,
          totalPriceCents: i.total_price_cents,
        })),
        subtotalCents: o.subtotal_cents,
        discountCents: o.discount_cents,
        discount: discountOf(o),
        shippingCents: o.shipping_cents,
        surchargeCents: o.surcharge_cents,
        totalCents: o.total_cents,
        payment: instructionsOf(o),
        confirmation: confirmationOf(o),
        timeline,
        // The shopper sees the parcel only while it is on its way or arrived.
        shipment: o.status === 'shipped' || o.status === 'delivered' ? await fulfilmentRepo.shipmentOf(db, storeId, o.id) : null,
        vatCents: storedOrderVat(o, items, defaultVatCode).vatCents,
        invoiceRequested: invoiceRequestOf(o) !== null,
        invoices: invoices.map((i) => ({
          kind: i.kind,
          number: i.number,
          date: i.date,
          copyUrl: `/api/public/stores/${encodeURIComponent(slug)}/orders/${token}/invoices/${i.id}`,
        })),
      };
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
    find(trx: Db, storeId: string, orderId: string) {
      return trx.selectFrom('orders').selectAll().where('id', '=', orderId).where('store_id', '=', storeId).executeTakeFirst();
    },

    /** The order's lines as the inventory moves their stock. */
    async stockLinesOf(trx: Db, orderId: string): Promise<OrderStockLine[]> {
      const rows = await trx.selectFrom('order_items').select(['product_id', 'variant_id', 'quantity', 'title']).where('order_id', '=', orderId).execute();
      return rows.map((i) => ({ productId: i.product_id, variantId: i.variant_id, quantity: i.quantity, title: i.title }));
    },

    itemsOf(trx: Db, orderId: string) {
      return trx.selectFrom('order_items').selectAll().where('order_id', '=', orderId).execute();
    },

    /**
     * The store's next order number: in the order's transaction on SQLite (its shared commit, no
     * gaps); alone on PostgreSQL only when the reads took none although they should have (never seen).
     */
    async nextNumber(trx: Db, storeId: string): Promise<number> {
      const seq = await takeOrderNumber.first(trx, { storeId });
      if (!seq) throw new Error(`store ${storeId} has no order counter`);
      return seq.next_order_number - 1;
    },

    /**
     * PostgreSQL: the store's next order number, with the checkout's reads (above); null when none
     * was taken (`take` false, or the key's order exists).
     */
    async numberBesideReads(reads: ReadsTogether, storeId: string, key: string, take: boolean): Promise<number | null> {
      const [seq] = await reads.returning(takeOrderNumberBesideReads.compile(reads.db, { storeId, key, take: take ? 1 : 0 }));
      return seq ? seq.next_order_number - 1 : null;
    },

    /** A new order, its lines and its first two timeline events (statements compiled once: the checkout's hot path). */
    async insert(trx: Db, order: NewOrder, later?: PendingWrites): Promise<void> {
      const at = order.row.created_at;
      // One statement on PostgreSQL (runTogether): the order, its lines and its events, with the
      // unit's other pending writes when it has them.
      await writeNowOrLater(
        trx,
        [
          ...insertOrderRow.compile(trx, order.row),
          ...insertOrderItem.compile(
            trx,
            order.items.map((item) => ({ id: newId(), order_id: order.row.id, ...item })),
          ),
          ...insertOrderEvent.compile(trx, [
            { id: newId(), order_id: order.row.id, kind: 'status', value: order.row.status, created_at: at },
            { id: newId(), order_id: order.row.id, kind: 'payment', value: order.row.payment_status, created_at: at },
          ]),
        ],
        later,
      );
    },

    /**
     * Changes what the order was read with to new values, only if it still has them: of two
     * concurrent changes (the team, the expiry job, a webhook) exactly one applies. The caller then
     * moves the home's numbers (orderStats.moved in modules/stats) as the last step of its transaction.
     */
    async transition(
      trx: Db,
      orderId: string,
      expect: { status: OrderStatus; paymentStatus: PaymentStatus },
      set: Partial<Pick<OrderRow, 'status' | 'payment_status' | 'paid_at' | 'payment_due_at'>>,
      /** The member making the change, named in the merchant's timeline (null: the shopper or the system). */
      actorId: string | null = null,
    ): Promise<boolean> {
      const now = clock.iso();
      const r = await trx
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
        await trx
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

    /**
     * Records a Stripe event once per store; false when this store already applied it (a
     * redelivery). Keyed by store too: event ids are unique only within one Stripe account.
     */
    async recordStripeEvent(trx: Db, e: { id: string; storeId: string; type: string }): Promise<boolean> {
      const r = await trx
        .insertInto('stripe_events')
        .values({ event_id: e.id, store_id: e.storeId, type: e.type, received_at: clock.iso() })
        .onConflict((oc) => oc.columns(['store_id', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
    },
  };
}

export type OrdersRepo = ReturnType<typeof ordersRepo>;
