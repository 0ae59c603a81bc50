import clsx from 'clsx';
import type { WithdrawableOrder } from '@vetrina/shared/returns';
import { QuantityStepper } from '../components/quantity-stepper';

const pieces = (n: number) => `${n} ${n === 1 ? 'pezzo' : 'pezzi'}`;

/**
 * 'Cosa vuoi restituire': a checkbox per order line named by its product, a stepper for the units
 * when more than one is left; an excluded line is shown, disabled, with the reason.
 */
export function WithdrawalLines({
  order,
  chosen,
  error,
  onChange,
}: {
  order: WithdrawableOrder;
  chosen: Record<string, number>;
  error?: string;
  onChange: (chosen: Record<string, number>) => void;
}) {
  const open = order.lines.filter((l) => !l.excluded && l.returnable > 0);
  const all = open.length > 0 && open.every((l) => (chosen[l.orderItemId] ?? 0) === l.returnable);
  const set = (id: string, n: number) => onChange({ ...chosen, [id]: n });
  return (
    <fieldset aria-describedby={error ? 'righe-errore' : undefined} className="min-w-0 space-y-3">
      <legend className="mb-2 text-sm font-medium">Cosa vuoi restituire</legend>
      {open.length > 1 && (
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            checked={all}
            onChange={(e) => onChange(Object.fromEntries(open.map((l) => [l.orderItemId, e.target.checked ? l.returnable : 0])))}
            className="size-5 shrink-0 accent-(--sf-primary)"
          />
          Tutto l’ordine
        </label>
      )}
      <ul role="list" className="divide-y divide-black/10 border-y border-black/10">
        {order.lines.map((l) => {
          const id = `riga-${l.orderItemId}`;
          const n = chosen[l.orderItemId] ?? 0;
          const disabled = Boolean(l.excluded) || l.returnable === 0;
          const note =
            l.excluded ?? (l.returnable === 0 ? 'Già restituito' : l.returnable < l.quantity ? `Ancora da restituire: ${pieces(l.returnable)}` : null);
          return (
            <li key={l.orderItemId} className={clsx('flex flex-wrap items-center gap-x-3 gap-y-2 py-3', disabled && 'opacity-60')}>
              <input
                id={id}
                type="checkbox"
                checked={n > 0}
                disabled={disabled}
                aria-describedby={note ? `${id}-nota` : undefined}
                onChange={(e) => set(l.orderItemId, e.target.checked ? l.returnable : 0)}
                className="size-5 shrink-0 accent-(--sf-primary)"
              />
              <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                <span className="block font-medium break-words">{l.title}</span>
                {l.variantLabel && <span className="block opacity-75">{l.variantLabel}</span>}
                <span className="block opacity-75">Ordinati: {pieces(l.quantity)}</span>
              </label>
              {n > 0 && l.returnable > 1 && (
                <QuantityStepper
                  size="sm"
                  value={n}
                  max={l.returnable}
                  label={`Quantità da restituire di ${l.title}`}
                  onChange={(v) => set(l.orderItemId, v)}
                />
              )}
              {note && (
                <p id={`${id}-nota`} className="basis-full pl-8 text-xs">
                  {note}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p id="righe-errore" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
