import { formatCents } from '@/lib/format';

const kpis = [
  { label: 'Vendite oggi', value: formatCents(128450) },
  { label: 'Ordini', value: '37' },
  { label: 'Conversione', value: '3,4%' },
];
const bars = [38, 52, 45, 61, 58, 74, 68, 83, 77, 92];
const orders = [
  { id: '#1042', customer: 'Chiara B.', total: 5490, status: 'Pagato' },
  { id: '#1041', customer: 'Luca M.', total: 12900, status: 'Spedito' },
  { id: '#1040', customer: 'Anna R.', total: 3200, status: 'Pagato' },
];

/** A drawn sample of the dashboard: decoration only, hidden from assistive technology. */
export function HeroPreview() {
  return (
    <div aria-hidden className="hidden select-none lg:block">
      <div className="rounded-xl border bg-card p-5 shadow-xl shadow-violet-500/10">
        <div className="flex items-center justify-between">
          <p className="text-sm font-semibold">Panoramica</p>
          <span className="rounded-md bg-muted px-2 py-1 text-xs text-zinc-600">Oggi</span>
        </div>
        <div className="mt-4 grid grid-cols-3 gap-3">
          {kpis.map((kpi) => (
            <div key={kpi.label} className="rounded-lg border p-3">
              <p className="text-xs text-muted-foreground">{kpi.label}</p>
              <p className="mt-1 text-lg font-semibold tabular-nums">{kpi.value}</p>
            </div>
          ))}
        </div>
        <div className="mt-4 flex h-28 items-end gap-2 rounded-lg border p-3">
          {bars.map((height, i) => (
            <div key={i} className="flex-1 rounded-sm bg-violet-500/80" style={{ height: `${height}%` }} />
          ))}
        </div>
        <ul className="mt-4 divide-y rounded-lg border text-sm">
          {orders.map((order) => (
            <li key={order.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="font-medium tabular-nums">{order.id}</span>
              <span className="flex-1 text-muted-foreground">{order.customer}</span>
              <span className="tabular-nums">{formatCents(order.total)}</span>
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-800">{order.status}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
