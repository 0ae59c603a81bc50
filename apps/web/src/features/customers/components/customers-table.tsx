import { useMemo } from 'react';
import { Link } from 'react-router';
import type { CustomerSummary } from '@vetrina/shared/customers';
import { DataTable, useDataTable, type DataColumn, type TableSort } from '@/components/ui/data-table';
import { formatCents, formatDateTime } from '@/lib/format';
import { ConsentText } from './consent-text';

const columns: DataColumn<CustomerSummary>[] = [
  {
    id: 'name',
    header: 'Cliente',
    meta: { rowHeader: true, className: 'min-w-48 max-w-72' },
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link
          to={`/dashboard/customers/${row.original.key}`}
          className="block truncate rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          title={row.original.name}
        >
          {row.original.name}
        </Link>
        <span className="block truncate text-xs text-muted-foreground" title={row.original.email}>
          {row.original.email}
        </span>
      </div>
    ),
  },
  {
    id: 'orders',
    header: 'Ordini',
    meta: { firstDir: 'desc', className: 'text-right' },
    cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.orderCount}</span>,
  },
  {
    id: 'spent',
    header: 'Totale speso',
    meta: { firstDir: 'desc', className: 'text-right' },
    cell: ({ row }) => <span className="whitespace-nowrap font-medium tabular-nums">{formatCents(row.original.spentCents)}</span>,
  },
  {
    id: 'last',
    header: 'Ultimo ordine',
    meta: { firstDir: 'desc', className: 'whitespace-nowrap' },
    cell: ({ row }) => <time dateTime={row.original.lastOrderAt}>{formatDateTime(row.original.lastOrderAt)}</time>,
  },
  {
    id: 'consent',
    // Sortable headers are uppercase buttons; this one is plain text, so it says it itself.
    header: () => <span className="uppercase">Consenso marketing</span>,
    enableSorting: false,
    meta: { className: 'whitespace-nowrap' },
    cell: ({ row }) => <ConsentText at={row.original.marketingConsentAt} />,
  },
];

/** 'Clienti' as a table: one page, sorted by the server; the name opens the customer. */
export function CustomersTable(props: { items: CustomerSummary[]; sort: TableSort; onSort: (sort: TableSort) => void; busy: boolean }) {
  const selection = useMemo(() => ({}), []);
  const table = useDataTable({ data: props.items, columns, rowId: (c) => c.key, sort: props.sort, selection, onSelectionChange: () => {} });
  return <DataTable table={table} caption="Clienti dello store" onSort={props.onSort} busy={props.busy} rowTestId="customer-row" minWidth="min-w-[680px]" />;
}
