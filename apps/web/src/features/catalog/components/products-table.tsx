import { Link } from 'react-router';
import { ImageOff } from 'lucide-react';
import type { ProductListItem } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { DataTable, selectionColumn, useDataTable, type DataColumn, type Selection, type TableSort } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { formatCents, formatDate } from '@/lib/format';
import { ProductStatusBadge } from './product-status-badge';

const columns: DataColumn<ProductListItem>[] = [
  selectionColumn('Seleziona tutti i prodotti della pagina', (p) => p.title),
  {
    id: 'image',
    enableSorting: false,
    meta: { className: 'w-14' },
    header: () => <span className="sr-only">Immagine</span>,
    cell: ({ row }) =>
      row.original.cover ? (
        <img src={row.original.cover.thumbUrl} alt="" loading="lazy" decoding="async" className="size-10 rounded-md border object-cover" />
      ) : (
        <span className="flex size-10 items-center justify-center rounded-md border bg-muted text-muted-foreground">
          <ImageOff className="size-4" aria-hidden />
          <span className="sr-only">Nessuna immagine</span>
        </span>
      ),
  },
  {
    id: 'title',
    header: 'Prodotto',
    meta: { rowHeader: true, className: 'min-w-56 max-w-80' },
    cell: ({ row }) => (
      <div className="min-w-0">
        <Link
          to={`/dashboard/products/${row.original.id}/edit`}
          className="block truncate font-medium text-foreground hover:text-primary hover:underline"
          title={row.original.title}
        >
          {row.original.title}
        </Link>
        <span className="block truncate font-mono text-xs text-muted-foreground">{row.original.sku}</span>
      </div>
    ),
  },
  {
    id: 'category',
    header: 'Categoria',
    enableSorting: false,
    meta: { className: 'max-w-40' },
    cell: ({ row }) => <span className="block truncate">{row.original.category?.name ?? 'Senza categoria'}</span>,
  },
  {
    id: 'price',
    header: 'Prezzo',
    meta: { className: 'text-right' },
    cell: ({ row }) => (
      <span className="whitespace-nowrap tabular-nums">
        {formatCents(row.original.priceCents)}
        {row.original.compareAtCents !== null && row.original.compareAtCents > row.original.priceCents && (
          <s className="ml-1.5 text-xs text-muted-foreground">
            <span className="sr-only">Prezzo pieno </span>
            {formatCents(row.original.compareAtCents)}
          </s>
        )}
      </span>
    ),
  },
  {
    id: 'stock',
    header: 'Stock',
    meta: { className: 'text-right' },
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        <span className={cn('tabular-nums', row.original.stock === 0 && 'font-medium text-destructive')}>{row.original.stock} pz</span>
        {row.original.variantCount > 0 && (
          <span className="block text-xs text-muted-foreground">{plural(row.original.variantCount, 'variante', 'varianti')}</span>
        )}
      </span>
    ),
  },
  { id: 'status', header: 'Stato', cell: ({ row }) => <ProductStatusBadge status={row.original.status} /> },
  {
    id: 'updated',
    header: 'Aggiornato',
    meta: { firstDir: 'desc', className: 'whitespace-nowrap' },
    cell: ({ row }) => <time dateTime={row.original.updatedAt}>{formatDate(row.original.updatedAt)}</time>,
  },
];

/** The products table (docs/decisions/0027-back-office-tables.md): one page, sorted by the server. */
export function ProductsTable(props: {
  items: ProductListItem[];
  sort: TableSort | null;
  onSort: (sort: TableSort) => void;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
  busy: boolean;
}) {
  const table = useDataTable({
    data: props.items,
    columns,
    rowId: (p) => p.id,
    sort: props.sort,
    selection: props.selection,
    onSelectionChange: props.onSelectionChange,
  });
  return <DataTable table={table} caption="Prodotti del catalogo" onSort={props.onSort} busy={props.busy} rowTestId="product-row" />;
}
