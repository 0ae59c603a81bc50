import { useId, useState } from 'react';
import type { Invoice, OrderDetail } from '@vetrina/shared';
import { InvoiceCopyDialog } from '@/components/invoices/invoice-copy-dialog';
import { canIssueInvoice } from '../invoice-rules';
import { IssueInvoiceButton } from './invoice-actions';
import { OrderInvoiceItem } from './order-invoice-item';
import { OrderInvoiceRequest } from './order-invoice-request';

type Copy = Pick<Invoice, 'id' | 'kind' | 'number'>;

/** 'Fattura' of the order details: what the shopper asked for, the invoices and credit notes, and issuing them. */
export function OrderInvoicing({ storeId, order: o, canWrite }: { storeId: string; order: OrderDetail; canWrite: boolean }) {
  const headingId = useId();
  const [copy, setCopy] = useState<Copy | null>(null);
  const requested = o.invoiceRequest !== null;
  return (
    <section className="grid gap-2 border-t pt-3" aria-labelledby={headingId} data-testid="order-invoicing">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Fattura
        </h3>
        {canWrite && canIssueInvoice(o) && <IssueInvoiceButton storeId={storeId} orderId={o.id} />}
      </div>
      {o.invoiceRequest ? <OrderInvoiceRequest request={o.invoiceRequest} /> : <p className="text-muted-foreground">Il cliente non ha richiesto la fattura</p>}
      {o.invoices.length > 0 ? (
        <ul className="grid gap-2" aria-label="Fatture e note di credito dell’ordine">
          {o.invoices.map((i) => (
            <OrderInvoiceItem key={i.id} storeId={storeId} invoice={i} canWrite={canWrite} onCopy={setCopy} />
          ))}
        </ul>
      ) : (
        requested && (
          <p className="text-xs text-muted-foreground">
            {o.status === 'cancelled' ? 'L’ordine è annullato: la fattura non si può emettere.' : 'Nessuna fattura emessa per questo ordine.'}
          </p>
        )
      )}
      <InvoiceCopyDialog storeId={storeId} invoice={copy} onClose={() => setCopy(null)} />
    </section>
  );
}
