import { CHART_MIN_DAYS, periodDays, romeDay, type DashboardStats, type StatsPeriod } from '@vetrina/shared/stats';
import type { OrderStatus, PaymentStatus } from '@vetrina/shared';
import type { Db } from '../../db/index.js';
import type { WriteScope } from '../../db/write-scope.js';
import type { AppContext } from '../../lib/context.js';
import { clock } from '../../lib/clock.js';
import { topics } from '../realtime/bus.js';
import { latestMessages } from '../messages/service.js';
import { setLowStockThreshold } from '../stores/service.js';
import { statsRepo, type ProductDelta } from './repo.js';

/** Where an order stands for the numbers. */
export interface Standing {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
}
export interface CountedOrder {
  id: string;
  store_id: string;
  created_at: string;
  total_cents: number;
}
interface CountedLine {
  product_id: string | null;
  quantity: number;
  total_price_cents: number;
}

// What an order adds to its day: placed and not cancelled (orders, revenue, units) and paid (paid
// revenue), partly refunded included; both net of its succeeded refunds (see `refunded`).
const counted = (s: Standing) => (s.status === 'cancelled' ? 0 : 1);
const paid = (s: Standing) => (s.paymentStatus === 'paid' || s.paymentStatus === 'partially_refunded' ? 1 : 0);

/** Adds (sign 1) or takes back (sign -1) an order's lines from its day's product rows. */
function productDeltas(lines: CountedLine[], sign: number): ProductDelta[] {
  const byProduct = new Map<string, ProductDelta>();
  for (const l of lines) {
    // A product deleted since the sale: its row cannot be told apart any more (it left the top list).
    if (!l.product_id) continue;
    const row = byProduct.get(l.product_id) ?? { product_id: l.product_id, units: 0, revenue_cents: 0 };
    row.units += sign * l.quantity;
    row.revenue_cents += sign * l.total_price_cents;
    byProduct.set(l.product_id, row);
  }
  return [...byProduct.values()];
}

/** Rows per store and day: concurrent checkouts of a store mostly land on different rows. */
export const DAY_SHARDS = 8;
/** An order always lands on the same shard of its day (so its later changes lock that row only). */
function shardOf(orderId: string): number {
  let h = 0;
  for (let i = 0; i < orderId.length; i++) h = (h * 31 + orderId.charCodeAt(i)) >>> 0;
  return h % DAY_SHARDS;
}

/** `net`: the order's total less its succeeded refunds (the total itself for a new order). */
async function apply(scope: WriteScope, order: CountedOrder, lines: CountedLine[], dc: number, dp: number, net = order.total_cents) {
  const day = romeDay(order.created_at);
  const units = lines.reduce((n, l) => n + l.quantity, 0);
  await statsRepo.addToDay(
    scope,
    order.store_id,
    day,
    shardOf(order.id),
    { orders: dc, revenue_cents: dc * net, paid_cents: dp * net, units: dc * units },
    dc ? productDeltas(lines, dc) : [],
  );
}

/**
 * The home's daily aggregates, moved in the order's own transaction: by the checkout and by every
 * status or payment change (docs/decisions/0023-dashboard-numbers.md). Call them last in the
 * transaction: on PostgreSQL the shard row of the store's day is held from here to the commit, so
 * another checkout of the store landing on it waits for that moment only; and after the stock moves, so the locks are
 * always taken in the same order (stock, then numbers) and two transactions cannot deadlock.
 */
