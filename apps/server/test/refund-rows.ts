import { isRefundRefusal, quoteRefund, type RefundLine } from '@vetrina/shared/refund-math';
import type { RefundStatus } from '@vetrina/shared/returns';
import type { Db } from '../src/db/index.js';
import { clock } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { orderSteps } from '../src/modules/orders/service.js';
import { orderStats } from '../src/modules/stats/service.js';
import type { TestServer } from './harness.js';

/**
 * Refund rows for the tests of what a refund leads to (credit notes, figures), written straight to
 * the returns module's tables as its refunds service writes them: amounts from refund-math.ts over
 * the refunds already made, the order's hold raised, and (when it succeeded) the figures moved.
 */
export interface RefundRequestRows {
  storeId: string;
  orderId: string;
  lines: RefundLine[];
  shippingCents?: number;
  adjustmentCents?: number;
  status?: RefundStatus;
}

export async function insertRefund(server: TestServer, r: RefundRequestRows) {
  const db: Db = server.ctx.db;
  return db.transaction().execute(async (trx) => {
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', r.orderId).executeTakeFirstOrThrow();
    const items = await trx.selectFrom('order_items').selectAll().where('order_id', '=', r.orderId).execute();
    const priorRows = await trx.selectFrom('refunds').selectAll().where('order_id', '=', r.orderId).where('status', '!=', 'failed').execute();
    const priorItems = priorRows.length
      ? await trx
          .selectFrom('refund_items')
          .selectAll()
          .where(
            'refund_id',
            'in',
            priorRows.map((p) => p.id),
          )
          .execute()
      : [];
    const prior = priorRows.map((p) => ({
      lines: priorItems.filter((i) => i.refund_id === p.id).map((i) => ({ orderItemId: i.order_item_id, quantity: i.quantity, amountCents: i.amount_cents })),
      shippingCents: p.shipping_cents,
      adjustmentCents: p.adjustment_cents,
    }));
    const quote = quoteRefund(
      {
        items: items.map((i) => ({ id: i.id, title: i.title, quantity: i.quantity, totalPriceCents: i.total_price_cents })),
        discountCents: order.discount_cents,
        shippingCents: order.shipping_cents,
        surchargeCents: order.surcharge_cents,
        totalCents: order.total_cents,
      },
      prior,
      { lines: r.lines, shippingCents: r.shippingCents ?? 0, adjustmentCents: r.adjustmentCents ?? 0 },
    );
    if (isRefundRefusal(quote)) throw new Error(`refund refused: ${quote.kind}`);
    const id = newId();
    const now = clock.iso();
    const status = r.status ?? 'succeeded';
    await trx
      .insertInto('refunds')
      .values({
        id,
        store_id: r.storeId,
        order_id: r.orderId,
        return_id: null,
        method: 'manual',
        status,
        items_cents: quote.itemsCents,
        shipping_cents: quote.shippingCents,
        adjustment_cents: quote.adjustmentCents,
        amount_cents: quote.totalCents,
        iban: null,
        note: null,
        stripe_refund_id: null,
        failure_reason: null,
        credit_note_id: null,
        created_by_user_id: null,
        created_at: now,
        updated_at: now,
        succeeded_at: status === 'succeeded' ? now : null,
      })
      .execute();
    if (quote.lines.length)
      await trx
        .insertInto('refund_items')
        .values(
          quote.lines.map((l) => ({ refund_id: id, store_id: r.storeId, order_item_id: l.orderItemId, quantity: l.quantity, amount_cents: l.amountCents })),
        )
        .execute();
    if (!(await orderSteps.holdRefund(trx, r.storeId, r.orderId, quote.totalCents))) throw new Error('refund over what was paid');
    if (status !== 'succeeded') return { id, ...quote, order };
    // As the refunds service does: the figures when it succeeds, then the payment status of a paid order.
    await orderStats.refunded(trx, order, quote.totalCents, now);
    if (order.payment_status === 'paid' || order.payment_status === 'partially_refunded') {
      const whole = order.refunded_cents + quote.totalCents >= order.total_cents;
      const to = whole ? 'refunded' : 'partially_refunded';
      const from = { status: order.status, paymentStatus: order.payment_status };
      if (to !== order.payment_status && (await orderSteps.transition(trx, order.id, from, { payment_status: to }))) {
        await orderStats.moved(trx, order, from, { status: order.status, paymentStatus: to });
      }
    }
    return { id, ...quote, order };
  });
}
