import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { BackLink, DetailPageStates } from '@/components/detail-page';
import { Card } from '@/components/ui/card';
import { useActiveStore } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { orderRef as orderNumber } from '@/lib/returns';
import { useReturn } from '../api';
import { returnNumber } from '../return-status';
import { ReturnActions } from '../components/return-actions';
import { ReturnStatusBadge } from '@/components/returns/return-badges';
import { ReturnLines } from '../components/return-lines';
import { ReturnRefunds } from '../components/return-refunds';
import { ReturnTimeline } from '../components/return-timeline';

const Panel = ({ children, className }: { children: ReactNode; className?: string }) => (
  <Card className={cn('grid gap-4 p-4 sm:p-5', className)}>{children}</Card>
);

const Block = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="grid gap-1">
    <h2 className="text-base font-semibold">{title}</h2>
    {children}
  </section>
);

/** /dashboard/returns/:returnId — one return: its lines, the shopper's reason, the dates, and the next step. */
export default function ReturnPage() {
  const store = useActiveStore().store!;
  const { returnId = '' } = useParams();
  const back = (useLocation().state as { fromList?: string } | null)?.fromList ?? '/dashboard/returns';
  const query = useReturn(store.id, returnId);
  const r = query.data;
  const backLink = <BackLink to={back}>Resi</BackLink>;
  if (query.isPending || query.isError || !r) return <DetailPageStates back={backLink} query={query} errorTitle="Impossibile caricare il reso" />;
  return (
    <div className="grid min-w-0 gap-6">
      <title>{`Reso ${returnNumber(r.number)} · Vetrina`}</title>
      <div className="grid gap-2">
        {backLink}
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold">Reso {returnNumber(r.number)}</h1>
          <ReturnStatusBadge status={r.status} />
        </div>
        <p className="text-sm text-muted-foreground">
          {r.origin === 'shopper' ? 'Recesso del cliente' : 'Aperto dal team'} il <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time> per l’ordine{' '}
          <Link to={`/dashboard/orders/${r.orderId}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {orderNumber(r.orderNumber)}
          </Link>
        </p>
      </div>
      <div className="grid min-w-0 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 gap-6">
          <Panel>
            <h2 className="text-base font-semibold">Articoli</h2>
            <ReturnLines ret={r} />
            <ReturnActions storeId={store.id} member={store} ret={r} />
          </Panel>
          <Panel className="text-sm">
            <Block title="Motivo del cliente">
              <p className="whitespace-pre-line break-words">{r.reason || 'Nessun motivo indicato'}</p>
            </Block>
            <Block title="Messaggi del cliente">
              {r.messages.length === 0 ? (
                <p className="text-muted-foreground">Nessun messaggio da questo indirizzo.</p>
              ) : (
                <ul className="grid gap-3" data-testid="return-messages">
                  {r.messages.map((m) => (
                    <li key={m.id} className="grid gap-1 rounded-md border p-3">
                      <time dateTime={m.createdAt} className="text-xs text-muted-foreground">
                        {formatDateTime(m.createdAt)}
                      </time>
                      <p className="whitespace-pre-line break-words">{m.body}</p>
                      {m.response && <p className="whitespace-pre-line break-words border-l-2 pl-2 text-muted-foreground">Risposta: {m.response}</p>}
                    </li>
                  ))}
                </ul>
              )}
              <Link to="/dashboard/messages" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                Apri Messaggi
              </Link>
            </Block>
            {r.rejectReason && (
              <Block title="Motivo del rifiuto">
                <p className="whitespace-pre-line break-words">{r.rejectReason}</p>
                <p className="text-xs text-muted-foreground">Inviato al cliente per e-mail.</p>
              </Block>
            )}
          </Panel>
          <ReturnRefunds storeId={store.id} ret={r} />
        </div>
        <aside className="grid min-w-0 gap-6" aria-label="Cliente e cronologia">
          <Panel className="text-sm">
            <Block title="Cliente">
              <p className="break-words font-medium">{r.customerName}</p>
              <a href={`mailto:${r.customerEmail}`} className="break-all text-primary underline-offset-4 hover:underline">
                {r.customerEmail}
              </a>
            </Block>
            <Block title="IBAN per il rimborso">
              <p className={r.refundIban ? 'break-all font-mono' : 'text-muted-foreground'}>{r.refundIban ?? 'Non indicato'}</p>
            </Block>
          </Panel>
          <Panel>
            <ReturnTimeline ret={r} />
          </Panel>
        </aside>
      </div>
    </div>
  );
}
