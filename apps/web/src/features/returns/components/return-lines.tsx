import type { ReturnDetail } from '@vetrina/shared/returns-admin';

/** The return's lines: what the shopper sends back and, once received, what went back to stock. */
export function ReturnLines({ ret }: { ret: ReturnDetail }) {
  const received = ret.receivedAt !== null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Articoli del reso</caption>
        <thead className="text-left text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="pb-2 font-medium">
              Prodotto
            </th>
            <th scope="col" className="pb-2 text-right font-medium">
              Qtà
            </th>
            {received && (
              <th scope="col" className="pb-2 pl-3 text-right font-medium">
                In magazzino
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y">
          {ret.lines.map((l) => (
            <tr key={l.orderItemId} data-testid="return-line">
              <td className="py-2 pr-3">
                <p className="break-words font-medium">{l.title}</p>
                {l.variantLabel && <p className="text-xs text-muted-foreground">{l.variantLabel}</p>}
              </td>
              <td className="py-2 text-right tabular-nums">{l.quantity}</td>
              {received && <td className="py-2 pl-3 text-right tabular-nums">{l.restockedQuantity}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
