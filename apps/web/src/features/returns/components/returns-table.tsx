import { Link, useLocation } from 'react-router';
import type { ReturnSummary } from '@vetrina/shared/returns-admin';
import { plural } from '@vetrina/shared/plural';
import { DataTable, useDataTable, type DataColumn } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { orderRef as orderNumber } from '@/lib/returns';
import { returnNumber } from '../return-status';
import { ReturnStatusBadge } from '@/components/returns/return-badges';

const linkClass =
  'rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';
const units = (n: number) => plural(n, 'articolo', 'articoli');

const columns: DataColumn<ReturnSummary>[] = [
  {
    id: 'number',
    header: 'Reso n.',
    enableSorting: false,
    meta: { rowHeader: true, className: 'whitespace-nowrap' },
    cell: ({ row }) => (
      <Link to={`/dashboard/returns/${row.original.id}`} className={linkClass} aria-label={`Dettagli del reso ${returnNumber(row.original.number)}`}>
        {row.original.number}
      </Link>
    ),
  },
  {
    id: 'order',
    header: 'Ordine #',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => (
      <Link to={`/dashboard/orders/${row.original.orderId}`} className={linkClass}>
        {orderNumber(row.original.orderNumber)}
      </Link>
    ),
  },
  {
    id: 'customer',
    header: 'Cliente',
    enableSorting: false,
    meta: { className: 'min-w-48 max-w-72' },
    cell: ({ row }) => (
      <div className="min-w-0">
        <span className="block truncate font-medium" title={row.original.customerName}>
          {row.original.customerName}
        </span>
        <span className="block truncate text-xs text-muted-foreground" title={row.original.customerEmail}>
          {row.original.customerEmail}
        </span>
      </div>
    ),
  },
  {
    id: 'units',
    header: 'Articoli',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap tabular-nums' },
    cell: ({ row }) => units(row.original.units),
  },
  {
    id: 'status',
    header: 'Stato',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-col items-start gap-0.5">
        <ReturnStatusBadge status={row.original.status} />
        {row.original.origin === 'team' && <span className="text-xs text-muted-foreground">Aperto dal team</span>}
      </span>
    ),
  },
  {
    id: 'date',
    header: 'Data',
    enableSorting: false,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDateTime(row.original.createdAt)}</time>,
  },
];

/** The returns as a dense table (from 768 px). */
export function ReturnsTable({ items, busy }: { items: ReturnSummary[]; busy: boolean }) {
  const table = useDataTable({ data: items, columns, rowId: (r) => r.id, sort: null, selection: {}, onSelectionChange: () => {} });
  return <DataTable table={table} caption="Resi dello store" onSort={() => {}} busy={busy} rowTestId="return-row" minWidth="min-w-[720px]" />;
}

/** The returns as cards (phones). */
export function ReturnCards({ items, busy }: { items: ReturnSummary[]; busy: boolean }) {
  const { pathname, search } = useLocation();
  return (
    <ul className={busy ? 'grid grid-cols-1 gap-3 opacity-60' : 'grid grid-cols-1 gap-3'}>
      {items.map((r) => (
        <li key={r.id} className="relative min-w-0 rounded-xl border bg-background p-4 shadow-xs" data-testid="return-card">
          <div className="flex items-start justify-between gap-3">
            <Link
              to={`/dashboard/returns/${r.id}`}
              state={{ fromList: pathname + search }}
              className="font-semibold after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
            >
              Reso {returnNumber(r.number)}
            </Link>
            <ReturnStatusBadge status={r.status} />
          </div>
          <p className="mt-1 truncate text-sm font-medium" title={r.customerName}>
            {r.customerName}
          </p>
          <p className="text-sm text-muted-foreground">
            Ordine {orderNumber(r.orderNumber)} · {units(r.units)} · <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
          </p>
        </li>
      ))}
    </ul>
  );
}
