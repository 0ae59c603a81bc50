import { useState } from 'react';
import { Link } from 'react-router';
import { can, type OrderDetail } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { formatCents, formatDate } from '@/lib/format';
import { leftToRefund } from '@/lib/refund-form';
import { returnNumber, useOrderRefunds, useOrderReturns } from '@/lib/returns';
import { OpenReturnDialog } from '@/components/returns/open-return-dialog';
import { RefundDialog } from '@/components/returns/refund-dialog';
import { RefundList } from '@/components/returns/refund-list';
import { ReturnStatusBadge } from '@/components/returns/return-badges';

type Member = Parameters<typeof can>[0];

/** The order page's 'Resi e rimborsi': its returns (links), its refunds, 'Apri un reso' and 'Rimborsa'. */
export function OrderReturns({ storeId, member, order }: { storeId: string; member: Member; order: OrderDetail }) {
  const [open, setOpen] = useState<'return' | 'refund' | null>(null);
  const returns = useOrderReturns(storeId, order.id);
  const refunds = useOrderRefunds(storeId, order.id);
  const canReturn = can(member, 'orders:write') && order.status !== 'cancelled';
  const refundable = refunds.data?.refundable;
  const canRefund = can(member, 'refunds:write') && Boolean(refundable?.paid) && refundable !== undefined && leftToRefund(refundable).totalCents > 0;
  const loading = returns.isPending || refunds.isPending;
  const empty = returns.data?.length === 0 && refunds.data?.refunds.length === 0;
  return (
    <section aria-labelledby="resi-ordine" className="grid gap-3" data-testid="order-returns">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="resi-ordine" className="text-base font-semibold">
          Resi e rimborsi
        </h2>
        <div className="flex flex-wrap gap-2">
          {canReturn && (
            <Button variant="outline" size="sm" onClick={() => setOpen('return')}>
              Apri un reso
            </Button>
          )}
          {canRefund && (
            <Button variant="outline" size="sm" onClick={() => setOpen('refund')}>
              Rimborsa
            </Button>
          )}
        </div>
      </div>
      {loading ? (
        <Skeleton className="h-12" />
      ) : returns.isError || refunds.isError ? (
        <p className="text-sm text-destructive">{errorMessage(returns.error ?? refunds.error, 'Impossibile caricare resi e rimborsi')}</p>
      ) : empty ? (
        <p className="text-sm text-muted-foreground">Nessun reso o rimborso per questo ordine.</p>
      ) : (
        <>
          {returns.data && returns.data.length > 0 && (
            <ul className="grid gap-2" aria-label="Resi dell’ordine">
              {returns.data.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 text-sm" data-testid="order-return">
                  <Link to={`/dashboard/returns/${r.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    Reso {returnNumber(r.number)}
                  </Link>
                  <span className="flex items-center gap-2 text-xs text-muted-foreground">
                    {plural(r.units, 'articolo', 'articoli')} · {formatDate(r.createdAt)}
                    <ReturnStatusBadge status={r.status} />
                  </span>
                </li>
              ))}
            </ul>
          )}
          {refunds.data && refunds.data.refunds.length > 0 && (
            <div className="grid gap-2 border-t pt-3 text-sm">
              <p className="flex flex-wrap justify-between gap-2 text-muted-foreground">
                <span>Rimborsato finora</span>
                <span className="font-medium tabular-nums text-foreground">
                  {formatCents(refunds.data.refunds.filter((f) => f.status !== 'failed').reduce((s, f) => s + f.amountCents, 0))}
                </span>
              </p>
              <RefundList storeId={storeId} orderId={order.id} refunds={refunds.data.refunds} canRetry={can(member, 'refunds:write')} />
            </div>
          )}
        </>
      )}
      {open === 'return' && (
        <OpenReturnDialog storeId={storeId} orderId={order.id} number={order.orderNumber} items={order.items} onClose={() => setOpen(null)} />
      )}
      {open === 'refund' && <RefundDialog storeId={storeId} orderId={order.id} number={order.orderNumber} onClose={() => setOpen(null)} />}
    </section>
  );
}
