import { lazy, Suspense } from 'react';
import type { StatsDay } from '@vetrina/shared/stats';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCents } from '@/lib/format';
import { formatCount, formatDay } from '../../stats-format';

// The chart library is fetched only when the home shows a chart.
const DailyChart = lazy(() => import('./daily-chart'));

/** The daily chart, with the same figures as a table for screen readers. */
export function ChartCard({ series }: { series: StatsDay[] }) {
  const empty = series.every((d) => d.revenueCents === 0 && d.orders === 0);
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h3" className="text-base">
          Andamento giornaliero
        </CardTitle>
        <CardDescription>
          Fatturato e incassato dal {formatDay(series[0]!.day)} al {formatDay(series.at(-1)!.day)}
          {empty && ' · ancora nessun ordine in questi giorni'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="h-56 w-full" aria-hidden>
          <Suspense fallback={<Skeleton className="h-full w-full" />}>
            <DailyChart series={series} />
          </Suspense>
        </div>
        {/* The hidden box is a div: a table ignores the 1 px width and overflow of sr-only and, with
            wide figures, widened the phone page past the screen. */}
        <div className="sr-only">
          <table>
            <caption>Numeri per giorno</caption>
            <thead>
              <tr>
                <th scope="col">Giorno</th>
                <th scope="col">Fatturato</th>
                <th scope="col">Incassato</th>
                <th scope="col">Ordini</th>
                <th scope="col">Visite</th>
              </tr>
            </thead>
            <tbody>
              {series.map((d) => (
                <tr key={d.day}>
                  <th scope="row">{formatDay(d.day)}</th>
                  <td>{formatCents(d.revenueCents)}</td>
                  <td>{formatCents(d.paidCents)}</td>
                  <td>{formatCount(d.orders)}</td>
                  <td>{formatCount(d.visits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
