import type { Invoice } from '@vetrina/shared';
import { InvoiceFileActions } from '@/components/invoices/invoice-file-actions';
import { Badge } from '@/components/ui/badge';
import { formatCents, formatDay } from '@/lib/format';
import { INVOICE_KIND_LABELS } from '@/lib/invoices';
import { canCreditInvoice } from '../invoice-rules';
import { CreditNoteButton } from './invoice-actions';

/** One invoice or credit note of the order: number, kind, date, total, its files and, when it stands, 'Emetti nota di credito'. */
export function OrderInvoiceItem({
  storeId,
  invoice: i,
  canWrite,
  onCopy,
}: {
  storeId: string;
  invoice: Invoice;
  canWrite: boolean;
  onCopy: (invoice: Pick<Invoice, 'id' | 'kind' | 'number'>) => void;
}) {
  return (
    <li className="grid gap-2 rounded-md border p-3" data-testid="order-invoice" data-kind={i.kind}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>
            {INVOICE_KIND_LABELS[i.kind]} n. <span data-testid="invoice-number">{i.number}</span>
          </span>
          {i.creditedBy && <Badge variant="secondary">Stornata</Badge>}
        </p>
        <p className="tabular-nums">{formatCents(i.totalCents)}</p>
      </div>
      <p className="text-xs text-muted-foreground">
        Del <time dateTime={i.date}>{formatDay(i.date)}</time>
        {i.refersTo && ` · storna la fattura n. ${i.refersTo.number}`}
        {i.creditedBy && ` · stornata dalla nota di credito n. ${i.creditedBy.number}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <InvoiceFileActions storeId={storeId} invoice={i} onCopy={onCopy} />
        {canWrite && canCreditInvoice(i) && <CreditNoteButton storeId={storeId} invoice={i} />}
      </div>
    </li>
  );
}
