import { useMemo } from 'react';
import { Link } from 'react-router';
import { PAYMENT_METHOD_LABELS, type OrderSummary } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { DataTable, selectionColumn, useDataTable, type DataColumn, type Selection, type TableSort } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/format';
import { orderNumber } from '../order-status';
import { ConfirmationBadge } from './confirmation-badge';
import { OrderNetTotal } from './order-net-total';
import { OrderStatusBadge } from './order-status-badge';
import { PaymentStatusBadge } from './payment-status-badge';

/** `fromList`: the list's address with its filters, where the order page's 'Ordini' goes back to. */
function columnsFor(fromList: string): DataColumn<OrderSummary>[] {
  return [
    selectionColumn('Seleziona tutti gli ordini della pagina', (o) => `l'ordine ${orderNumber(o.orderNumber)}`),
    {
      id: 'number',
      header: 'Ordine',
      meta: { rowHeader: true, firstDir: 'desc', className: 'whitespace-nowrap' },
      cell: ({ row }) => (
        <Link
          to={`/dashboard/orders/${row.original.id}`}
          state={{ fromList }}
          aria-label={`Dettagli dell'ordine ${orderNumber(row.original.orderNumber)}`}
          className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {orderNumber(row.original.orderNumber)}
        </Link>
      ),
    },
    {
      id: 'date',
      header: 'Data',
      meta: { firstDir: 'desc', className: 'whitespace-nowrap' },
      cell: ({ row }) => <time dateTime={row.original.createdAt}>{formatDateTime(row.original.createdAt)}</time>,
    },
    {
      id: 'customer',
      header: 'Cliente',
      meta: { className: 'min-w-48 max-w-64' },
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
      id: 'total',
      header: 'Totale',
      meta: { firstDir: 'desc', className: 'text-right' },
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          <OrderNetTotal order={row.original} />
          <span className="block text-xs text-muted-foreground">{plural(row.original.itemCount, 'articolo', 'articoli')}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Stato',
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5">
          <OrderStatusBadge status={row.original.status} />
          <ConfirmationBadge order={row.original} />
        </span>
      ),
    },
    {
      id: 'payment',
      header: 'Pagamento',
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-0.5">
          <PaymentStatusBadge status={row.original.paymentStatus} />
          <span className="whitespace-nowrap text-xs text-muted-foreground">{PAYMENT_METHOD_LABELS[row.original.paymentMethod]}</span>
        </span>
      ),
    },
  ];
}

/** The orders table (docs/decisions/0027-back-office-tables.md): one page, sorted by the server; the number opens the order's page. */
export function OrdersTable(props: {
  items: OrderSummary[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  fromList: string;
  busy: boolean;
}) {
  const { fromList } = props;
  const columns = useMemo(() => columnsFor(fromList), [fromList]);
  const table = useDataTable({
    data: props.items,
    columns,
    rowId: (o) => o.id,
    sort: props.sort,
    selection: props.selection,
    onSelectionChange: props.onSelectionChange,
  });
  return <DataTable table={table} caption="Ordini dello store" onSort={props.onSort} busy={props.busy} rowTestId="order-table-row" />;
}
