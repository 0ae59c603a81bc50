import type { Invoice } from '@vetrina/shared/invoices';
import { InvoiceFileActions } from '@/components/invoices/invoice-file-actions';
import { cn } from '@/lib/cn';
import { formatCents, formatDay } from '@/lib/format';
import { INVOICE_KIND_LABELS } from '@/lib/invoices';

const HEADERS = ['Numero', 'Tipo', 'Data', 'Ordine #', 'Cliente', 'Imponibile', 'IVA', 'Totale'] as const;
const AMOUNT = new Set<string>(['Imponibile', 'IVA', 'Totale']);

/** The month's invoices and credit notes, newest first as the server sends them, with their files. */
export function InvoicesTable({
  storeId,
  invoices,
  busy,
  onCopy,
}: {
  storeId: string;
  invoices: Invoice[];
  busy: boolean;
  onCopy: (invoice: Pick<Invoice, 'id' | 'kind' | 'number'>) => void;
}) {
  return (
    <div
      role="region"
      aria-label="Fatture e note di credito emesse"
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className={cn('w-full min-w-[880px] text-sm transition-opacity', busy && 'opacity-60')} aria-busy={busy || undefined}>
        <caption className="sr-only">Fatture e note di credito emesse</caption>
        <thead className="border-b bg-muted/50 text-xs uppercase text-muted-foreground">
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col" className={cn('whitespace-nowrap px-3 py-2.5 text-left font-medium', AMOUNT.has(h) && 'text-right')}>
                {h}
              </th>
            ))}
            <th scope="col" className="px-3 py-2.5 text-right font-medium">
              <span className="sr-only">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {invoices.map((i) => (
            <tr key={i.id} className="hover:bg-muted/40" data-testid="invoice-row" data-kind={i.kind}>
              <th scope="row" className="whitespace-nowrap px-3 py-2 text-left font-semibold tabular-nums" data-testid="invoice-number">
                {i.number}
              </th>
              <td className="px-3 py-2">
                {INVOICE_KIND_LABELS[i.kind]}
                {i.creditedBy && <span className="block text-xs text-muted-foreground">Stornata ({i.creditedBy.number})</span>}
                {i.refersTo && <span className="block text-xs text-muted-foreground">Storna {i.refersTo.number}</span>}
              </td>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={i.date}>{formatDay(i.date)}</time>
              </td>
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">#{i.orderNumber}</td>
              <td className="max-w-48 px-3 py-2">
                <span className="block truncate" title={i.buyerName}>
                  {i.buyerName}
                </span>
              </td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatCents(i.taxableCents)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatCents(i.vatCents)}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums">{formatCents(i.totalCents)}</td>
              <td className="px-3 py-2">
                <div className="flex justify-end gap-1.5">
                  <InvoiceFileActions storeId={storeId} invoice={i} onCopy={onCopy} compact />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
