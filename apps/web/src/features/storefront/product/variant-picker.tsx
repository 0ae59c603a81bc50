import clsx from 'clsx';
import type { StorefrontVariant } from '@vetrina/shared';
import { formatCents } from '@/lib/format';
import { useStorefront } from '../store-context';

/** Variants as a radio group of chips; sold-out variants stay visible but cannot be chosen. */
export function VariantPicker({
  variants,
  value,
  onChange,
  basePrice,
}: {
  variants: StorefrontVariant[];
  value: string | null;
  onChange: (id: string) => void;
  basePrice: number;
}) {
  const { theme } = useStorefront();
  const keys = [...new Set(variants.flatMap((v) => Object.keys(v.attributes)))];
  const legend = keys.length ? keys.join(' / ') : 'Variante';
  return (
    <fieldset>
      <legend className="mb-3 text-sm font-semibold">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((v) => {
          const soldOut = v.available <= 0;
          return (
            <label
              key={v.id}
              className={clsx(
                'relative inline-flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 text-sm transition has-[:checked]:border-(--sf-primary) has-[:checked]:bg-(--sf-primary) has-[:checked]:text-(--sf-on-primary) has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-(--sf-primary-ink) has-[:focus-visible]:ring-offset-2',
                theme.chip,
                soldOut && 'cursor-not-allowed opacity-50 line-through',
              )}
            >
              <input
                type="radio"
                name="variante"
                value={v.id}
                checked={value === v.id}
                disabled={soldOut}
                onChange={() => onChange(v.id)}
                className="sr-only"
              />
              <span>{v.label}</span>
              {v.priceCents !== basePrice && !soldOut && <span className="text-xs opacity-80">{formatCents(v.priceCents)}</span>}
              {soldOut && <span className="text-xs no-underline">(esaurito)</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
