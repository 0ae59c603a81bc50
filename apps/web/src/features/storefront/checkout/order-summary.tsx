import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import { formatCents } from '@/lib/format';
import type { PaymentMethod } from '@vetrina/shared/payments';
import { lineTotalCents, type OrderTotals } from '@vetrina/shared/pricing';
import type { AppliedDiscount } from '@vetrina/shared/discounts';
import type { CartLine } from '../cart/cart-lines';
import { OrderTotalsList } from '../components/order-totals';
import { useStorefront } from '../store-context';

interface Props {
  lines: CartLine[];
  /** Computed with the chosen method's charges (the same numbers the request sends). */
  totals: OrderTotals;
  method: PaymentMethod | null;
  discount: AppliedDiscount | null;
  /** Above the totals: the free-shipping hint and the discount code field. */
  extras?: ReactNode;
  children: ReactNode;
}

/** The order's lines and totals beside the checkout form; `children` holds the submit button. */
export function OrderSummary({ lines, totals, method, discount, extras, children }: Props) {
  const { theme } = useStorefront();
  return (
    <aside aria-labelledby="riepilogo-titolo" className={clsx('h-fit space-y-5 bg-white p-5 text-neutral-900 lg:sticky lg:top-24', theme.panel)}>
      <h2 id="riepilogo-titolo" className={clsx('text-lg font-semibold', theme.key === 'classico' && 'font-serif')}>
        Riepilogo ordine
      </h2>
      <ul role="list" className="divide-y divide-black/10">
        {lines.map((l) => (
          <li key={`${l.productId}:${l.variantId ?? ''}`} className="flex items-center gap-3 py-3" data-testid="riepilogo-riga">
            <div className="relative aspect-square w-14 shrink-0 overflow-hidden rounded-md bg-black/5">
              {l.image ? (
                <img src={l.image} alt="" className="absolute inset-0 size-full object-cover" />
              ) : (
                <ImageOff aria-hidden className="absolute inset-0 m-auto size-5 opacity-30" />
              )}
            </div>
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-2 font-medium">{l.title}</p>
              <p className="opacity-70">
                {l.variantLabel ? `${l.variantLabel} · ` : ''}
                {l.quantity} × {formatCents(l.price)}
              </p>
            </div>
            <p className="text-sm font-semibold tabular-nums">{formatCents(lineTotalCents({ unitPriceCents: l.price, quantity: l.quantity }))}</p>
          </li>
        ))}
      </ul>
      {extras}
      <OrderTotalsList totals={totals} discount={discount} method={method} className="border-t border-black/10 pt-4" totalTestId="totale-ordine" />
      {children}
    </aside>
  );
}
