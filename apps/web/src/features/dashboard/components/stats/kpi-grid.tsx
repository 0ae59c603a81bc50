import type { ComponentType } from 'react';
import { Banknote, Eye, Package, Percent, Receipt, ShoppingCart, Wallet } from 'lucide-react';
import type { DashboardStats } from '@vetrina/shared/stats';
import { Card } from '@/components/ui/card';
import { formatCents } from '@/lib/format';
import { formatCount, formatMoneyOrDash, formatRate } from '../../stats-format';

interface Kpi {
  label: string;
  value: string;
  hint: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

function kpisOf(t: DashboardStats['totals']): Kpi[] {
  return [
    { label: 'Fatturato', value: formatCents(t.revenueCents), hint: 'Ordini ricevuti, esclusi gli annullati', icon: Banknote },
    { label: 'Incassato', value: formatCents(t.paidCents), hint: 'Di questi ordini, quelli pagati (esclusi i rimborsati)', icon: Wallet },
    { label: 'Ordini', value: formatCount(t.orders), hint: 'Esclusi gli annullati', icon: ShoppingCart },
    { label: 'Valore medio ordine', value: formatMoneyOrDash(t.averageOrderCents), hint: 'Fatturato diviso per gli ordini', icon: Receipt },
    { label: 'Articoli venduti', value: formatCount(t.units), hint: 'Pezzi negli ordini non annullati', icon: Package },
    { label: 'Visite', value: formatCount(t.visits), hint: 'Visitatori unici della vetrina, giorno per giorno', icon: Eye },
    { label: 'Tasso di conversione', value: formatRate(t.conversionRate), hint: 'Ordini diviso per le visite', icon: Percent },
  ];
}

/**
 * The period's key figures, it-IT formatted; each says in a line what it counts. A figure is never
 * cut: three columns until the sidebar leaves room for four, and a long one wraps at its space.
 */
export function KpiGrid({ totals, busy }: { totals: DashboardStats['totals']; busy: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-busy={busy}>
      {kpisOf(totals).map((k) => (
        <Card key={k.label} className="flex min-w-0 flex-col gap-1 p-4" title={k.hint}>
          <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
            <k.icon className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{k.label}</span>
          </dt>
          <dd className="break-words text-lg font-semibold tabular-nums min-[400px]:text-xl md:text-lg lg:text-xl xl:text-2xl" data-testid={`kpi-${k.label}`}>
            {k.value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
