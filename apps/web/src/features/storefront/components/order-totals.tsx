import clsx from 'clsx';
import type { PaymentMethod } from '@vetrina/shared/payments';
import type { OrderTotals } from '@vetrina/shared/pricing';
import type { AppliedDiscount } from '@vetrina/shared/discounts';
import { discountLabel } from '@vetrina/shared/discount-text';
import { formatCents } from '@/lib/format';
import { shippingText, surchargeLabel } from '../checkout/checkout-totals';

interface Props {
  totals: OrderTotals;
  /** The payment method, which names the shipping and surcharge lines; null before one is chosen. */
  method?: PaymentMethod | null;
  className?: string;
  /** The total's test id (the checkout's is 'totale-ordine'). */
  totalTestId?: string;
  /** The discount code that took `totals.discountCents` off (its line names it). */
  discount?: AppliedDiscount | null;
  /** An order's VAT ('di cui IVA'); without it, prices are only said to include it ('IVA inclusa'). */
  vatCents?: number;
}

/**
 * Subtotale, the discount when there is one, Spedizione, the surcharge when there is one, Totale
 * and its VAT: the cart, the checkout and the order page.
 */
export function OrderTotalsList({ totals, method = null, className, totalTestId, discount = null, vatCents }: Props) {
  const row = 'flex justify-between gap-4';
  // Named after the total's (the closed cart drawer repeats these lines on every page).
  const vatTestId = totalTestId && `${totalTestId}-iva`;
  return (
    <dl className={clsx('space-y-2 text-sm', className)}>
      <div className={row}>
        <dt>Subtotale</dt>
        <dd className="tabular-nums">{formatCents(totals.subtotalCents)}</dd>
      </div>
      {totals.discountCents > 0 && (
        <div className={clsx(row, 'text-emerald-800')} data-testid="riga-sconto">
          <dt>{discount ? discountLabel(discount) : 'Sconto'}</dt>
          <dd className="tabular-nums">−{formatCents(totals.discountCents)}</dd>
        </div>
      )}
      <div className={row}>
        <dt>Spedizione</dt>
        <dd className="tabular-nums">{shippingText(totals.shippingCents, method, formatCents)}</dd>
      </div>
      {totals.surchargeCents > 0 && (
        <div className={row}>
          <dt>{surchargeLabel(method)}</dt>
          <dd className="tabular-nums">{formatCents(totals.surchargeCents)}</dd>
        </div>
      )}
      <div className={clsx(row, 'pt-2 text-base font-bold')}>
        <dt>Totale</dt>
        <dd className="tabular-nums" data-testid={totalTestId}>
          {formatCents(totals.totalCents)}
        </dd>
      </div>
      {vatCents === undefined ? (
        // Read as one phrase; a term and its value so the list stays valid.
        <div className="flex justify-end gap-1 text-xs opacity-70" data-testid={vatTestId}>
          <dt>IVA</dt> <dd>inclusa</dd>
        </div>
      ) : (
        <div className={clsx(row, 'text-xs opacity-70')} data-testid={vatTestId}>
          <dt>di cui IVA</dt>
          <dd className="tabular-nums">{formatCents(vatCents)}</dd>
        </div>
      )}
    </dl>
  );
}
