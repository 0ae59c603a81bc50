import { Truck } from 'lucide-react';
import { freeShippingHint, missingForFreeShipping, type ShippingDestination } from '@vetrina/shared/shipping-text';

/** 'Ti mancano X € per la spedizione gratuita' while the goods are under the destination's threshold. */
export function FreeShippingHint({ destination, goodsCents }: { destination: ShippingDestination | null | undefined; goodsCents: number }) {
  const missing = missingForFreeShipping(destination, goodsCents);
  if (missing === null) return null;
  return (
    <p className="flex items-center gap-2 rounded-md bg-black/5 px-3 py-2 text-sm" data-testid="spedizione-gratuita">
      <Truck aria-hidden className="size-4 shrink-0" />
      {freeShippingHint(missing)}
    </p>
  );
}
