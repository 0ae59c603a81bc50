import type { PublicOrder } from '@vetrina/shared/payments';
import { formatCents } from '@/lib/format';
import { OrderTotalsList } from '../components/order-totals';
import { Panel } from './panel';

/** The articles as they were bought (title, variant, quantity, prices) and the order's totals. */
export function OrderItems({ order }: { order: PublicOrder }) {
  return (
    <Panel title="Articoli" id="articoli">
      <ul role="list" className="divide-y divide-black/10">
        {order.items.map((item, i) => (
          <li key={i} className="flex items-start justify-between gap-4 py-3" data-testid="ordine-articolo">
            <div className="min-w-0 text-sm">
              <p className="font-medium">{item.title}</p>
              <p className="opacity-70">
                {item.variantLabel ? `${item.variantLabel} · ` : ''}
                {item.quantity} × {formatCents(item.unitPriceCents)}
              </p>
            </div>
            <p className="shrink-0 text-sm font-semibold tabular-nums">{formatCents(item.totalPriceCents)}</p>
          </li>
        ))}
      </ul>
      <OrderTotalsList
        totals={order}
        discount={order.discount}
        method={order.paymentMethod}
        className="border-t border-black/10 pt-4"
        totalTestId="ordine-totale"
        vatCents={order.vatCents}
      />
    </Panel>
  );
}
