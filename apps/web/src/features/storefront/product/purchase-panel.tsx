import { useState } from 'react';
import { notify } from '../notify';
import clsx from 'clsx';
import { Info, ShoppingBag } from 'lucide-react';
import type { StorefrontProductDetail, StorefrontVariant } from '@vetrina/shared';
import { unitPriceCents } from '@vetrina/shared/pricing';
import { lineKey } from '../cart/cart-lines';
import { useCart } from '../cart/use-cart';
import { Price } from '../components/price';
import { QuantityStepper } from '../components/quantity-stepper';
import { StoreButton } from '../components/ui';
import { useStorefront } from '../store-context';
import { availabilityText, unitsFor } from './availability';

/**
 * Availability, quantity (1 … what is left) and 'Aggiungi al carrello', which stays disabled while
 * a required variant is not chosen ('Seleziona una variante') or nothing is available.
 */
export function PurchasePanel({ product, variant }: { product: StorefrontProductDetail; variant: StorefrontVariant | null }) {
  const { store, openCart } = useStorefront();
  const cart = useCart(store.slug);
  const [wanted, setWanted] = useState(1);
  const needsVariant = product.variants.length > 0 && !variant;
  const stock = unitsFor(product, variant);
  const inCart = cart.lines.find((l) => lineKey(l) === lineKey({ productId: product.id, variantId: variant?.id ?? null }))?.quantity ?? 0;
  const left = Math.max(0, stock - inCart);
  const quantity = Math.max(1, Math.min(wanted, left));
  const canAdd = !needsVariant && left > 0;
  const text = availabilityText(product, variant);
  // The bar's price, as the page shows it: the chosen variant's, or 'da' the lowest.
  const prices = product.variants.map((v) => v.priceCents);
  const lowest = prices.length ? Math.min(...prices) : product.priceCents;
  const label = needsVariant ? 'Seleziona una variante' : stock <= 0 ? 'Esaurito' : 'Aggiungi al carrello';

  const add = () => {
    cart.add(
      {
        productId: product.id,
        variantId: variant?.id ?? null,
        title: product.title,
        variantLabel: variant?.label ?? null,
        price: unitPriceCents(product.priceCents, variant?.priceDeltaCents),
        image: variant?.imageUrl ?? product.images[0]?.thumbUrl ?? null,
        quantity,
      },
      stock,
    );
    setWanted(1);
    notify.success('Aggiunto al carrello!', {
      description: `${quantity} × ${product.title}${variant ? ` (${variant.label})` : ''}`,
      action: { label: 'Vedi carrello', onClick: openCart },
    });
  };

  return (
    <div className="space-y-4">
      <p className={clsx('flex items-center gap-2 text-sm font-medium', stock > 0 || needsVariant ? '' : 'text-red-700')} data-testid="availability">
        <span aria-hidden className={clsx('size-2 rounded-full', needsVariant ? 'bg-neutral-400' : stock > 0 ? 'bg-emerald-600' : 'bg-red-600')} />
        {text}
      </p>
      {!needsVariant && stock > 0 && left === 0 && <p className="text-sm opacity-75">Hai già nel carrello tutti i pezzi disponibili.</p>}
      <div className="flex flex-wrap items-center gap-3">
        <QuantityStepper value={quantity} max={Math.max(1, left)} onChange={setWanted} label="Quantità" disabled={!canAdd} />
        <StoreButton onClick={add} disabled={!canAdd} className="min-h-12 flex-1 px-6 text-base max-md:hidden sm:flex-none">
          <ShoppingBag aria-hidden />
          {label}
        </StoreButton>
      </div>
      {product.withdrawalExclusion && (
        <p className="flex items-start gap-1.5 text-xs opacity-75" data-testid="withdrawal-exclusion">
          <Info aria-hidden className="mt-px size-3.5 shrink-0" />
          {product.withdrawalExclusion}
        </p>
      )}
      {/* Phones: the same button in a bar fixed to the bottom of the screen (public.css makes room for it and lifts the chat button above it). */}
      <div
        data-sticky-bar
        className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-3 border-t border-black/10 bg-white/95 px-4 py-3 text-neutral-900 shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur pb-[max(0.75rem,env(safe-area-inset-bottom))] md:hidden"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">{product.title}</p>
          <Price cents={variant?.priceCents ?? lowest} from={!variant && new Set(prices).size > 1} />
        </div>
        <StoreButton onClick={add} disabled={!canAdd} className="min-h-12 shrink-0 px-5 text-base">
          <ShoppingBag aria-hidden />
          {label}
        </StoreButton>
      </div>
    </div>
  );
}
