import { TriangleAlert } from 'lucide-react';

/** Shown until the seller's data are complete: the server refuses every invoice until then (invoiceMsg.sellerIncomplete). */
export function InvoicingNotReady() {
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="invoice-settings-not-ready"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>Non puoi ancora emettere fatture: completa in «Dati aziendali» ragione sociale, Partita IVA e l’indirizzo della sede (indirizzo, CAP e comune).</p>
    </div>
  );
}
