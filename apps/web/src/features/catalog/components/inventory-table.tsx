import { useState } from 'react';
import { History, ImageOff } from 'lucide-react';
import type { InventoryItem } from '@vetrina/shared';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { QuantityEditor } from './quantity-editor';
import { StockHistoryDialog } from './stock-history-dialog';

const labelOf = (item: InventoryItem) => (item.variantLabel ? `${item.productTitle} – ${item.variantLabel}` : item.productTitle);

function UnitName({ item }: { item: InventoryItem }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      {item.thumbUrl ? (
        <img src={item.thumbUrl} alt="" loading="lazy" className="size-10 shrink-0 rounded-md border object-cover" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground">
          <ImageOff className="size-4" aria-hidden />
        </span>
      )}
      <div className="min-w-0">
        <p className="font-medium">{item.productTitle}</p>
        {item.variantLabel && <p className="text-xs text-muted-foreground">{item.variantLabel}</p>}
      </div>
    </div>
  );
}

const availableClass = (item: InventoryItem) => cn('tabular-nums', item.available === 0 && 'font-medium text-destructive');

function HistoryButton({ item, onOpen }: { item: InventoryItem; onOpen: () => void }) {
  return (
    <Button variant="ghost" size="sm" onClick={onOpen} aria-label={`Storico di ${labelOf(item)}`}>
      <History aria-hidden /> Storico
    </Button>
  );
}

/** One row per sellable unit (a variant, or a product without variants): a table from 768 px, cards below. */
export function InventoryTable({ storeId, items }: { storeId: string; items: InventoryItem[] }) {
  const [historyOf, setHistoryOf] = useState<{ id: string; label: string } | null>(null);
  const openHistory = (item: InventoryItem) => () => setHistoryOf({ id: item.id, label: labelOf(item) });
  return (
    <>
      <div className="relative hidden overflow-x-auto rounded-lg border bg-background md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">Magazzino: quantità per prodotto e variante</caption>
          <thead className="border-b bg-muted/50 text-left text-xs uppercase text-muted-foreground">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Prodotto
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                SKU
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Riservato
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Disponibile
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Quantità
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Storico</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {items.map((item) => (
              <tr key={item.id} data-testid="inventory-row">
                <td className="px-4 py-3">
                  <UnitName item={item} />
                </td>
                <td className="whitespace-nowrap px-4 py-3 font-mono text-xs">{item.sku}</td>
                <td className="px-4 py-3 text-right tabular-nums">{item.reserved}</td>
                <td className={cn('px-4 py-3 text-right', availableClass(item))}>{item.available}</td>
                <td className="px-4 py-3">
                  <QuantityEditor storeId={storeId} item={item} label={labelOf(item)} />
                </td>
                <td className="px-2 py-3 text-right">
                  <HistoryButton item={item} onOpen={openHistory(item)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="grid gap-3 md:hidden" aria-label="Magazzino">
        {items.map((item) => (
          <li key={item.id} className="grid gap-3 rounded-lg border bg-background p-3" data-testid="inventory-card">
            <UnitName item={item} />
            <dl className="grid grid-cols-3 gap-2 text-sm">
              <div>
                <dt className="text-xs text-muted-foreground">SKU</dt>
                <dd className="break-all font-mono text-xs">{item.sku}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Riservato</dt>
                <dd className="tabular-nums">{item.reserved}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Disponibile</dt>
                <dd className={availableClass(item)}>{item.available}</dd>
              </div>
            </dl>
            <QuantityEditor storeId={storeId} item={item} label={labelOf(item)} />
            <div className="flex justify-end">
              <HistoryButton item={item} onOpen={openHistory(item)} />
            </div>
          </li>
        ))}
      </ul>
      <StockHistoryDialog storeId={storeId} unit={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
