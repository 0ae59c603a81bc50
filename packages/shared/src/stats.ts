import { z } from 'zod';
import './zod-it.js';

/**
 * The dashboard home's numbers (docs/decisions/0023-dashboard-numbers.md). Kept out of the package
 * index: only the dashboard and the server use them, never the storefront's bundle.
 */

/** An Italian merchant's "oggi": every day of the numbers is a calendar day in Rome. */
export { romeDay } from './shop-day.js';
export const STATS_PERIODS = ['today', '7d', '30d'] as const;
export type StatsPeriod = (typeof STATS_PERIODS)[number];
export const STATS_PERIOD_LABELS: Record<StatsPeriod, string> = { today: 'Oggi', '7d': '7 giorni', '30d': '30 giorni' };
const PERIOD_DAYS: Record<StatsPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
/** The chart shows at least a week, so that 'Oggi' has something to compare with. */
export const CHART_MIN_DAYS = 7;
export const LOW_STOCK_DEFAULT = 3;
export const LOW_STOCK_MAX = 1000;

export const statsMsg = {
  period: 'Periodo non valido: scegli oggi, 7 giorni o 30 giorni',
  threshold: `La soglia di scorte basse deve essere un numero intero da 0 a ${LOW_STOCK_MAX}`,
} as const;

/** The calendar day `n` days after `day` (negative: before), as 'YYYY-MM-DD'. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The days a period covers, oldest first, ending today. */
export function periodDays(period: StatsPeriod, today: string, minDays = 1): string[] {
  const n = Math.max(PERIOD_DAYS[period], minDays);
  return Array.from({ length: n }, (_, i) => addDays(today, i - n + 1));
}

export const statsQuerySchema = z.strictObject({
  period: z.enum(STATS_PERIODS, { error: statsMsg.period }).default('today'),
});
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const lowStockSettingsSchema = z.strictObject({
  lowStockThreshold: z.number({ error: statsMsg.threshold }).int(statsMsg.threshold).min(0, statsMsg.threshold).max(LOW_STOCK_MAX, statsMsg.threshold),
});
export type LowStockSettings = z.infer<typeof lowStockSettingsSchema>;

const count = z.number().int();
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const statsDaySchema = z.object({
  day: dayText,
  revenueCents: count,
  paidCents: count,
  orders: count,
  units: count,
  visits: count,
});
export type StatsDay = z.infer<typeof statsDaySchema>;

export const dashboardStatsSchema = z.object({
  period: z.enum(STATS_PERIODS),
  /** First and last Rome day of the period (the last is today). */
  from: dayText,
  to: dayText,
  totals: z.object({
    /** Orders placed in the period and not cancelled. */
    revenueCents: count,
    /** Of the orders placed in the period, those paid (refunded ones leave). */
    paidCents: count,
    orders: count,
    averageOrderCents: count.nullable(),
    units: count,
    /** Unique visitors, per day, added up. */
    visits: count,
    /** Orders per unique visit (0.034 = 3,4%); null without visits. */
    conversionRate: z.number().nullable(),
  }),
  /** One entry per day for the chart, oldest first: the period, at least CHART_MIN_DAYS days. */
  series: z.array(statsDaySchema),
  topProducts: z.array(z.object({ productId: z.string(), title: z.string(), units: count, revenueCents: count })),
  toHandle: z.object({ pending: count, unpaid: count }),
  lowStock: z.object({
    threshold: count,
    total: count,
    items: z.array(z.object({ inventoryId: z.string(), productId: z.string(), title: z.string(), variantLabel: z.string().nullable(), available: count })),
  }),
  latestMessages: z.array(
    z.object({
      kind: z.enum(['contact', 'chat']),
      id: z.string(),
      from: z.string(),
      text: z.string(),
      createdAt: z.string(),
      unread: z.boolean(),
    }),
  ),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
export const dashboardStatsResponseSchema = z.object({ stats: dashboardStatsSchema });
export const lowStockSettingsResponseSchema = z.object({ lowStockThreshold: count });

/** On the store's real-time topic: an order was placed or changed, the home's numbers refetch (it carries nothing else). */
export interface OrdersChangedEvent {
  type: 'orders.changed';
  storeId: string;
}
