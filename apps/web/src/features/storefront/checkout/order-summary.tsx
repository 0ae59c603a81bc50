import type { ReactNode } from 'react';
import clsx from 'clsx';
import { ImageOff } from 'lucide-react';
import { formatCents } from '@/lib/format';
import type { CartLine } from '../cart/cart-lines';
import { useStorefront } from '../store-context';
import { orderTotals } from './checkout-totals';

/** The order's lines and totals beside the checkout form; `children` holds the submit button. */
export function OrderSummary({ lines, children }: { lines: CartLine[]; children: ReactNode }) {
  const { theme } = useStorefront();
  const totals = orderTotals(lines);
  return (
    <aside aria-labelledby="riepilogo-titolo" className={clsx('h-fit space-y-5 bg-white p-5 text-neutral-900 lg:sticky lg:top-24', theme.tile)}>
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
            <p className="text-sm font-semibold tabular-nums">{formatCents(l.price * l.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="space-y-2 border-t border-black/10 pt-4 text-sm">
        <div className="flex justify-between">
          <dt>Subtotale</dt>
          <dd className="tabular-nums">{formatCents(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Spedizione (Italia)</dt>
          <dd className="tabular-nums">{formatCents(totals.shipping)}</dd>
        </div>
        <div className="flex justify-between pt-2 text-base font-bold">
          <dt>Totale</dt>
          <dd className="tabular-nums" data-testid="totale-ordine">
            {formatCents(totals.total)}
          </dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
