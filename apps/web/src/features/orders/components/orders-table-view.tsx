import { useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import type { OrderBulkFailure, OrdersPage } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { Pagination } from '@/components/ui/pagination';
import type { Selection, TableSort } from '@/components/ui/data-table';
import type { OrdersFilter } from '../api';
import { OrderBulkBar } from './order-bulk-bar';
import { OrderBulkFailures } from './order-bulk-failures';
import { OrdersTable } from './orders-table';

/** 'Vista tabella' of the orders: the page's rows sorted by the server, ticked rows for the bulk actions. */
export function OrdersTableView({
  storeId,
  data,
  filter,
  busy,
  onSort,
  onPage,
}: {
  storeId: string;
  data: OrdersPage;
  filter: OrdersFilter;
  busy: boolean;
  onSort: (sort: TableSort) => void;
  onPage: (page: number) => void;
}) {
  const { pathname, search } = useLocation();
  const [selection, setSelection] = useState<Selection>({});
  const [failures, setFailures] = useState<OrderBulkFailure[]>([]);
  // Another page, sort or filter shows other rows: what was ticked is no longer in view.
  const view = JSON.stringify(filter);
  useEffect(() => setSelection({}), [view]);
  const ids = useMemo(() => data.items.filter((o) => selection[o.id]).map((o) => o.id), [data, selection]);
  // Without a sort the list is newest first: the date column says so.
  const sort = filter.sort ? { id: filter.sort, desc: filter.dir === 'desc' } : { id: 'date', desc: true };
  return (
    <>
      <OrderBulkFailures failures={failures} onClose={() => setFailures([])} />
      {ids.length > 0 ? (
        <OrderBulkBar storeId={storeId} ids={ids} onDone={() => setSelection({})} onFailures={setFailures} />
      ) : (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {plural(data.total, 'ordine', 'ordini')}
        </p>
      )}
      <OrdersTable
        items={data.items}
        sort={sort}
        onSort={onSort}
        selection={selection}
        onSelectionChange={setSelection}
        fromList={pathname + search}
        busy={busy}
      />
      <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} label="Pagine degli ordini" />
    </>
  );
}
