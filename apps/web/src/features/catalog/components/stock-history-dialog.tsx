import { useState } from 'react';
import { History } from 'lucide-react';
import { plural } from '@vetrina/shared/plural';
import { signedChange, stockMovementFigure, stockMovementLabel, type StockMovement } from '@vetrina/shared/stock-history';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useStockHistory } from '../api/stock-history';

function MovementRow({ m }: { m: StockMovement }) {
  const figure = stockMovementFigure(m);
  // The manual edit names its member in the label; other changes made by a member say so below.
  const by = m.actor && m.reason !== 'manual' ? ` · ${m.actor.email}` : '';
  return (
    <li className="flex items-start justify-between gap-4 py-3" data-testid="stock-movement">
      <div className="min-w-0">
        <p className="break-words text-sm font-medium">{stockMovementLabel(m)}</p>
        <p className="break-words text-xs text-muted-foreground">
          <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
          {by}
        </p>
        <p className="text-xs text-muted-foreground">
          In magazzino {m.qtyAfter} · Riservate {m.reservedAfter}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={cn('text-base font-semibold tabular-nums', figure.change > 0 ? 'text-emerald-700' : figure.change < 0 ? 'text-destructive' : '')}>
          {signedChange(figure.change)}
        </p>
        <p className="text-xs text-muted-foreground tabular-nums">
          {figure.of === 'available' ? plural(figure.after, 'disponibile', 'disponibili') : `${figure.after} in magazzino`}
        </p>
      </div>
    </li>
  );
}

/** The 'Storico' of one sellable unit: who changed its quantities, when and why, newest first. */
export function StockHistoryDialog({ storeId, unit, onClose }: { storeId: string; unit: { id: string; label: string } | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useStockHistory(storeId, unit?.id ?? null, page);
  const data = history.data;
  const close = () => {
    setPage(1);
    onClose();
  };
  return (
    <Dialog open={unit !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Storico</DialogTitle>
          <DialogDescription className="break-words">{unit?.label}</DialogDescription>
        </DialogHeader>
        {history.isLoading ? (
          <Skeleton className="h-48" aria-busy />
        ) : history.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p>{errorMessage(history.error, 'Impossibile caricare lo storico')}</p>
            <Button variant="outline" size="sm" onClick={() => history.refetch()}>
              Riprova
            </Button>
          </div>
        ) : !data?.items.length ? (
          <EmptyState icon={History} title="Nessun movimento registrato" description="Le modifiche alle quantità e gli ordini compariranno qui." />
        ) : (
          <>
            <ul className="divide-y" aria-label="Movimenti di magazzino" aria-busy={history.isFetching}>
              {data.items.map((m) => (
                <MovementRow key={m.id} m={m} />
              ))}
            </ul>
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} label="Pagine dello storico" />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
