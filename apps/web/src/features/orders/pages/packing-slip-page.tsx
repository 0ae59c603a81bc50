import { Link, Navigate, useParams } from 'react-router';
import { ArrowLeft, Printer } from 'lucide-react';
import { shippedWith, type OrderDetail, type PublicBusiness } from '@vetrina/shared';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api';
import { useActiveStore } from '@/lib/auth';
import { formatDate } from '@/lib/format';
import { useOrder, useSenderDetails } from '../api';
import { orderNumber } from '../order-status';
import { plural } from '@vetrina/shared/plural';

/** A4 with margins, no browser background: what the printer gets. */
const PRINT_CSS = '@media print { @page { size: A4; margin: 14mm; } html, body { background: #fff !important; } }';

const pieces = (n: number) => plural(n, 'pezzo', 'pezzi');

/**
 * /dashboard/orders/:orderId/packing-slip — the paper that goes in the parcel: who sends, who
 * receives, what is inside (variant and quantity, never prices) and the shopper's notes. Outside
 * the dashboard's layout, so nothing but the slip is printed.
 */
export default function PackingSlipPage() {
  const { store, isLoading } = useActiveStore();
  const { orderId = '' } = useParams();
  const order = useOrder(store?.id ?? '', store ? orderId : null);
  const sender = useSenderDetails(store?.slug);
  if (!isLoading && !store) return <Navigate to="/dashboard" replace />;

  return (
    <div className="min-h-dvh bg-muted/40 px-4 py-6 print:bg-white print:p-0">
      <style>{PRINT_CSS}</style>
      <title>{order.data ? `Distinta di imballaggio ${orderNumber(order.data.orderNumber)} · Vetrina` : 'Distinta di imballaggio · Vetrina'}</title>
      <header className="mx-auto mb-4 flex max-w-3xl flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to="/dashboard/orders" className={buttonClasses('ghost', 'sm')}>
          <ArrowLeft aria-hidden /> Torna agli ordini
        </Link>
        <Button onClick={() => window.print()} disabled={!order.data}>
          <Printer aria-hidden /> Stampa
        </Button>
      </header>
      <main className="mx-auto max-w-3xl rounded-xl border bg-background p-6 shadow-sm sm:p-10 print:max-w-none print:rounded-none print:border-0 print:p-0 print:shadow-none">
        {order.isPending ? (
          <Skeleton className="h-96" />
        ) : order.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(order.error, 'Impossibile caricare l’ordine')}
          </p>
        ) : (
          <Slip storeName={store?.name ?? ''} business={sender.data} order={order.data} />
        )}
      </main>
    </div>
  );
}

function Slip({ storeName, business: b, order: o }: { storeName: string; business: PublicBusiness | undefined; order: OrderDetail }) {
  const a = o.shippingAddress;
  const total = o.items.reduce((n, i) => n + i.quantity, 0);
  const s = o.shipment;
  return (
    <article className="grid gap-8 text-sm text-foreground print:text-black" aria-labelledby="ddt-titolo">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b pb-6 print:border-black">
        <div>
          <p className="text-2xl font-bold">{storeName}</p>
          {b && (b.companyName || b.address || b.vatNumber) && (
            <address className="mt-1 not-italic leading-relaxed" aria-label="Mittente" data-testid="packing-slip-sender">
              {b.companyName && <span className="block font-medium">{b.companyName}</span>}
              {b.address && <span className="block">{b.address}</span>}
              {b.vatNumber && <span className="block">P.IVA {b.vatNumber}</span>}
            </address>
          )}
          <h1 id="ddt-titolo" className="mt-1 text-base font-semibold text-muted-foreground print:text-black">
            Distinta di imballaggio
          </h1>
        </div>
        <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-right">
          <dt className="text-muted-foreground print:text-black">Ordine</dt>
          <dd className="font-semibold">{orderNumber(o.orderNumber)}</dd>
          <dt className="text-muted-foreground print:text-black">Data</dt>
          <dd>
            <time dateTime={o.createdAt}>{formatDate(o.createdAt)}</time>
          </dd>
        </dl>
      </header>

      <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
        <section aria-labelledby="ddt-destinatario">
          <h2 id="ddt-destinatario" className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground print:text-black">
            Destinatario
          </h2>
          <address className="not-italic leading-relaxed">
            <span className="block font-medium">{o.customerName}</span>
            <span className="block">{a.street}</span>
            <span className="block">
              {a.postalCode} {a.city}
              {a.province ? ` (${a.province})` : ''}
            </span>
            <span className="block">{a.country}</span>
            {o.customerPhone && <span className="block">Tel. {o.customerPhone}</span>}
          </address>
        </section>
        <section aria-labelledby="ddt-cliente">
          <h2 id="ddt-cliente" className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground print:text-black">
            Cliente
          </h2>
          <p className="font-medium">{o.customerName}</p>
          <p className="break-all">{o.customerEmail}</p>
          {s?.carrier && (
            <p className="mt-3">
              {shippedWith(s.carrier)}
              {s.trackingNumber && <span className="block font-mono">Tracking: {s.trackingNumber}</span>}
            </p>
          )}
        </section>
      </div>

      <table className="w-full border-collapse">
        <caption className="sr-only">Contenuto del pacco</caption>
        <thead>
          <tr className="border-b-2 text-left text-xs uppercase tracking-wide text-muted-foreground print:border-black print:text-black">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Articolo
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Variante
            </th>
            <th scope="col" className="w-24 py-2 text-right font-semibold">
              Quantità
            </th>
          </tr>
        </thead>
        <tbody>
          {o.items.map((i) => (
            <tr key={i.id} className="break-inside-avoid border-b print:border-neutral-400" data-testid="packing-slip-item">
              <td className="py-2 pr-3 font-medium">{i.title}</td>
              <td className="py-2 pr-3">{i.variantLabel ?? '—'}</td>
              <td className="py-2 text-right tabular-nums">{i.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2} className="pt-3 text-right font-semibold">
              Totale pezzi
            </th>
            <td className="pt-3 text-right font-semibold tabular-nums">{pieces(total)}</td>
          </tr>
        </tfoot>
      </table>

      <section aria-labelledby="ddt-note" className="break-inside-avoid">
        <h2 id="ddt-note" className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground print:text-black">
          Note del cliente
        </h2>
        <p className="whitespace-pre-line">{o.notes || 'Nessuna nota'}</p>
      </section>

      <footer className="mt-8 grid grid-cols-2 gap-10 break-inside-avoid pt-6 text-xs text-muted-foreground print:text-black">
        <p className="border-t pt-2 print:border-black">Firma del mittente</p>
        <p className="border-t pt-2 print:border-black">Firma del destinatario</p>
      </footer>
    </article>
  );
}
