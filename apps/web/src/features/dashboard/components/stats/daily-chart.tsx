import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { StatsDay } from '@vetrina/shared/stats';
import { formatCents } from '@/lib/format';
import { countOf, formatDay, formatLongDay } from '../../stats-format';

const VIOLET = '#8B5CF6';
const VIOLET_SOFT = '#C4B5FD';

function DayTooltip({ active, payload }: TooltipContentProps) {
  const day = payload?.[0]?.payload as StatsDay | undefined;
  if (!active || !day) return null;
  return (
    <div className="rounded-md border bg-background px-3 py-2 text-xs shadow-md">
      <p className="font-medium capitalize">{formatLongDay(day.day)}</p>
      <p>Fatturato: {formatCents(day.revenueCents)}</p>
      <p>Incassato: {formatCents(day.paidCents)}</p>
      <p>{countOf(day.orders, 'ordine', 'ordini')}</p>
      <p>{countOf(day.visits, 'visita', 'visite')}</p>
    </div>
  );
}

/** Revenue and paid revenue per day. Loaded on its own (lazy): the chart library stays out of the dashboard's first load. */
export default function DailyChart({ series }: { series: StatsDay[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* No keyboard layer: the chart is hidden from assistive technology, the table beside it reads the same figures. */}
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" className="stroke-border" />
        <XAxis dataKey="day" tickFormatter={formatDay} tickLine={false} axisLine={false} fontSize={12} minTickGap={12} />
        <YAxis
          tickFormatter={(cents: number) => formatCents(cents).replace(/,00\s/, ' ')}
          tickLine={false}
          axisLine={false}
          fontSize={12}
          width={72}
          allowDecimals={false}
        />
        <Tooltip content={DayTooltip} cursor={{ fill: 'rgba(139, 92, 246, 0.08)' }} />
        <Bar dataKey="revenueCents" name="Fatturato" fill={VIOLET_SOFT} radius={[4, 4, 0, 0]} />
        <Bar dataKey="paidCents" name="Incassato" fill={VIOLET} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
