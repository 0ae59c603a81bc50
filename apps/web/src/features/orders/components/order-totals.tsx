import { discountLabel } from '@vetrina/shared/discounts';
import type { OrderDetail } from '@vetrina/shared';
import { formatCents } from '@/lib/format';
import { OrderVatRow, OrderVatSummary } from './order-vat';

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <div className={strong ? 'flex justify-between gap-3 text-base font-semibold' : 'flex justify-between gap-3'}>
    <dt className={strong ? undefined : 'text-muted-foreground'}>{label}</dt>
    <dd className="whitespace-nowrap tabular-nums">{value}</dd>
  </div>
);

/** Subtotal, discount, shipping, surcharge and total of the order, with its VAT. */
export function OrderTotals({ order: o }: { order: OrderDetail }) {
  return (
    <div className="grid gap-2 border-t pt-3 text-sm">
      <dl className="grid gap-1">
        <Row label="Subtotale" value={formatCents(o.subtotalCents)} />
        {o.discount && o.discountCents > 0 && <Row label={discountLabel(o.discount)} value={`−${formatCents(o.discountCents)}`} />}
        <Row label={`Spedizione${o.shippingAddress.country !== 'Italia' ? ` (${o.shippingAddress.country})` : ''}`} value={formatCents(o.shippingCents)} />
        {o.surchargeCents > 0 && <Row label="Supplemento contrassegno" value={formatCents(o.surchargeCents)} />}
        <Row label="Totale" value={formatCents(o.totalCents)} strong />
        <OrderVatRow vat={o.vat} />
      </dl>
      <OrderVatSummary vat={o.vat} />
    </div>
  );
}
