import { ImageOff, Trash2 } from 'lucide-react';
import { lineTotalCents } from '@vetrina/shared/pricing';
import { formatCents } from '@/lib/format';
import { QuantityStepper } from '../components/quantity-stepper';
import { lineKey, MAX_QUANTITY, type CartLine } from './cart-lines';

interface Props {
  line: CartLine;
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}

/** One cart line: image, title, variant, price, minus/plus and remove. */
export function CartLineItem({ line, onQuantity, onRemove }: Props) {
  const key = lineKey(line);
  const name = line.variantLabel ? `${line.title} (${line.variantLabel})` : line.title;
  return (
    <li className="flex gap-4 py-4" data-testid="cart-line">
      <div className="relative aspect-square w-20 shrink-0 overflow-hidden rounded-md bg-black/5">
        {line.image ? (
          <img src={line.image} alt={line.title} loading="lazy" className="absolute inset-0 size-full object-cover" />
        ) : (
          <ImageOff aria-hidden className="absolute inset-0 m-auto size-6 opacity-30" />
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="line-clamp-2 text-sm font-medium">{line.title}</p>
            {line.variantLabel && <p className="text-xs opacity-70">{line.variantLabel}</p>}
          </div>
          <button
            type="button"
            onClick={() => onRemove(key)}
            aria-label={`Rimuovi ${name}`}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full opacity-70 hover:bg-black/5 hover:opacity-100"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        </div>
        <div className="mt-auto flex items-center justify-between gap-2">
          <QuantityStepper value={line.quantity} max={MAX_QUANTITY} onChange={(q) => onQuantity(key, q)} label={`Quantità di ${name}`} allowZero size="sm" />
          <p className="text-sm font-semibold tabular-nums">{formatCents(lineTotalCents({ unitPriceCents: line.price, quantity: line.quantity }))}</p>
        </div>
      </div>
    </li>
  );
}
