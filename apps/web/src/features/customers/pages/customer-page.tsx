import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, MessageSquare, ReceiptText, ShoppingCart, UserX } from 'lucide-react';
import { ORDER_STATUS_LABELS, PAYMENT_STATUS_LABELS } from '@vetrina/shared';
import { plural } from '@vetrina/shared/plural';
import type { CustomerDetail } from '@vetrina/shared/customers';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadErrorState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { useActiveStore } from '@/lib/auth';
import { formatCents, formatDate, formatDateTime, formatDay } from '@/lib/format';
import { useCustomer } from '../api';
import { ConsentText } from '../components/consent-text';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon: typeof ShoppingCart; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon aria-hidden className="size-4" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

function Orders({ orders }: { orders: CustomerDetail['orders'] }) {
  return (
    <ul className="divide-y text-sm">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
          <Link to={`/dashboard/orders/${o.id}`} className="font-semibold text-primary underline-offset-4 hover:underline">
            #{o.orderNumber}
          </Link>
          <time className="text-muted-foreground" dateTime={o.createdAt}>
            {formatDateTime(o.createdAt)}
          </time>
          <span className="flex flex-wrap gap-1">
            <Badge variant={o.status === 'cancelled' ? 'danger' : 'secondary'}>{ORDER_STATUS_LABELS[o.status]}</Badge>
            <Badge variant="outline">{PAYMENT_STATUS_LABELS[o.paymentStatus]}</Badge>
          </span>
          <span className={o.status === 'cancelled' ? 'whitespace-nowrap tabular-nums line-through' : 'whitespace-nowrap font-medium tabular-nums'}>
            {formatCents(o.totalCents)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/customers/:customerKey: one shopper, their figures, orders, messages and invoices. */
export default function CustomerPage() {
  const store = useActiveStore().store!;
  const { customerKey = '' } = useParams();
  const q = useCustomer(store.id, customerKey);
  const back = (
    <Link to="/dashboard/customers" className={buttonClasses('ghost', 'sm', 'w-fit px-2')}>
      <ArrowLeft aria-hidden /> Clienti
    </Link>
  );
  if (q.isPending)
    return (
      <div className="grid gap-4" aria-busy>
        {back}
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  if (q.isError)
    return (
      <div className="grid gap-4">
        {back}
        <LoadErrorState icon={UserX} title="Impossibile caricare il cliente" error={q.error} onRetry={q.refetch} />
      </div>
    );
  const { customer: c, orders, messages, chat, invoices } = q.data;
  return (
    <div className="grid gap-6">
      <title>{`${c.name} · Clienti · Vetrina`}</title>
      <div className="grid gap-2">
        {back}
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold" title={c.name}>
            {c.name}
          </h1>
          <p className="truncate text-sm text-muted-foreground" title={c.email}>
            {c.email}
            {c.phone ? ` · ${c.phone}` : ''}
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Ordini">{c.orderCount}</Figure>
        <Figure label="Totale speso">{formatCents(c.spentCents)}</Figure>
        <Figure label="Ultimo ordine">{formatDate(c.lastOrderAt)}</Figure>
        <Figure label="Consenso marketing">
          <ConsentText at={c.marketingConsentAt} />
        </Figure>
      </dl>
      {c.cancelledCount > 0 && (
        <p className="text-sm text-muted-foreground">Più {plural(c.cancelledCount, 'ordine annullato', 'ordini annullati')}, esclusi dal totale.</p>
      )}
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Section title="Ordini" icon={ShoppingCart}>
          <Orders orders={orders} />
        </Section>
        <div className="grid content-start gap-6">
          <Section title="Messaggi" icon={MessageSquare}>
            {messages.length === 0 && !chat ? <Empty>Nessun messaggio da questo cliente.</Empty> : null}
            {chat && (
              <p className="mb-3 text-sm">
                <Link to="/dashboard/messages" className="font-medium text-primary underline-offset-4 hover:underline">
                  Chat: {plural(chat.messageCount, 'messaggio', 'messaggi')}
                </Link>
                <span className="text-muted-foreground">, l&apos;ultimo il {formatDateTime(chat.lastAt)}</span>
              </p>
            )}
            <ul className="grid gap-2 text-sm">
              {messages.map((m) => (
                <li key={m.id} className="rounded-md border p-2">
                  <p className="line-clamp-3 break-words">{m.message}</p>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {formatDateTime(m.createdAt)} · {m.answered ? 'Risposto' : 'In attesa di risposta'}
                  </p>
                </li>
              ))}
            </ul>
          </Section>
          <Section title="Fatture" icon={ReceiptText}>
            {invoices.length === 0 ? (
              <Empty>Nessuna fattura emessa per questo cliente.</Empty>
            ) : (
              <ul className="divide-y text-sm">
                {invoices.map((i) => (
                  <li key={i.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <span className="font-medium">
                      {i.kind === 'credit_note' ? 'Nota di credito' : 'Fattura'} {i.number}
                    </span>
                    <span className="text-muted-foreground">
                      {formatDay(i.date)} · ordine #{i.orderNumber}
                    </span>
                    <span className="whitespace-nowrap tabular-nums">{formatCents(i.totalCents)}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </div>
      </div>
    </div>
  );
}