export const orderStats = {
  /** A new order counts on the Rome day it was placed. */
  async placed(scope: WriteScope, order: CountedOrder & { status: OrderStatus; payment_status: PaymentStatus }, lines: CountedLine[]): Promise<void> {
    const standing = { status: order.status, paymentStatus: order.payment_status };
    await apply(scope, order, lines, counted(standing), paid(standing));
  },

  /** An order changed status or payment: its day (the day it was placed) gains or loses the difference. */
  async moved(trx: Db, order: CountedOrder, from: Standing, to: Standing): Promise<void> {
    const dc = counted(to) - counted(from);
    const dp = paid(to) - paid(from);
    if (!dc && !dp) return;
    const [lines, refunded] = await Promise.all([dc ? statsRepo.orderLines(trx, order.id) : [], statsRepo.refundedCents(trx, order.id)]);
    await apply(trx, order, lines, dc, dp, order.total_cents - refunded);
  },

  /**
   * A refund of `cents` succeeded (negative: a succeeded refund failed after all): the revenue and,
   * if the order counts as paid, the paid revenue of the order's day lose it, as a cancellation
   * would (docs/decisions/0051-returns.md). Orders and units stay: they count what was sold. Call it
   * in the transaction that marks the refund 'succeeded', with no status change in between (the
   * payment status may change before or after: `moved` nets the succeeded refunds it reads). A
   * caller that changed the payment status first without `moved` passes the standing from before.
   */
  async refunded(trx: Db, order: CountedOrder, cents: number, _at: string, before?: Standing): Promise<void> {
    const standing = before ?? (await statsRepo.standing(trx, order.id));
    if (!standing || !cents) return;
    const dc = counted(standing);
    const dp = paid(standing);
    if (!dc && !dp) return;
    await statsRepo.addToDay(
      trx,
      order.store_id,
      romeDay(order.created_at),
      shardOf(order.id),
      { orders: 0, revenue_cents: -dc * cents, paid_cents: -dp * cents, units: 0 },
      [],
    );
  },
};

/** After the commit: the store's open dashboards refetch their numbers. */
export function announceOrderChange(ctx: AppContext, storeId: string): void {
  ctx.bus.publish(topics.store(storeId), { type: 'orders.changed', storeId }).catch((err: unknown) => ctx.log.error({ err }, 'realtime publish failed'));
}

export function statsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    /** The home's numbers for the period ending today (Rome), with the chart's days and what needs doing. */
    async forPeriod(storeId: string, period: StatsPeriod): Promise<DashboardStats> {
      const today = romeDay(clock.now());
      const days = periodDays(period, today);
      const chart = periodDays(period, today, CHART_MIN_DAYS);
      const from = days[0]!;
      const threshold = await statsRepo.threshold(db, storeId);
      const [rows, visits, topProducts, toHandle, lowStock, latest] = await Promise.all([
        statsRepo.days(db, storeId, chart[0]!, today),
        statsRepo.visits(db, storeId, chart[0]!, today),
        statsRepo.topProducts(db, storeId, from, today),
        statsRepo.toHandle(db, storeId),
        statsRepo.lowStock(db, storeId, threshold),
        latestMessages(db, storeId),
      ]);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      const visitsByDay = new Map(visits.map((v) => [v.day, Number(v.visitors)]));
      const series = chart.map((day) => {
        const r = byDay.get(day);
        return {
          day,
          revenueCents: Number(r?.revenue_cents ?? 0),
          paidCents: Number(r?.paid_cents ?? 0),
          orders: Number(r?.orders ?? 0),
          units: Number(r?.units ?? 0),
          visits: visitsByDay.get(day) ?? 0,
        };
      });
      const inPeriod = series.filter((d) => d.day >= from);
      const sum = (k: 'revenueCents' | 'paidCents' | 'orders' | 'units' | 'visits') => inPeriod.reduce((n, d) => n + d[k], 0);
      const orders = sum('orders');
      const revenueCents = sum('revenueCents');
      const visitsTotal = sum('visits');
      return {
        period,
        from,
        to: today,
        totals: {
          revenueCents,
          paidCents: sum('paidCents'),
          orders,
          averageOrderCents: orders ? Math.round(revenueCents / orders) : null,
          units: sum('units'),
          visits: visitsTotal,
          conversionRate: visitsTotal ? orders / visitsTotal : null,
        },
        series,
        topProducts,
        toHandle,
        lowStock: { threshold, ...lowStock },
        latestMessages: latest,
      };
    },

    async setLowStockThreshold(storeId: string, threshold: number): Promise<number> {
      await setLowStockThreshold(ctx, storeId, threshold);
      return threshold;
    },
  };
}
