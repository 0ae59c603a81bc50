import type { ReactNode } from 'react';
import { QuantityStepper } from './quantity-stepper';

export interface ChoosableLine {
  orderItemId: string;
  title: string;
  variantLabel: string | null;
  /** The most that may be chosen (0: the line is shown, not choosable). */
  max: number;
  /** Beside the title: e.g. what one unit returns. */
  note?: ReactNode;
}

/** The lines of an order or a return, each with a stepper from 0 to what may be chosen. */
export function LineQuantities({
  lines,
  values,
  onChange,
  caption,
  noneLabel = 'Niente da scegliere',
}: {
  lines: ChoosableLine[];
  values: Record<string, number>;
  onChange: (orderItemId: string, quantity: number) => void;
  caption: string;
  /** Shown instead of the stepper of a line with nothing left. */
  noneLabel?: string;
}) {
  return (
    <ul className="grid grid-cols-1 divide-y rounded-md border" aria-label={caption}>
      {lines.map((l) => (
        <li key={l.orderItemId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 p-3" data-testid="choosable-line">
          <div className="min-w-0 flex-1 basis-40">
            <p className="line-clamp-2 break-words text-sm font-medium" title={l.title}>
              {l.title}
            </p>
            {l.variantLabel && <p className="truncate text-xs text-muted-foreground">{l.variantLabel}</p>}
            {l.note && <p className="text-xs text-muted-foreground">{l.note}</p>}
          </div>
          {l.max > 0 ? (
            <QuantityStepper value={values[l.orderItemId] ?? 0} max={l.max} label={l.title} onChange={(n) => onChange(l.orderItemId, n)} />
          ) : (
            <span className="text-xs text-muted-foreground">{noneLabel}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The lines with a quantity above 0, as the API takes them. */
export const chosenLines = (values: Record<string, number>) =>
  Object.entries(values)
    .filter(([, q]) => q > 0)
    .map(([orderItemId, quantity]) => ({ orderItemId, quantity }));
