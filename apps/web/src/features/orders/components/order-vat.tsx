import { VAT_CODE_LABELS, vatShortLabel, type OrderDetail } from '@vetrina/shared';
import { formatCents } from '@/lib/format';

type Vat = OrderDetail['vat'];

/** 'di cui IVA' under the total: prices are VAT-inclusive, so the tax is part of the total, not added to it. */
export function OrderVatRow({ vat }: { vat: Vat }) {
  return (
    <div className="flex justify-between text-muted-foreground">
      <dt>di cui IVA</dt>
      <dd className="tabular-nums" data-testid="order-vat-total">
        {formatCents(vat.vatCents)}
      </dd>
    </div>
  );
}

/** The split per rate as the invoice will print it (taxable amount and tax of each code). */
export function OrderVatSummary({ vat }: { vat: Vat }) {
  if (vat.summary.length === 0) return null;
  return (
    <table className="ml-auto w-full max-w-xs text-xs text-muted-foreground" data-testid="order-vat-summary">
      <caption className="sr-only">Riepilogo IVA per aliquota</caption>
      <thead>
        <tr>
          <th scope="col" className="pb-1 text-left font-medium">
            Aliquota
          </th>
          <th scope="col" className="pb-1 text-right font-medium">
            Imponibile
          </th>
          <th scope="col" className="pb-1 text-right font-medium">
            Imposta
          </th>
        </tr>
      </thead>
      <tbody>
        {vat.summary.map((row) => (
          <tr key={row.vatCode}>
            <th scope="row" className="text-left font-normal" title={VAT_CODE_LABELS[row.vatCode]}>
              {vatShortLabel(row.vatCode)}
            </th>
            <td className="text-right tabular-nums">{formatCents(row.taxableCents)}</td>
            <td className="text-right tabular-nums">{formatCents(row.vatCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
