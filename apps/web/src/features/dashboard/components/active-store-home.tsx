import { useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Package, RefreshCw, Store } from 'lucide-react';
import { can, type StoreSummary } from '@vetrina/shared';
import { STATS_PERIOD_LABELS, STATS_PERIODS, type StatsPeriod } from '@vetrina/shared/stats';
import { StoreAvatar } from '@/components/layout/store-avatar';
import { ColorSwatches } from '@/components/store/color-swatches';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { useDashboardStats, useLiveStats } from '../api';
import { formatDay } from '../stats-format';
import { ChartCard } from './stats/chart-card';
import { KpiGrid } from './stats/kpi-grid';
import { LatestMessagesCard } from './stats/latest-messages-card';
import { LowStockCard } from './stats/low-stock-card';
import { SetupGuide } from './setup-guide';
import { ToHandleCard } from './stats/to-handle-card';
import { TopProductsCard } from './stats/top-products-card';

function StoreHeader({ store }: { store: StoreSummary }) {
  return (
    <Card>
      <CardContent className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
        <StoreAvatar name={store.name} logoUrl={store.logoUrl} color={store.colors.primary} className="size-16 rounded-xl text-2xl" />
        <div className="min-w-0 flex-1 space-y-1.5">
          <h1 className="truncate text-2xl font-bold" data-testid="active-store-name" title={store.name}>
            {store.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant="purple">Tema: {store.themeName ?? 'Nessuno'}</Badge>
            <ColorSwatches colors={store.colors} />
            {store.role === 'staff' && <Badge variant="secondary">Staff</Badge>}
          </div>
        </div>
        <a href={`/store/${store.slug}`} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline')}>
          <ExternalLink aria-hidden /> Visita Store
        </a>
      </CardContent>
    </Card>
  );
}

function HomeSkeleton() {
  return (
    <div className="grid gap-4" aria-busy aria-label="Caricamento dei numeri">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {Array.from({ length: 7 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
      <Skeleton className="h-72" />
    </div>
  );
}

/**
 * Spec §2 "Dashboard home": the active store's numbers for today, 7 or 30 days (from the daily
 * aggregates, live on every order), what needs doing, low stock and the latest messages.
 */
export function ActiveStoreHome({ store }: { store: StoreSummary }) {
  const [period, setPeriod] = useState<StatsPeriod>('today');
  const stats = useDashboardStats(store.id, period);
  useLiveStats(store.id);
  const data = stats.data;
  const nothingYet = data && data.series.every((d) => d.orders === 0 && d.revenueCents === 0) && data.toHandle.pending === 0 && data.topProducts.length === 0;

  // The period is a set of tabs and the figures below are its panel (a tab must control one).
  return (
    <Tabs value={period} onValueChange={(v) => setPeriod(v as StatsPeriod)} className="grid gap-6">
      <StoreHeader store={store} />
      {can(store, 'store:settings') && <SetupGuide key={store.id} store={store} />}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">Andamento</h2>
          {data && (
            <p className="text-sm text-muted-foreground">
              {data.from === data.to ? `Oggi, ${formatDay(data.to)}` : `Dal ${formatDay(data.from)} al ${formatDay(data.to)}`} · si aggiorna a ogni ordine
            </p>
          )}
        </div>
        <TabsList aria-label="Periodo">
          {STATS_PERIODS.map((p) => (
            <TabsTrigger key={p} value={p}>
              {STATS_PERIOD_LABELS[p]}
            </TabsTrigger>
          ))}
        </TabsList>
      </div>

      <TabsContent value={period} className="mt-0 grid min-w-0 gap-6 focus-visible:outline-offset-4">
        {stats.isError && !data ? (
          <Card>
            <CardContent className="flex flex-col items-start gap-3 p-6">
              <p className="text-sm">{errorMessage(stats.error, 'Impossibile caricare i numeri dello store')}</p>
              <Button variant="outline" onClick={() => void stats.refetch()}>
                <RefreshCw aria-hidden /> Riprova
              </Button>
            </CardContent>
          </Card>
        ) : !data ? (
          <HomeSkeleton />
        ) : (
          <>
            <KpiGrid totals={data.totals} busy={stats.isFetching} />
            {nothingYet && (
              <EmptyState
                icon={Store}
                title="Benvenuto nella tua dashboard!"
                description="Ancora nessun ordine: quando un cliente ordina dalla vetrina, qui vedi fatturato, ordini e visite giorno per giorno."
                action={
                  <Link to="/dashboard/products" className={buttonClasses()}>
                    <Package aria-hidden /> Gestisci prodotti
                  </Link>
                }
              />
            )}
            <div className="grid gap-4 lg:grid-cols-3">
              <div className="min-w-0 lg:col-span-2">
                <ChartCard series={data.series} />
              </div>
              <ToHandleCard toHandle={data.toHandle} />
            </div>
            <div className="grid gap-4 lg:grid-cols-3">
              <TopProductsCard products={data.topProducts} />
              <LowStockCard storeId={store.id} lowStock={data.lowStock} canEdit={can(store, 'store:settings')} />
              <LatestMessagesCard messages={data.latestMessages} />
            </div>
          </>
        )}
      </TabsContent>
    </Tabs>
  );
}
