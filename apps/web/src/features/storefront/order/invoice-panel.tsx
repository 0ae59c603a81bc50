import { FileText } from 'lucide-react';
import type { PublicOrder } from '@vetrina/shared/payments';
import { Panel } from './panel';
import { invoiceTitle } from './invoice-title';

/** 'Fattura': the documents the store issued for this order with their courtesy copy, or what comes next. */
export function InvoicePanel({ order }: { order: PublicOrder }) {
  if (!order.invoiceRequested) return null;
  return (
    <Panel title="Fattura" id="fattura">
      {order.invoices.length === 0 ? (
        <p className="text-sm opacity-75">La fattura sarà emessa dal negozio e ti arriverà per email.</p>
      ) : (
        <ul role="list" className="divide-y divide-black/10">
          {order.invoices.map((doc) => {
            const title = invoiceTitle(doc);
            return (
              <li key={`${doc.kind}:${doc.number}`} className="space-y-1 py-3 text-sm first:pt-0 last:pb-0" data-testid="ordine-fattura">
                <p className="flex items-start gap-2 font-medium">
                  <FileText aria-hidden className="mt-0.5 size-4 shrink-0 opacity-70" />
                  {title}
                </p>
                {/* The copy is for reading: the legally valid invoice is the one the SdI delivers. */}
                <a
                  href={doc.copyUrl}
                  target="_blank"
                  rel="noopener"
                  className="ml-6 inline-block font-medium text-(--sf-primary-ink) underline underline-offset-4"
                >
                  Copia di cortesia
                  <span className="sr-only"> ({title}, si apre in una nuova scheda)</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
