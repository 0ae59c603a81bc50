import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  functionalUpdate,
  rowSelectionFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type Header,
  type ReactTable,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import { cn } from '@/lib/cn';
import { Checkbox } from './checkbox';

export interface DataColumnMeta {
  /** Classes of the column's header and cells (alignment, width). */
  className?: string;
  /** The direction of a first click on its header (dates and amounts: newest or largest first). */
  firstDir?: 'asc' | 'desc';
  /** The cell names its row for assistive technology (`<th scope="row">`). */
  rowHeader?: boolean;
}

/** Sorting and row selection only: rows arrive sorted and paged by the server. */
const features = tableFeatures({ rowSortingFeature, rowSelectionFeature, columnMeta: {} as DataColumnMeta });
type Features = typeof features;
export type DataColumn<T extends RowData> = ColumnDef<Features, T>;
export type DataTableInstance<T extends RowData> = ReactTable<Features, T>;
export type Selection = RowSelectionState;
export interface TableSort {
  id: string;
  desc: boolean;
}

/** The first column: 'Seleziona tutti …' in the header, 'Seleziona «name»' on each row. */
export function selectionColumn<T extends RowData>(allLabel: string, rowLabel: (row: T) => string): DataColumn<T> {
  return {
    id: 'select',
    enableSorting: false,
    meta: { className: 'w-10' },
    header: ({ table }) => (
      <Checkbox
        aria-label={allLabel}
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => <Checkbox aria-label={`Seleziona ${rowLabel(row.original)}`} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />,
  };
}

/** A table of one page of rows, sorted on the server, with the selection held by the page (the bulk actions read it). */
export function useDataTable<T extends RowData>(opts: {
  data: T[];
  columns: DataColumn<T>[];
  rowId: (row: T) => string;
  sort: TableSort | null;
  selection: Selection;
  onSelectionChange: (next: Selection) => void;
}): DataTableInstance<T> {
  return useTable({
    features,
    data: opts.data,
    columns: opts.columns,
    getRowId: opts.rowId,
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting: opts.sort ? [opts.sort] : [], rowSelection: opts.selection },
    onRowSelectionChange: (updater) => opts.onSelectionChange(functionalUpdate(updater, opts.selection)),
  });
}

const ariaSort = (dir: false | 'asc' | 'desc') => (dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined);

function HeaderCell<T extends RowData>({
  table,
  header,
  onSort,
}: {
  table: DataTableInstance<T>;
  header: Header<Features, T>;
  onSort: (sort: TableSort) => void;
}) {
  const column = header.column;
  const meta = column.columnDef.meta;
  // The rows are sorted by the server, so a column needs no accessor to sort: every column does
  // unless it says `enableSorting: false`.
  const sortable = column.columnDef.enableSorting !== false;
  const sorted = sortable ? column.getIsSorted() : false;
  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
  const next = () => onSort({ id: column.id, desc: sorted ? sorted === 'asc' : meta?.firstDir === 'desc' });
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={ariaSort(sorted)} className={cn('whitespace-nowrap px-3 py-2.5 text-left font-medium', meta?.className)}>
      {sortable ? (
        <button
          type="button"
          onClick={next}
          className={cn(
            'inline-flex items-center gap-1 rounded-sm uppercase hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            sorted && 'text-foreground',
          )}
        >
          {label}
          <Icon aria-hidden className="size-3.5" />
        </button>
      ) : (
        label
      )}
    </th>
  );
}

/**
 * A dense table (docs/decisions/0027-back-office-tables.md): a real <table> with a caption, column
 * headers, sortable headers as buttons carrying aria-sort, and a row header per row. It scrolls
 * inside its own frame on narrow screens; the page never scrolls sideways.
 */
export function DataTable<T extends RowData>({
  table,
  caption,
  onSort,
  busy,
  rowTestId,
  minWidth = 'min-w-[760px]',
}: {
  table: DataTableInstance<T>;
  caption: string;
  onSort: (sort: TableSort) => void;
  busy?: boolean;
  rowTestId?: string;
  minWidth?: string;
}): ReactNode {
  return (
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      // Relative: visually hidden labels (absolutely positioned) stay inside the scrolling frame instead of widening the page.
      className="relative overflow-x-auto rounded-lg border bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className={cn('w-full text-sm transition-opacity', minWidth, busy && 'opacity-60')} aria-busy={busy || undefined}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <HeaderCell key={header.id} table={table} header={header} onSort={onSort} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y">
          {table.getRowModel().rows.map((row) => (
            <tr
              key={row.id}
              data-testid={rowTestId}
              data-selected={row.getIsSelected() || undefined}
              className={cn('hover:bg-muted/40', row.getIsSelected() && 'bg-accent/60')}
            >
              {row.getAllCells().map((cell) => {
                const meta = cell.column.columnDef.meta;
                const Cell = meta?.rowHeader ? 'th' : 'td';
                return (
                  <Cell
                    key={cell.id}
                    scope={meta?.rowHeader ? 'row' : undefined}
                    className={cn('px-3 py-2 text-left align-middle font-normal', meta?.className)}
                  >
                    <table.FlexRender cell={cell} />
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
