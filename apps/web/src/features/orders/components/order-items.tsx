import type { OrderItem } from '@vetrina/shared';
import { formatCents } from '@/lib/format';

/** The order's lines as the shopper bought them (titles and prices are kept on the order). */
export function OrderItems({ items }: { items: OrderItem[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Articoli dell&apos;ordine</caption>
        <thead className="text-left text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Prodotto
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Qtà
            </th>
            <th scope="col" className="hidden pb-2 text-right font-medium sm:table-cell">
              Prezzo
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Totale
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {items.map((i) => (
            <tr key={i.id} data-testid="order-item">
              <td className="py-2 pr-3">
                <p className="break-words font-medium">{i.title}</p>
                {i.variantLabel && <p className="text-xs text-muted-foreground">{i.variantLabel}</p>}
                <p className="text-xs text-muted-foreground tabular-nums sm:hidden">{formatCents(i.unitPriceCents)} cad.</p>
              </td>
              <td className="py-2 text-right tabular-nums">{i.quantity}</td>
              <td className="hidden whitespace-nowrap py-2 text-right tabular-nums sm:table-cell">{formatCents(i.unitPriceCents)}</td>
              <td className="whitespace-nowrap py-2 pl-3 text-right tabular-nums">{formatCents(i.totalPriceCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
