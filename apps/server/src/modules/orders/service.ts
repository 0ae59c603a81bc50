import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  confirmationEventLabel,
  type OrderDetail,
  type OrderEvent,
  type OrderListFilter,
  type OrderStatus,
  type OrdersPage,
  type PaymentInstructions,
  type PaymentStatus,
  type PublicOrder,
} from '@vetrina/shared';
import { withdrawalWindow } from '@vetrina/shared/withdrawal-window';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import type { Db } from '../../db/index.js';
import { confirmationRepo } from './confirmation/repo.js';
import { fulfilmentRepo } from './fulfilment/repo.js';
import { orderNotesRepo } from './notes/repo.js';
import { confirmationOf, discountOf, instructionsOf, invoiceRequestOf, toSummary } from './order-view.js';
import { merchantTimeline, returnEventLabel } from './order-timeline.js';
import type { OrderPorts } from './ports.js';
import { refundHoldRepo } from './refund-hold/repo.js';
import { ordersRepo, type OrderTransition } from './repo.js';
import { storedOrderVat } from './vat.js';

/** What the team and the shopper read of orders: the dashboard's list and details, the shopper's order page. */
export function ordersService(ctx: AppContext, { invoices }: Pick<OrderPorts, 'invoices'>) {
  const { db } = ctx;
  const repo = ordersRepo(db);
  return {
    /** One page of a store's orders, with the dashboard's 'Da confermare' count. */
    async list(storeId: string, q: OrderListFilter): Promise<OrdersPage> {
      const [page, awaitingConfirmation] = await Promise.all([repo.page(storeId, q), confirmationRepo(db).awaitingInStore(storeId)]);
      return { ...page, page: q.page, pageSize: q.pageSize, awaitingConfirmation };
    },

    async detail(storeId: string, orderId: string): Promise<OrderDetail | null> {
      const o = await repo.withItemCount(storeId, orderId);
      if (!o) return null;
      const [items, shipment, invoiceList, defaultVatCode, confirmedByMember, internalNotes, events, invoiceEvents] = await Promise.all([
        repo.itemsInPrintOrder(o.id),
        fulfilmentRepo(db).shipmentOf(storeId, o.id),
        invoices.ofOrder(storeId, o.id),
        invoices.defaultVatCode(storeId),
        o.confirmed_by_user_id ? confirmationRepo(db).memberEmail(o.confirmed_by_user_id) : null,
        orderNotesRepo(db).list(o.id),
        repo.eventsWithActors(o.id),
        repo.invoiceEvents(o.id),
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
        invoices: invoiceList,
        confirmedByMember,
        internalNotes,
        timeline: merchantTimeline(o, events, invoiceEvents),
      };
    },

    /** The shopper's view of their order, by the store and the order page's token. */
    async publicByToken(storeId: string, slug: string, token: string): Promise<PublicOrder | null> {
      const o = await repo.byToken(storeId, token);
      if (!o) return null;
      const [items, events, invoiceList, defaultVatCode] = await Promise.all([
        repo.itemsInPrintOrder(o.id),
        repo.publicEvents(o.id),
        invoices.ofOrder(storeId, o.id),
        invoices.defaultVatCode(storeId),
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
              : e.kind === 'return' || e.kind === 'refund'
                ? returnEventLabel(e.kind, e.value)
                : (PAYMENT_STATUS_LABELS[e.value as PaymentStatus] ?? e.value),
      }));
      // The shopper sees the parcel only while it is on its way or arrived.
      const shipment = o.status === 'shipped' || o.status === 'delivered' ? await fulfilmentRepo(db).shipmentOf(storeId, o.id) : null;
      const window = withdrawalWindow(shipment?.deliveredAt ?? null, clock.nowMs());
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
        shipment,
        vatCents: storedOrderVat(o, items, defaultVatCode).vatCents,
        invoiceRequested: invoiceRequestOf(o) !== null,
        invoices: invoiceList.map((i) => ({
          kind: i.kind,
          number: i.number,
          date: i.date,
          copyUrl: `/api/public/stores/${encodeURIComponent(slug)}/orders/${token}/invoices/${i.id}`,
        })),
        withdrawal: { open: o.status !== 'cancelled' && window.open, lastDay: window.lastDay },
      };
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;

/**
 * The steps other modules (payments, invoices) take on an order inside their own transaction:
 * `orders` is written by this module's repo only (docs/architecture.md).
 */
export const orderSteps = {
  /** The whole order row, in the store (undefined: not this store's). */
  find: (trx: Db, storeId: string, orderId: string) => ordersRepo(trx).find(storeId, orderId),
  /** Changes the order's status and payment status only if they are still those it was read with (see ordersRepo.transition). */
  transition: (trx: Db, orderId: string, expect: { status: OrderStatus; paymentStatus: PaymentStatus }, set: OrderTransition, actorId: string | null = null) =>
    ordersRepo(trx).transition(orderId, expect, set, actorId),
  /** The order's lines as the inventory moves their stock. */
  stockLinesOf: (trx: Db, orderId: string) => ordersRepo(trx).stockLinesOf(orderId),
  /** The order's lines as stored. */
  itemsOf: (trx: Db, orderId: string) => ordersRepo(trx).itemsOf(orderId),
  /** The order's lines in the order its pages and documents print them. */
  itemsInPrintOrder: (trx: Db, orderId: string) => ordersRepo(trx).itemsInPrintOrder(orderId),
  /** The order page's secret (null for orders from before it existed). */
  tokenOf: (db: Db, orderId: string) => ordersRepo(db).tokenOf(orderId),
  /** The Stripe Checkout Session opened for a card order, and its URL in the order's payment details. */
  setStripeSession: (db: Db, orderId: string, sessionId: string, url: string, details: PaymentInstructions) =>
    ordersRepo(db).setStripeSession(orderId, sessionId, url, details),
  /** Unpaid orders past their deadline, oldest first, a batch at a time. */
  dueUnpaid: (db: Db, now: string, limit: number) => ordersRepo(db).dueUnpaid(now, limit),
  /** The team's confirmation of an order still 'Da confermare', recorded with money received. */
  confirmByTeam: (trx: Db, orderId: string, actorId: string | null, at: string) => confirmationRepo(trx).confirm(orderId, 'team', actorId, at),
  /** Makes the invoice the order's live one, only if it has none: false when another got there first. */
  claimInvoice: (trx: Db, storeId: string, orderId: string, invoiceId: string) => ordersRepo(trx).claimInvoice(storeId, orderId, invoiceId),
  /** A credit note cancelled the order's invoice: the order may be invoiced again. */
  releaseInvoice: (trx: Db, storeId: string, orderId: string, invoiceId: string) => ordersRepo(trx).releaseInvoice(storeId, orderId, invoiceId),
  /** Holds a refund's amount if the order's refunds stay within what was paid: false when they would not. */
  holdRefund: (trx: Db, storeId: string, orderId: string, cents: number) => refundHoldRepo(trx).hold(storeId, orderId, cents),
  /** Gives back the amount of a refund Stripe failed. */
  releaseRefund: (trx: Db, storeId: string, orderId: string, cents: number) => refundHoldRepo(trx).release(storeId, orderId, cents),
  /** A return's step or a refund on the order's timeline. */
  recordReturnEvent: (trx: Db, e: { orderId: string; kind: 'return' | 'refund'; value: string; actorId: string | null; at: string }) =>
    refundHoldRepo(trx).recordEvent(e),
};
